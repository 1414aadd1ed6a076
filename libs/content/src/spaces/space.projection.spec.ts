import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { ChangeRequestEvent } from '../change-requests/change-request.events';
import { OpenCommentEvent } from '../shared/open-comments';
import { SpaceEvent, SpaceSettings, spaceStream } from './space.events';
import { SpaceDoc, spaceProjection, SPACES } from './space.projection';

const spec = projectionSpec<SpaceEvent | ChangeRequestEvent | OpenCommentEvent>(spaceProjection, { stream: (e) => spaceStream(e.data.spaceId) });
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-02T00:00:00.000Z';
const t2 = '2026-01-03T00:00:00.000Z';

const settings: SpaceSettings = {
  title: 'Handbook',
  emoji: '📘',
  editMode: 'live',
  defaultLevel: 'inherit',
  language: null,
  mergeRules: { type: 'inherit' },
};
const created = (spaceId: string, parent: string | null = null, position = 'a0'): SpaceEvent => ({
  type: 'SpaceCreated',
  data: { ...settings, spaceId, organizationId: 'o1', parent, position, visibility: 'private', revision: `r-${spaceId}`, createdAt: t0 },
});
const updated = (changes: Partial<SpaceSettings>, before: Partial<SpaceSettings>): SpaceEvent => ({
  type: 'SpaceUpdated',
  data: { spaceId: 's1', organizationId: 'o1', changes, before, updatedAt: t1 },
});
const moved = (parent: string | null, position: string): SpaceEvent => ({
  type: 'SpaceMoved',
  data: { spaceId: 's1', organizationId: 'o1', parent, previousParent: null, position, movedAt: t1 },
});
const transferred: SpaceEvent = {
  type: 'SpaceTransferred',
  data: { spaceId: 's1', organizationId: 'o2', previousOrganizationId: 'o1', parent: 'c9', previousParent: null, position: 'a5', transferredAt: t1 },
};
const deleted: SpaceEvent = { type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: t1 } };
const restored = (parent: string | null): SpaceEvent => ({
  type: 'SpaceRestored',
  data: { spaceId: 's1', organizationId: 'o1', parent, position: 'a9', restoredAt: t2 },
});
const purged = (spaceId: string): SpaceEvent => ({ type: 'SpacePurged', data: { spaceId, organizationId: 'o1', deletedAt: t1, purgedAt: t2 } });

const space = (fields: Partial<SpaceDoc> = {}): SpaceDoc => ({
  id: 's1',
  organizationId: 'o1',
  parent: null,
  position: 'a0',
  ...settings,
  visibility: 'private',
  revision: 'r-s1',
  streamRevision: '0',
  createdAt: t0,
  updatedAt: t0,
  ...fields,
});

describe('space projection', () => {
  it('creates a space with its settings, its initial revision and its stream\u2019s', () => spec.given([created('s1')]).then(SPACES, [space()]));

  it('applies changed settings, keeping the others, and moves the ETag', () =>
    spec
      .given([created('s1'), updated({ title: 'Guide', defaultLevel: null, mergeRules: { type: 'none' } }, { title: 'Handbook', defaultLevel: 'inherit', mergeRules: { type: 'inherit' } })])
      .thenDocument(SPACES, 's1', space({ title: 'Guide', defaultLevel: null, mergeRules: { type: 'none' }, updatedAt: t1, streamRevision: '1' })));

  it('moves a space under another parent at a new position', () =>
    spec.given([created('s1'), moved('c1', 'b0')]).thenDocument(SPACES, 's1', space({ parent: 'c1', position: 'b0', updatedAt: t1, streamRevision: '1' })));

  it('hands a space to another organization, under its new parent', () =>
    spec
      .given([created('s1'), transferred])
      .thenDocument(SPACES, 's1', space({ organizationId: 'o2', parent: 'c9', position: 'a5', updatedAt: t1, streamRevision: '1' })));

  it('keeps a deleted space, marked, until it is purged', () =>
    spec.given([created('s1'), deleted]).thenDocument(SPACES, 's1', space({ deletedAt: t1, updatedAt: t1, streamRevision: '1' })));

  it.each([
    ['its collection', 'c1'],
    ['the root, its collection gone', null],
  ])('restores a space to %s, unmarked', (_case, parent) =>
    spec
      .given([created('s1', 'c1'), deleted, restored(parent)])
      .thenDocument(SPACES, 's1', space({ parent, position: 'a9', updatedAt: t2, streamRevision: '2' })));

  it('forgets a purged space, and only that one', () =>
    spec.given([created('s1'), created('s2'), deleted, purged('s1')]).then(SPACES, [space({ id: 's2', revision: 'r-s2' })]));

  it('lists a parent\u2019s spaces in position order', () =>
    spec
      .given([created('s1', 'c1', 'a2'), created('s2', 'c1', 'a1'), created('s3', null, 'a0'), created('s4', 'c1', 'a3')])
      .thenFinds(SPACES, { filter: { organizationId: 'o1', parent: 'c1' }, sort: { field: 'position', direction: 'asc' } }, ['s2', 's1', 's4']));

  it('finds the binned spaces by their deletion mark', () =>
    spec.given([created('s1'), created('s2'), deleted]).thenFinds(SPACES, { filter: { deletedAt: { $exists: true } } }, ['s1']));

  describe('change-request counters', () => {
    const cr = (number: number) => ({ changeRequestId: `cr${number}`, spaceId: 's1', organizationId: 'o1', number });
    const crCreated = (number: number): ChangeRequestEvent => ({
      type: 'ChangeRequestCreated',
      data: { ...cr(number), subject: '', createdBy: 'u1', revision: 'r-s1', tree: 't', createdAt: t1 },
    });
    const crStatus = (number: number, status: 'draft' | 'open' | 'archived', previousStatus: 'draft' | 'open' | 'archived'): ChangeRequestEvent => ({
      type: 'ChangeRequestStatusChanged',
      data: { ...cr(number), status, previousStatus, changedAt: t1 },
    });
    const crMerged = (number: number): ChangeRequestEvent => ({
      type: 'ChangeRequestMerged',
      data: { ...cr(number), revisionMerged: 'm', mergedBy: 'u1', previousStatus: 'open', mergedAt: t1 },
    });
    const counted = [
      created('s1'),
      crCreated(1),
      crCreated(2),
      crCreated(3),
      crCreated(4),
      crStatus(1, 'open', 'draft'),
      crStatus(2, 'open', 'draft'),
      crStatus(3, 'archived', 'draft'),
      crMerged(2),
    ];

    it('counts every request, the open ones and the drafts, following their status', () =>
      spec.given(counted).thenDocument(
        SPACES,
        's1',
        space({ changeRequests: 4, changeRequestsOpen: 1, changeRequestsDraft: 1, changeRequestsPosition: '9' }),
      ));

    it('counts nothing twice on replay', () => spec.given(counted).thenIdempotent());
  });

  describe('open comments', () => {
    const on = (commentId: string, changeRequestId: string | null = null) => ({ commentId, organizationId: 'o1', spaceId: 's1', changeRequestId });
    const posted = (commentId: string, changeRequestId: string | null = null): OpenCommentEvent => ({ type: 'CommentPosted', data: on(commentId, changeRequestId) });
    const resolved = (commentId: string): OpenCommentEvent => ({ type: 'CommentResolved', data: on(commentId) });
    const reopened = (commentId: string): OpenCommentEvent => ({ type: 'CommentReopened', data: on(commentId) });
    const removed = (commentId: string, wasOpen: boolean, changeRequestId: string | null = null): OpenCommentEvent => ({
      type: 'CommentDeleted',
      data: { ...on(commentId, changeRequestId), wasOpen },
    });
    const counted = [
      created('s1'),
      posted('m1'),
      posted('m2'),
      posted('m3'),
      resolved('m1'),
      reopened('m1'),
      removed('m1', true),
      resolved('m2'),
      removed('m2', false),
      posted('m4', 'cr1'),
      removed('m4', true, 'cr1'),
    ];

    it('counts the space’s open comments through resolve, reopen and delete, and none of its requests’', () =>
      spec.given(counted).thenDocument(SPACES, 's1', space({ comments: 1, commentsPosition: '8' })));

    it('never counts below zero', () =>
      spec.given([created('s1'), resolved('m1'), removed('m1', true)]).thenDocument(SPACES, 's1', space({ comments: 0, commentsPosition: '3' })));

    it('counts nothing twice on replay', () => spec.given(counted).thenIdempotent());

    it('is rebuilt from scratch to the same counts', () => spec.given(counted).thenRebuildsIdentically());
  });

  const history = [created('s1', 'c1'), created('s2'), updated({ emoji: '📗' }, { emoji: '📘' }), moved(null, 'b1'), deleted, restored(null), transferred, purged('s2')];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
