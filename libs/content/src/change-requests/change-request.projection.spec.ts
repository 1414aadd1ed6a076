import { projectionSpec, stored } from '@folio/platform/testing/projection-spec';
import { PageDocument } from '@folio/kernel/document/document.model';
import { RevisionRecord } from '../revisions/revision.model';
import { OpenCommentEvent } from '../shared/open-comments';
import { ChangeRequestEvent, changeRequestStream, ContentTouched, Reviewer } from './change-request.events';
import {
  CHANGE_REQUEST_CONTRIBUTORS,
  CHANGE_REQUEST_REVIEWERS,
  CHANGE_REQUEST_REVIEWS,
  CHANGE_REQUESTS,
  ChangeRequestDoc,
  changeRequestProjection,
} from './change-request.projection';

const isComment = (e: ChangeRequestEvent | OpenCommentEvent): e is OpenCommentEvent => e.type.startsWith('Comment');
const spec = projectionSpec<ChangeRequestEvent | OpenCommentEvent>(changeRequestProjection, {
  stream: (e) => (isComment(e) ? `comment-${e.data.commentId}` : changeRequestStream(e.data.spaceId, e.data.number)),
});
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-02T00:00:00.000Z';
const t2 = '2026-01-03T00:00:00.000Z';
const ids = (number = 1) => ({ changeRequestId: `cr${number}`, spaceId: 's1', organizationId: 'o1', number });

const doc: PageDocument = { object: 'document', data: {}, nodes: [] };
const revision = (id: string, createdBy = 'u1', type: RevisionRecord['type'] = 'edits'): RevisionRecord => ({
  id,
  type,
  parents: ['r0'],
  tree: `tree-${id}`,
  createdBy,
  createdAt: t1,
});
const touched: ContentTouched = { pagesCreated: ['p1'], pagesUpdated: [], pagesDeleted: [], files: [] };
const alice: Reviewer = { kind: 'user', user: 'alice' };
const writers: Reviewer = { kind: 'team', team: 'writers' };

const created = (number = 1, createdAt = t0, conversationsIssuesCluster?: string): ChangeRequestEvent => ({
  type: 'ChangeRequestCreated',
  data: { ...ids(number), subject: 'Intro', createdBy: 'u1', revision: 'r0', tree: 't0', ...(conversationsIssuesCluster ? { conversationsIssuesCluster } : {}), createdAt },
});
const edited = (id: string, by = 'u1', at = t1): ChangeRequestEvent => ({
  type: 'ChangeRequestContentEdited',
  data: { ...ids(), revision: revision(id, by), touched, editedAt: at },
});
const requested = (...reviewers: Reviewer[]): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewersRequested',
  data: { ...ids(), reviewers, requestedBy: 'u1', revision: 'r0', requestedAt: t1 },
});
const reviewed = (reviewer: string, withComment = false): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids(), reviewId: `v-${reviewer}`, reviewer, status: 'approved', revision: 'r1', ...(withComment ? { comment: doc } : {}), submittedAt: t2 },
});
const statusChanged = (number: number, status: 'draft' | 'open' | 'archived', previousStatus: 'draft' | 'open' | 'archived'): ChangeRequestEvent => ({
  type: 'ChangeRequestStatusChanged',
  data: { ...ids(number), status, previousStatus, changedAt: t2 },
});

const request = (fields: Partial<ChangeRequestDoc> = {}): ChangeRequestDoc => ({
  id: 'cr1',
  spaceId: 's1',
  organizationId: 'o1',
  number: 1,
  status: 'draft',
  subject: 'Intro',
  description: null,
  createdBy: 'u1',
  createdAt: t0,
  updatedAt: t0,
  revision: 'r0',
  tree: 't0',
  revisionInitial: 'r0',
  treeInitial: 't0',
  streamRevision: '0',
  ...fields,
});

const history: ChangeRequestEvent[] = [
  created(1),
  created(2, t1),
  edited('r1'),
  { type: 'ChangeRequestDetailsChanged', data: { ...ids(), changes: { subject: 'Welcome', description: doc }, before: { subject: 'Intro', description: null }, updatedAt: t1 } },
  requested(alice, writers),
  reviewed('alice', true),
  statusChanged(1, 'open', 'draft'),
  edited('r2', 'u2', t2),
  edited('r3', 'u1', t2),
  { type: 'ChangeRequestReviewerRemoved', data: { ...ids(), reviewer: writers, removedAt: t2 } },
  {
    type: 'ChangeRequestUpdatedFromMain',
    data: { ...ids(), revision: revision('u4', 'u2', 'update'), mergedAncestor: 'm1', mergedAncestorTree: 'tree-m1', updatedAt: t2 },
  },
  { type: 'ChangeRequestMergeStarted', data: { ...ids(), mergeId: 'g1', head: 'u4', startedAt: t2, expiresAt: t2 } },
  { type: 'ChangeRequestMergeAbandoned', data: { ...ids(), mergeId: 'g1', reason: 'conflicts', abandonedAt: t2 } },
  { type: 'ChangeRequestConflictsMet', data: { ...ids(), main: 'm3', mainTree: 'tree-m3', head: 'u4', headTree: 'tree-u4', metAt: t2 } },
  { type: 'ChangeRequestMergeStarted', data: { ...ids(), mergeId: 'g2', head: 'u4', startedAt: t2, expiresAt: t2 } },
  { type: 'ChangeRequestMerged', data: { ...ids(), revisionMerged: 'm2', mergedBy: 'u3', previousStatus: 'open', mergedAt: t2 } },
  created(3, t2, 'k1'),
  statusChanged(3, 'open', 'draft'),
];

describe('change-request projection', () => {
  it("creates a draft at the space's revision", () => spec.given([created()]).then(CHANGE_REQUESTS, [request()]));

  it('moves the head with content edits and records contributors with their edit counts', () =>
    spec.given([created(), edited('r1'), edited('r2', 'u2', t2), edited('r3', 'u1', t2)]).thenCollections({
      [CHANGE_REQUESTS]: [request({ revision: 'r3', tree: 'tree-r3', updatedAt: t2, streamRevision: '3' })],
      [CHANGE_REQUEST_CONTRIBUTORS]: [
        { id: 'cr1:u1', changeRequestId: 'cr1', userId: 'u1', count: 2, updatedAt: t2, actionType: 'edit', position: '4' },
        { id: 'cr1:u2', changeRequestId: 'cr1', userId: 'u2', count: 1, updatedAt: t2, actionType: 'edit', position: '3' },
      ],
    }));

  it('records an update from main as the head and the new merged ancestor, and its author as a contributor', () =>
    spec
      .given([created(), history[10]])
      .thenCollections({
        [CHANGE_REQUESTS]: [
          request({ revision: 'u4', tree: 'tree-u4', revisionMergedAncestor: 'm1', treeMergedAncestor: 'tree-m1', updatedAt: t2, streamRevision: '1' }),
        ],
        [CHANGE_REQUEST_CONTRIBUTORS]: [{ id: 'cr1:u2', changeRequestId: 'cr1', userId: 'u2', count: 1, updatedAt: t2, actionType: 'edit', position: '2' }],
      }));

  it('changes subject, description and status', () =>
    spec
      .given([created(), history[3], statusChanged(1, 'open', 'draft')])
      .then(CHANGE_REQUESTS, [request({ subject: 'Welcome', description: doc, status: 'open', updatedAt: t2, streamRevision: '2' })]));

  it('keeps requested reviewers until removed', () =>
    spec.given([created(), requested(alice, writers), history[9]]).then(CHANGE_REQUEST_REVIEWERS, [
      { id: 'cr1:user:alice', changeRequestId: 'cr1', spaceId: 's1', kind: 'user', principalId: 'alice', requestedBy: 'u1', revision: 'r0', createdAt: t1 },
    ]));

  it('records reviews, with who requested them when the reviewer was asked', () =>
    spec.given([created(), requested(alice), reviewed('alice', true), reviewed('bob')]).then(CHANGE_REQUEST_REVIEWS, [
      { id: 'v-alice', changeRequestId: 'cr1', spaceId: 's1', reviewer: 'alice', status: 'approved', revision: 'r1', comment: doc, requestedBy: 'u1', createdAt: t2 },
      { id: 'v-bob', changeRequestId: 'cr1', spaceId: 's1', reviewer: 'bob', status: 'approved', revision: 'r1', createdAt: t2 },
    ]));

  it('keeps the lease of a merge under way, moving only the ETag, and forgets it when the merge ends', () => {
    const started = history[11];
    spec.given([created(), started]).then(CHANGE_REQUESTS, [request({ mergeExpiresAt: t2, streamRevision: '1' })]);
    spec.given([created(), started, history[12], history[13]]).then(CHANGE_REQUESTS, [request({ streamRevision: '3' })]);
    spec
      .given([created(), history[14], history[15]])
      .then(CHANGE_REQUESTS, [request({ status: 'merged', revisionMerged: 'm2', mergedBy: 'u3', mergedAt: t2, updatedAt: t2, streamRevision: '2' })]);
  });

  it('records a merge', () =>
    spec
      .given([created(), history[15]])
      .then(CHANGE_REQUESTS, [request({ status: 'merged', revisionMerged: 'm2', mergedBy: 'u3', mergedAt: t2, updatedAt: t2, streamRevision: '1' })]));

  it("lists a space's requests by status, most recently updated first", () =>
    spec
      .given([created(1), created(2, t1), created(3, t1), statusChanged(3, 'open', 'draft')])
      .thenFinds(CHANGE_REQUESTS, { filter: { spaceId: 's1', status: 'draft' }, sort: { field: 'updatedAt', direction: 'desc' } }, ['cr2', 'cr1']));

  describe('issues clusters', () => {
    const clustered = [created(1, t0, 'k1'), created(2, t1, 'k1'), created(3, t1, 'k2'), created(4, t2), statusChanged(1, 'open', 'draft'), statusChanged(2, 'open', 'draft')];

    it('keeps the cluster a request was made for, and none for one made without', () =>
      spec.given([created(1, t0, 'k1'), created(2)]).then(CHANGE_REQUESTS, [
        request({ conversationsIssuesCluster: 'k1' }),
        request({ id: 'cr2', number: 2 }),
      ]));

    it("finds a cluster's open requests, newest first, and no other cluster's", () =>
      spec
        .given(clustered)
        .thenFinds(CHANGE_REQUESTS, { filter: { conversationsIssuesCluster: 'k1', status: 'open', organizationId: 'o1' }, sort: { field: 'createdAt', direction: 'desc' } }, ['cr2', 'cr1']));

    it("lists a space's requests of one cluster by the list's order", () =>
      spec
        .given(clustered)
        .thenFinds(CHANGE_REQUESTS, { filter: { spaceId: 's1', status: 'draft', conversationsIssuesCluster: 'k2' }, sort: { field: 'updatedAt', direction: 'desc' } }, ['cr3']));

    it('is rebuilt from scratch with the clusters', () => spec.given(clustered).thenRebuildsIdentically());
  });

  describe('open comments', () => {
    const on = (commentId: string, changeRequestId: string | null) => ({ commentId, organizationId: 'o1', spaceId: 's1', changeRequestId });
    const posted = (commentId: string, changeRequestId: string | null = 'cr1'): OpenCommentEvent => ({ type: 'CommentPosted', data: on(commentId, changeRequestId) });
    const resolved = (commentId: string): OpenCommentEvent => ({ type: 'CommentResolved', data: on(commentId, 'cr1') });
    const reopened = (commentId: string): OpenCommentEvent => ({ type: 'CommentReopened', data: on(commentId, 'cr1') });
    const removed = (commentId: string, wasOpen: boolean, changeRequestId: string | null = 'cr1'): OpenCommentEvent => ({
      type: 'CommentDeleted',
      data: { ...on(commentId, changeRequestId), wasOpen },
    });
    const counted = [
      created(1),
      created(2, t1),
      posted('m1'),
      posted('m2'),
      posted('m3', 'cr2'),
      posted('m4', null),
      resolved('m1'),
      reopened('m1'),
      removed('m1', true),
      resolved('m2'),
      reopened('m2'),
      removed('m4', true, null),
    ];

    it('counts each request’s open comments through resolve, reopen and delete, and none of the space’s, without touching the request', () =>
      spec.given(counted).then(CHANGE_REQUESTS, [
        request({ comments: 1, commentsPosition: '11' }),
        request({ id: 'cr2', number: 2, createdAt: t1, updatedAt: t1, comments: 1, commentsPosition: '5' }),
      ]));

    it('counts a deleted comment that was resolved no more', () =>
      spec
        .given([created(), posted('m1'), resolved('m1'), removed('m1', false)])
        .thenDocument(CHANGE_REQUESTS, 'cr1', request({ comments: 0, commentsPosition: '3' })));

    it('counts nothing twice on replay', () => spec.given(counted).thenIdempotent());

    it('is rebuilt from scratch to the same counts', () => spec.given(counted).thenRebuildsIdentically());
  });

  it('does not count a replayed edit twice', () =>
    spec.given([created(), stored(edited('r1'), { position: '5' })]).thenIdempotent());

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
