import { fold } from '@folio/platform/domain/decider';
import { Conflict, Forbidden, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PageDocument } from '@folio/kernel/document/document.model';
import { RevisionRecord } from '../revisions/revision.model';
import { SPACE_DEFAULTS, spaceDecider, SpaceState } from '../spaces/space.decider';
import { SpaceEvent } from '../spaces/space.events';
import {
  baseOf,
  changeRequestDecider,
  CONFLICTS_KEPT,
  ExistingChangeRequest,
  MERGE_LEASE_MS,
  MERGE_RELEASE_GRACE_MS,
  MergedHeadMismatch,
  MergeUnderWay,
  NumberTaken,
  reviewOutdated,
  StaleHead,
} from './change-request.decider';
import { ChangeRequestEvent, ContentTouched, MergeAbandonReason, Reviewer } from './change-request.events';

const spec = deciderSpec(changeRequestDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1', number: 3 };

const spaceCreated: SpaceEvent = {
  type: 'SpaceCreated',
  data: { spaceId: 's1', organizationId: 'o1', parent: null, position: 'a0', ...SPACE_DEFAULTS, visibility: 'private', revision: 'r0', tree: 't0', createdAt: now },
};
const space = (...events: SpaceEvent[]): SpaceState => fold(spaceDecider, [spaceCreated, ...events]);
const spaceChanged = (changes: Partial<typeof SPACE_DEFAULTS>): SpaceEvent => ({
  type: 'SpaceUpdated',
  data: { spaceId: 's1', organizationId: 'o1', changes, before: {}, updatedAt: now },
});

const doc = (text: string): PageDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});
const revision = (id: string, type: RevisionRecord['type'] = 'edits', parents = ['r0']): RevisionRecord => ({
  id,
  type,
  parents,
  tree: `tree-${id}`,
  createdBy: 'u1',
  createdAt: now,
});
const touched: ContentTouched = { pagesCreated: ['p1'], pagesUpdated: [], pagesDeleted: [], files: [] };
const alice: Reviewer = { kind: 'user', user: 'alice' };
const writers: Reviewer = { kind: 'team', team: 'writers' };

const created: ChangeRequestEvent = {
  type: 'ChangeRequestCreated',
  data: { ...ids, subject: 'Intro', createdBy: 'u1', revision: 'r0', tree: 't0', createdAt: now },
};
const statusChanged = (status: 'draft' | 'open' | 'archived', previousStatus: 'draft' | 'open' | 'archived'): ChangeRequestEvent => ({
  type: 'ChangeRequestStatusChanged',
  data: { ...ids, status, previousStatus, changedAt: now },
});
const edited = (id: string): ChangeRequestEvent => ({
  type: 'ChangeRequestContentEdited',
  data: { ...ids, revision: revision(id), touched, editedAt: now },
});
const updated = (id: string, mergedAncestor: string): ChangeRequestEvent => ({
  type: 'ChangeRequestUpdatedFromMain',
  data: { ...ids, revision: revision(id, 'update'), mergedAncestor, mergedAncestorTree: `tree-${mergedAncestor}`, updatedAt: now },
});
const reviewed = (reviewId: string, revisionId: string): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewSubmitted',
  data: { ...ids, reviewId, reviewer: 'bob', status: 'approved', revision: revisionId, submittedAt: now },
});
const requested = (...reviewers: Reviewer[]): ChangeRequestEvent => ({
  type: 'ChangeRequestReviewersRequested',
  data: { ...ids, reviewers, requestedBy: 'u1', revision: 'r0', requestedAt: now },
});
const merged: ChangeRequestEvent = {
  type: 'ChangeRequestMerged',
  data: { ...ids, revisionMerged: 'm1', mergedBy: 'u2', previousStatus: 'open', mergedAt: now },
};

const mergeStarted = (mergeId: string, head: string): ChangeRequestEvent => ({
  type: 'ChangeRequestMergeStarted',
  data: { ...ids, mergeId, head, startedAt: now, expiresAt: new Date(Date.parse(now) + MERGE_LEASE_MS).toISOString() },
});
const abandoned = (mergeId: string, reason: MergeAbandonReason = 'failed', at = now): ChangeRequestEvent => ({
  type: 'ChangeRequestMergeAbandoned',
  data: { ...ids, mergeId, reason, abandonedAt: at },
});
const conflictsMet = (main: string, head: string, headTree = `tree-${head}`): ChangeRequestEvent => ({
  type: 'ChangeRequestConflictsMet',
  data: { ...ids, main, mainTree: `tree-${main}`, head, headTree, metAt: now },
});

const state = (...events: ChangeRequestEvent[]) => fold(changeRequestDecider, events) as ExistingChangeRequest;

describe('change-request decider', () => {
  describe('CreateChangeRequest', () => {
    const create = (s: SpaceState, subject = 'Intro') =>
      ({ type: 'CreateChangeRequest', changeRequestId: 'cr1', number: 3, space: s, subject, createdBy: 'u1', now }) as const;

    it("starts a draft at the space's revision and tree", () => spec.given([]).when(create(space())).then([created]));

    it('starts as a draft whose head, initial revision and base are the space revision', () => {
      const s = state(created);
      expect(s.status).toBe('draft');
      expect(s.head).toEqual({ revision: 'r0', tree: 't0' });
      expect(baseOf(s)).toEqual({ revision: 'r0', tree: 't0' });
    });

    it('starts at an earlier revision of main when given one (a Git Sync import)', () =>
      spec
        .given([])
        .when({ ...create(space()), base: { revision: 'r-old', tree: 't-old' } })
        .then([{ ...created, data: { ...created.data, revision: 'r-old', tree: 't-old' } } as ChangeRequestEvent]));

    it('takes an empty subject', () =>
      spec.given([]).when(create(space(), '')).then([{ ...created, data: { ...created.data, subject: '' } } as ChangeRequestEvent]));

    it('refuses a subject over 100 characters', () => spec.given([]).when(create(space(), 'x'.repeat(101))).thenThrows(Invalid, /subject/));

    it('counts characters, not UTF-16 units', () =>
      spec.given([]).when(create(space(), '😀'.repeat(100))).then([{ ...created, data: { ...created.data, subject: '😀'.repeat(100) } } as ChangeRequestEvent]));

    it('refuses a locked space, saying so', () =>
      spec.given([]).when(create(space(spaceChanged({ editMode: 'locked' })))).thenThrows(Forbidden, /locked/));

    it('refuses a deleted space', () =>
      spec
        .given([])
        .when(create(space({ type: 'SpaceDeleted', data: { spaceId: 's1', organizationId: 'o1', deletedAt: now } })))
        .thenThrows(Conflict, /deleted/));

    it('refuses a missing space', () => spec.given([]).when(create({ status: 'none' })).thenThrows(NotFound));

    it('refuses a number already taken', () => spec.given([created]).when(create(space())).thenThrows(NumberTaken));

    describe('for an issues cluster', () => {
      const forCluster: ChangeRequestEvent = { ...created, data: { ...created.data, conversationsIssuesCluster: 'k1' } } as ChangeRequestEvent;

      it('records the cluster it is made for', () =>
        spec.given([]).when({ ...create(space()), conversationsIssuesCluster: 'k1' }).then([forCluster]));

      it('keeps the cluster in its state, and none for a request made without one', () => {
        expect(state(forCluster).conversationsIssuesCluster).toBe('k1');
        expect(state(created)).not.toHaveProperty('conversationsIssuesCluster');
      });

      it('keeps the cluster through the life of the request', () =>
        expect(state(forCluster, statusChanged('open', 'draft'), merged).conversationsIssuesCluster).toBe('k1'));
    });
  });

  describe('UpdateChangeRequest', () => {
    it('changes the subject, recording the previous one', () =>
      spec
        .given([created])
        .when({ type: 'UpdateChangeRequest', subject: 'Welcome', now })
        .then([{ type: 'ChangeRequestDetailsChanged', data: { ...ids, changes: { subject: 'Welcome' }, before: { subject: 'Intro' }, updatedAt: now } }]));

    it('sets and removes the description', () => {
      spec
        .given([created])
        .when({ type: 'UpdateChangeRequest', description: doc('Why'), now })
        .then([{ type: 'ChangeRequestDetailsChanged', data: { ...ids, changes: { description: doc('Why') }, before: { description: null }, updatedAt: now } }]);
      const described: ChangeRequestEvent = {
        type: 'ChangeRequestDetailsChanged',
        data: { ...ids, changes: { description: doc('Why') }, before: { description: null }, updatedAt: now },
      };
      spec
        .given([created, described])
        .when({ type: 'UpdateChangeRequest', description: null, now })
        .then([{ type: 'ChangeRequestDetailsChanged', data: { ...ids, changes: { description: null }, before: { description: doc('Why') }, updatedAt: now } }]);
    });

    it('writes nothing when nothing changes', () =>
      spec.given([created]).when({ type: 'UpdateChangeRequest', subject: 'Intro', description: null, now }).then([]));

    it.each([
      ['not a document', { object: 'block', data: {}, nodes: [] }],
      ['without data', { object: 'document', nodes: [] }],
      ['with nodes that are not blocks', { object: 'document', data: {}, nodes: [{ object: 'text', leaves: [] }] }],
      ['an array', []],
      ['nested deeper than 64 levels', deep(100)],
    ])('refuses a description %s', (_case, description) =>
      spec
        .given([created])
        .when({ type: 'UpdateChangeRequest', description: description as unknown as PageDocument, now })
        .thenThrows(Invalid, /description/));

    it('refuses a subject over 100 characters', () =>
      spec.given([created]).when({ type: 'UpdateChangeRequest', subject: 'x'.repeat(101), now }).thenThrows(Invalid, /subject/));

    it('refuses a missing request', () => spec.given([]).when({ type: 'UpdateChangeRequest', subject: 'A', now }).thenThrows(NotFound));

    it('refuses a merged request', () =>
      spec.given([created, merged]).when({ type: 'UpdateChangeRequest', subject: 'A', now }).thenThrows(Conflict, /merged/));
  });

  describe('UpdateChangeRequest: status', () => {
    it('opens a draft, recording the previous status', () =>
      spec.given([created]).when({ type: 'UpdateChangeRequest', status: 'open', now }).then([statusChanged('open', 'draft')]));

    it('archives and reopens', () => {
      spec.given([created, statusChanged('open', 'draft')]).when({ type: 'UpdateChangeRequest', status: 'archived', now }).then([statusChanged('archived', 'open')]);
      spec
        .given([created, statusChanged('archived', 'draft')])
        .when({ type: 'UpdateChangeRequest', status: 'draft', now })
        .then([statusChanged('draft', 'archived')]);
    });

    it('changes the subject and the status in one decision', () =>
      spec
        .given([created])
        .when({ type: 'UpdateChangeRequest', subject: 'Welcome', status: 'open', now })
        .then([
          { type: 'ChangeRequestDetailsChanged', data: { ...ids, changes: { subject: 'Welcome' }, before: { subject: 'Intro' }, updatedAt: now } },
          statusChanged('open', 'draft'),
        ]));

    it('changes no status when the subject is refused', () =>
      spec.given([created]).when({ type: 'UpdateChangeRequest', subject: 'x'.repeat(101), status: 'open', now }).thenThrows(Invalid));

    it('writes nothing when the status is unchanged', () => spec.given([created]).when({ type: 'UpdateChangeRequest', status: 'draft', now }).then([]));

    it('refuses to change a merged request', () =>
      spec.given([created, statusChanged('open', 'draft'), merged]).when({ type: 'UpdateChangeRequest', status: 'draft', now }).thenThrows(Conflict, /merged/));
  });

  describe('SubmitReview', () => {
    it('records a review against the current head', () =>
      spec
        .given([created, edited('r1')])
        .when({ type: 'SubmitReview', reviewId: 'v1', reviewer: 'bob', status: 'approved', now })
        .then([reviewed('v1', 'r1')]));

    it('keeps a comment', () =>
      spec
        .given([created])
        .when({ type: 'SubmitReview', reviewId: 'v1', reviewer: 'bob', status: 'changes-requested', comment: doc('Fix the intro'), now })
        .then([
          {
            type: 'ChangeRequestReviewSubmitted',
            data: { ...ids, reviewId: 'v1', reviewer: 'bob', status: 'changes-requested', revision: 'r0', comment: doc('Fix the intro'), submittedAt: now },
          },
        ]));

    it('refuses a comment that is not a document', () =>
      spec
        .given([created])
        .when({ type: 'SubmitReview', reviewId: 'v1', reviewer: 'bob', status: 'approved', comment: deep(100), now })
        .thenThrows(Invalid, /comment/));

    it('refuses to review a merged request', () =>
      spec
        .given([created, merged])
        .when({ type: 'SubmitReview', reviewId: 'v1', reviewer: 'bob', status: 'approved', now })
        .thenThrows(Conflict));

    it('outdates a review once the content changes after it', () => {
      const review = state(created, reviewed('v1', 'r0')).reviews[0];
      expect(reviewOutdated(state(created, reviewed('v1', 'r0')), review)).toBe(false);
      expect(reviewOutdated(state(created, reviewed('v1', 'r0'), edited('r1')), review)).toBe(true);
    });
  });

  describe('RequestReviewers', () => {
    it('requests users and teams at the current head', () =>
      spec
        .given([created])
        .when({ type: 'RequestReviewers', reviewers: [alice, writers], requestedBy: 'u1', now })
        .then([requested(alice, writers)]));

    it('leaves reviewers already requested, and duplicates, as they are', () =>
      spec
        .given([created, requested(alice)])
        .when({ type: 'RequestReviewers', reviewers: [alice, writers, writers], requestedBy: 'u1', now })
        .then([requested(writers)]));

    it('writes nothing when every reviewer is already requested', () =>
      spec.given([created, requested(alice, writers)]).when({ type: 'RequestReviewers', reviewers: [writers], requestedBy: 'u1', now }).then([]));

    it('tells a user from a team of the same id', () =>
      spec
        .given([created, requested({ kind: 'user', user: 'x' })])
        .when({ type: 'RequestReviewers', reviewers: [{ kind: 'team', team: 'x' }], requestedBy: 'u1', now })
        .then([requested({ kind: 'team', team: 'x' })]));

    it('refuses a merged request', () =>
      spec.given([created, merged]).when({ type: 'RequestReviewers', reviewers: [alice], requestedBy: 'u1', now }).thenThrows(Conflict));
  });

  describe('RemoveReviewer', () => {
    it('removes a requested reviewer', () =>
      spec
        .given([created, requested(alice, writers)])
        .when({ type: 'RemoveReviewer', reviewer: alice, now })
        .then([{ type: 'ChangeRequestReviewerRemoved', data: { ...ids, reviewer: alice, removedAt: now } }]));

    it('writes nothing when the reviewer was not requested', () =>
      spec.given([created, requested(writers)]).when({ type: 'RemoveReviewer', reviewer: alice, now }).then([]));

    it('writes nothing for a reviewer removed before', () => {
      const removed: ChangeRequestEvent = { type: 'ChangeRequestReviewerRemoved', data: { ...ids, reviewer: alice, removedAt: now } };
      spec.given([created, requested(alice), removed]).when({ type: 'RemoveReviewer', reviewer: alice, now }).then([]);
    });
  });

  describe('EditContent', () => {
    it('makes the new revision the head', () => {
      spec.given([created]).when({ type: 'EditContent', revision: revision('r1'), basedOn: 'r0', touched, now }).then([edited('r1')]);
      expect(state(created, edited('r1')).head).toEqual({ revision: 'r1', tree: 'tree-r1' });
    });

    it('refuses a batch computed on a head that moved since', () =>
      spec.given([created, edited('r1')]).when({ type: 'EditContent', revision: revision('r2'), basedOn: 'r0', touched, now }).thenThrows(StaleHead));

    it('refuses a merged request', () =>
      spec.given([created, merged]).when({ type: 'EditContent', revision: revision('r1'), basedOn: 'r0', touched, now }).thenThrows(Conflict, /merged/));

    it('refuses an archived request', () =>
      spec
        .given([created, statusChanged('archived', 'draft')])
        .when({ type: 'EditContent', revision: revision('r1'), basedOn: 'r0', touched, now })
        .thenThrows(Conflict, /archived/));

    it('refuses a missing request', () =>
      spec.given([]).when({ type: 'EditContent', revision: revision('r1'), basedOn: 'r0', touched, now }).thenThrows(NotFound));
  });

  describe('UpdateFromMain', () => {
    const update = (basedOn: string) =>
      ({ type: 'UpdateFromMain', revision: revision('u1', 'update'), basedOn, mergedAncestor: { revision: 'm5', tree: 'tree-m5' }, now }) as const;

    it('makes the update the head and main its new base', () => {
      spec.given([created, edited('r1')]).when(update('r1')).then([updated('u1', 'm5')]);
      const s = state(created, edited('r1'), updated('u1', 'm5'));
      expect(s.head).toEqual({ revision: 'u1', tree: 'tree-u1' });
      expect(baseOf(s)).toEqual({ revision: 'm5', tree: 'tree-m5' });
      expect(s.revisionInitial).toEqual({ revision: 'r0', tree: 't0' });
    });

    it('refuses an update computed on a head that moved since', () => spec.given([created, edited('r1')]).when(update('r0')).thenThrows(StaleHead));

    it('refuses a merged request', () => spec.given([created, merged]).when(update('r0')).thenThrows(Conflict, /merged/));

    it('refuses an archived request', () =>
      spec.given([created, statusChanged('archived', 'draft')]).when(update('r0')).thenThrows(Conflict, /archived/));
  });

  describe('StartMerge', () => {
    const start = { type: 'StartMerge', mergeId: 'g1', now } as const;

    it('records the head it merges and the end of its lease', () =>
      spec.given([created, edited('r1')]).when(start).then([mergeStarted('g1', 'r1')]));

    it('refuses a second merge while one is under way', () =>
      spec.given([created, mergeStarted('g1', 'r0')]).when({ ...start, mergeId: 'g2' }).thenThrows(MergeUnderWay));

    it('starts again once the previous merge was abandoned', () =>
      spec.given([created, mergeStarted('g1', 'r0'), abandoned('g1')]).when({ ...start, mergeId: 'g2' }).then([mergeStarted('g2', 'r0')]));

    it('refuses a merged or an archived request', () => {
      spec.given([created, merged]).when(start).thenThrows(Conflict, /already merged/);
      spec.given([created, statusChanged('archived', 'draft')]).when(start).thenThrows(Conflict, /archived/);
    });
  });

  describe('while a merge is under way', () => {
    const merging = [created, edited('r1'), mergeStarted('g1', 'r1')];

    it('refuses content edits and updates from main (409), not as a stale head the writer would retry', () => {
      spec.given(merging).when({ type: 'EditContent', revision: revision('r2'), basedOn: 'r1', touched, now }).thenThrows(MergeUnderWay);
      spec.given(merging).when({ type: 'EditContent', revision: revision('r2'), basedOn: 'r0', touched, now }).thenThrows(MergeUnderWay);
      spec
        .given(merging)
        .when({ type: 'UpdateFromMain', revision: revision('u1', 'update'), basedOn: 'r1', mergedAncestor: { revision: 'm5', tree: 'tree-m5' }, now })
        .thenThrows(MergeUnderWay);
    });

    it('takes edits again once the merge is abandoned', () =>
      spec
        .given([...merging, abandoned('g1')])
        .when({ type: 'EditContent', revision: revision('r2'), basedOn: 'r1', touched, now })
        .then([{ type: 'ChangeRequestContentEdited', data: { ...ids, revision: revision('r2'), touched, editedAt: now } }]));
  });

  describe('AbandonMerge', () => {
    const merging = [created, mergeStarted('g1', 'r0')];
    const leaseEnd = Date.parse(now) + MERGE_LEASE_MS;
    const at = (ms: number) => new Date(ms).toISOString();

    it('releases the mark of the merge it names', () =>
      spec.given(merging).when({ type: 'AbandonMerge', mergeId: 'g1', reason: 'failed', now }).then([abandoned('g1')]));

    it('writes nothing for a merge that already ended, or another attempt', () => {
      spec.given([...merging, abandoned('g1')]).when({ type: 'AbandonMerge', mergeId: 'g1', reason: 'failed', now }).then([]);
      spec.given(merging).when({ type: 'AbandonMerge', mergeId: 'g0', reason: 'failed', now }).then([]);
      spec.given([...merging, merged]).when({ type: 'AbandonMerge', mergeId: 'g1', reason: 'expired', now: at(leaseEnd * 2) }).then([]);
    });

    it('releases an expired mark only once its lease and grace ran out', () => {
      const expired = { type: 'AbandonMerge', mergeId: 'g1', reason: 'expired' } as const;
      spec.given(merging).when({ ...expired, now: at(leaseEnd) }).thenThrows(Conflict, /under way/);
      spec.given(merging).when({ ...expired, now: at(leaseEnd + MERGE_RELEASE_GRACE_MS - 1) }).thenThrows(Conflict, /under way/);
      spec
        .given(merging)
        .when({ ...expired, now: at(leaseEnd + MERGE_RELEASE_GRACE_MS) })
        .then([abandoned('g1', 'expired', at(leaseEnd + MERGE_RELEASE_GRACE_MS))]);
    });

    it('records the conflicts a merge met, with the head it met them at', () =>
      spec
        .given(merging)
        .when({ type: 'AbandonMerge', mergeId: 'g1', reason: 'conflicts', conflictsWith: { revision: 'm5', tree: 'tree-m5' }, now })
        .then([abandoned('g1', 'conflicts'), conflictsMet('m5', 'r0', 't0')]));
  });

  describe('RecordConflicts', () => {
    const record = (main: string) => ({ type: 'RecordConflicts', main: { revision: main, tree: `tree-${main}` }, now }) as const;

    it('records main and the head conflicts were met at', () =>
      spec.given([created, edited('r1')]).when(record('m5')).then([conflictsMet('m5', 'r1')]));

    it('writes nothing when they were last met at the same main and head', () =>
      spec.given([created, edited('r1'), conflictsMet('m5', 'r1')]).when(record('m5')).then([]));

    it('records them again once the head or main moved', () => {
      spec.given([created, edited('r1'), conflictsMet('m5', 'r0', 't0')]).when(record('m5')).then([conflictsMet('m5', 'r1')]);
      spec.given([created, edited('r1'), conflictsMet('m5', 'r1')]).when(record('m6')).then([conflictsMet('m6', 'r1')]);
    });

    it('keeps the last ones met, oldest first, until an update pulls main in', () => {
      const many = Array.from({ length: CONFLICTS_KEPT + 2 }, (_, i) => conflictsMet(`m${i}`, 'r0', 't0'));
      const s = state(created, ...many);
      expect(s.conflictsMet).toHaveLength(CONFLICTS_KEPT);
      expect(s.conflictsMet.at(-1)).toEqual({ main: { revision: `m${CONFLICTS_KEPT + 1}`, tree: `tree-m${CONFLICTS_KEPT + 1}` }, head: { revision: 'r0', tree: 't0' } });
      expect(state(created, ...many, updated('u1', 'm9')).conflictsMet).toEqual([]);
    });
  });

  describe('MarkMerged', () => {
    const mark = (head: string) => ({ type: 'MarkMerged', revisionMerged: 'm1', head, mergedBy: 'u2', now }) as const;

    it('merges, recording who and the revision main took, and ends the merge', () => {
      spec.given([created, statusChanged('open', 'draft'), mergeStarted('g1', 'r0')]).when(mark('r0')).then([merged]);
      expect(state(created, statusChanged('open', 'draft'), mergeStarted('g1', 'r0'), merged).merging).toBeNull();
    });

    it('refuses to mark merged another head than the one the merge recorded', () =>
      spec.given([created, statusChanged('open', 'draft'), edited('r1'), mergeStarted('g1', 'r1')]).when(mark('r0')).thenThrows(MergedHeadMismatch));

    it('refuses, with no merge recorded (a log from before merges were), another head than the current one', () => {
      spec.given([created, statusChanged('open', 'draft')]).when(mark('r0')).then([merged]);
      spec.given([created, statusChanged('open', 'draft'), edited('r1')]).when(mark('r0')).thenThrows(MergedHeadMismatch);
    });

    it('writes nothing when already merged, so a retried merge is harmless', () => spec.given([created, merged]).when(mark('r5')).then([]));

    it('refuses a missing request', () => spec.given([]).when(mark('r0')).thenThrows(NotFound));

    it('leaves the request merged, with its merge revision', () => {
      const s = state(created, merged);
      expect(s.status).toBe('merged');
      expect(s.revisionMerged).toBe('m1');
      expect(s.mergedBy).toBe('u2');
    });
  });
});

/** A document whose blocks nest `levels` deep. */
function deep(levels: number): PageDocument {
  let node: Record<string, unknown> = { object: 'text', leaves: [] };
  for (let i = 0; i < levels; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
  return { object: 'document', data: {}, nodes: [node] } as unknown as PageDocument;
}
