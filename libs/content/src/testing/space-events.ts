import { SpaceEvent } from '../spaces/space.events';

/** Space events as the specs of main's indexes give them: a space of organization o1, its content moving. */
const AT = '2026-01-01T00:00:00.000Z';

/** Space `spaceId` created (on `tree` when given, as a duplicate or a template is: else empty). */
export const spaceCreated = (spaceId: string, tree?: string): SpaceEvent => ({
  type: 'SpaceCreated',
  data: {
    spaceId, organizationId: 'o1', parent: null, position: 'a0', visibility: 'private', revision: `r-${spaceId}`, ...(tree ? { tree } : {}),
    title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { type: 'inherit' }, createdAt: AT,
  },
});

/** Main of `spaceId` moved to `tree` (a merge). */
export const mainChanged = (spaceId: string, tree: string): SpaceEvent => ({
  type: 'SpaceContentChanged',
  data: { spaceId, organizationId: 'o1', revision: { id: `r-${tree.slice(0, 6)}`, type: 'merge', parents: [], tree, createdBy: 'u1', createdAt: AT }, changedAt: AT },
});

export const spacePurged = (spaceId: string): SpaceEvent => ({ type: 'SpacePurged', data: { spaceId, organizationId: 'o1', deletedAt: AT, purgedAt: AT } });
