import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestEvent, ChangeRequestStatus } from '../change-requests/change-request.events';
import { DefaultLevel } from '../shared/default-level';
import { InheritableMergeRules } from '../shared/merge-rules';
import { OpenCommentEvent, openCommentHandlers, OpenComments } from '../shared/open-comments';
import { EditMode, SpaceEvent, SpaceVisibility } from './space.events';

export const SPACES = 'spaces';

/**
 * One document per space not yet purged; deleted spaces keep theirs (with `deletedAt`) until the purge.
 * `comments`: the open comments on the space itself (a change request's count on its own).
 */
export interface SpaceDoc extends OpenComments {
  id: string;
  organizationId: string;
  /** Parent collection id; null at the organization's root. */
  parent: string | null;
  /** Fractional sibling key; lists under a parent sort by it, id breaking ties. */
  position: string;
  title: string;
  emoji: string;
  visibility: SpaceVisibility;
  editMode: EditMode;
  defaultLevel: DefaultLevel;
  language: string | null;
  mergeRules: InheritableMergeRules;
  revision: string;
  /** Revision of the space's stream: its ETag (not to be confused with `revision`, its content's). */
  streamRevision: string;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** Change requests by status (absent: none yet), kept by the change-request events below. */
  changeRequests?: number;
  changeRequestsOpen?: number;
  changeRequestsDraft?: number;
  /** Log position of the last change-request event counted, so a replayed one is not counted twice. */
  changeRequestsPosition?: string;
  [key: string]: unknown;
}

/** The counter each status adds to (besides the total); archived and merged requests have none. */
const STATUS_COUNTERS: Partial<Record<ChangeRequestStatus, 'changeRequestsOpen' | 'changeRequestsDraft'>> = {
  open: 'changeRequestsOpen',
  draft: 'changeRequestsDraft',
};

/** Moves the space's change-request counters: a request `from` one status (null: new) `to` another. */
async function countChangeRequest(
  tx: ReadTransaction,
  spaceId: string,
  position: string,
  from: ChangeRequestStatus | null,
  to: ChangeRequestStatus,
) {
  const space = await tx.get<SpaceDoc>(SPACES, spaceId);
  if (!space || comparePositions(position, space.changeRequestsPosition ?? null) <= 0) return;
  const counts: Record<string, number> = { changeRequests: (space.changeRequests ?? 0) + (from === null ? 1 : 0) };
  for (const [status, delta] of [[from, -1], [to, 1]] as const) {
    const counter = status && STATUS_COUNTERS[status];
    if (counter) counts[counter] = (counts[counter] ?? space[counter] ?? 0) + delta;
  }
  await tx.patch(SPACES, spaceId, { ...counts, changeRequestsPosition: position });
}

export const spaceProjection = defineProjection<SpaceEvent | ChangeRequestEvent | OpenCommentEvent>(
  'content-spaces',
  [
    {
      name: SPACES,
      indexes: [
        ['organizationId', 'parent', 'position'],
        ['organizationId', 'createdAt'],
        ['parent', 'position'],
        ['deletedAt'],
      ],
    },
  ],
  {
    SpaceCreated: async ({ data, revision: streamRevision }, tx) => {
      const doc: SpaceDoc = {
        id: data.spaceId,
        organizationId: data.organizationId,
        parent: data.parent,
        position: data.position,
        title: data.title,
        emoji: data.emoji,
        visibility: data.visibility,
        editMode: data.editMode,
        defaultLevel: data.defaultLevel,
        language: data.language,
        mergeRules: data.mergeRules,
        revision: data.revision,
        streamRevision: String(streamRevision),
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
      };
      await tx.upsert(SPACES, doc);
    },
    SpaceUpdated: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, { ...data.changes, updatedAt: data.updatedAt, streamRevision: String(revision) }),
    SpaceMoved: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, { parent: data.parent, position: data.position, updatedAt: data.movedAt, streamRevision: String(revision) }),
    SpaceTransferred: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, {
        organizationId: data.organizationId,
        parent: data.parent,
        position: data.position,
        updatedAt: data.transferredAt,
        streamRevision: String(revision),
      }),
    SpaceDeleted: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, { deletedAt: data.deletedAt, updatedAt: data.deletedAt, streamRevision: String(revision) }),
    SpaceRestored: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, {
        deletedAt: undefined,
        parent: data.parent,
        position: data.position,
        updatedAt: data.restoredAt,
        streamRevision: String(revision),
      }),
    SpacePurged: async ({ data }, tx) => tx.delete(SPACES, data.spaceId),
    SpaceContentChanged: async ({ data, revision }, tx) =>
      tx.patch(SPACES, data.spaceId, { revision: data.revision.id, updatedAt: data.changedAt, streamRevision: String(revision) }),
    ChangeRequestCreated: async ({ data, position }, tx) => countChangeRequest(tx, data.spaceId, position, null, 'draft'),
    ChangeRequestStatusChanged: async ({ data, position }, tx) =>
      countChangeRequest(tx, data.spaceId, position, data.previousStatus, data.status),
    ChangeRequestMerged: async ({ data, position }, tx) => countChangeRequest(tx, data.spaceId, position, data.previousStatus, 'merged'),
    ...openCommentHandlers(SPACES, (data) => (data.changeRequestId === null ? data.spaceId : null)),
  },
);
