import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { PageDocument } from '@folio/kernel/document/document.model';
import { OpenCommentEvent, openCommentHandlers, OpenComments } from '../shared/open-comments';
import { ChangeRequestEvent, ChangeRequestStatus, Reviewer, ReviewStatus } from './change-request.events';

export const CHANGE_REQUESTS = 'changeRequests';
export const CHANGE_REQUEST_REVIEWS = 'changeRequestReviews';
export const CHANGE_REQUEST_REVIEWERS = 'changeRequestReviewers';
export const CHANGE_REQUEST_CONTRIBUTORS = 'changeRequestContributors';

/** One document per change request, keyed by its id; `comments`: the open comments on it. */
export interface ChangeRequestDoc extends OpenComments {
  id: string;
  spaceId: string;
  organizationId: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  description: PageDocument | null;
  createdBy: string;
  /** The insights issues cluster the request was made for: the lists' filter, the cluster's open requests. */
  conversationsIssuesCluster?: string;
  createdAt: string;
  /** Any change to the request, its reviews and reviewers included: the list's default order. */
  updatedAt: string;
  /** The head: the request's current content. */
  revision: string;
  tree: string;
  revisionInitial: string;
  treeInitial: string;
  revisionMergedAncestor?: string;
  treeMergedAncestor?: string;
  revisionMerged?: string;
  mergedBy?: string;
  mergedAt?: string;
  /** While a merge is under way: the end of its lease (MergeCompletion releases marks it finds past it). */
  mergeExpiresAt?: string;
  /** Revision of the request's stream: its ETag. */
  streamRevision: string;
  [key: string]: unknown;
}

export interface ChangeRequestReviewDoc {
  /** The review's id. */
  id: string;
  changeRequestId: string;
  spaceId: string;
  reviewer: string;
  status: ReviewStatus;
  /** The head the review was made against. */
  revision: string;
  comment?: PageDocument;
  /** Who asked the reviewer for it, when the reviewer was a requested one. */
  requestedBy?: string;
  createdAt: string;
  [key: string]: unknown;
}

/** A reviewer requested (and not removed since), keyed `<changeRequestId>:<kind>:<user or team id>`. */
export interface ChangeRequestReviewerDoc {
  id: string;
  changeRequestId: string;
  spaceId: string;
  kind: Reviewer['kind'];
  /** The user's or the team's id. */
  principalId: string;
  requestedBy: string;
  /** The head when the request was made. */
  revision: string;
  createdAt: string;
  [key: string]: unknown;
}

/** A user who edited the request's content, keyed `<changeRequestId>:<userId>`. */
export interface ChangeRequestContributorDoc {
  id: string;
  changeRequestId: string;
  userId: string;
  /** How many edits (content batches and updates from main) the user made. */
  count: number;
  updatedAt: string;
  actionType: 'edit';
  /** Log position of the last edit counted: an edit replayed is not counted twice. */
  position: string;
  [key: string]: unknown;
}

export const reviewerId = (changeRequestId: string, reviewer: Reviewer) =>
  `${changeRequestId}:${reviewer.kind}:${reviewer.kind === 'user' ? reviewer.user : reviewer.team}`;
export const contributorId = (changeRequestId: string, userId: string) => `${changeRequestId}:${userId}`;

/** Every change-request event moves the request's `updatedAt` and its ETag. */
const touch = (tx: ReadTransaction, changeRequestId: string, updatedAt: string, revision: bigint, changes: Record<string, unknown> = {}) =>
  tx.patch(CHANGE_REQUESTS, changeRequestId, { ...changes, updatedAt, streamRevision: String(revision) });

async function contributed(tx: ReadTransaction, changeRequestId: string, userId: string, at: string, position: string) {
  const id = contributorId(changeRequestId, userId);
  const previous = await tx.get<ChangeRequestContributorDoc>(CHANGE_REQUEST_CONTRIBUTORS, id);
  if (previous && comparePositions(position, previous.position) <= 0) return;
  const doc: ChangeRequestContributorDoc = {
    id,
    changeRequestId,
    userId,
    count: (previous?.count ?? 0) + 1,
    updatedAt: at,
    actionType: 'edit',
    position,
  };
  await tx.upsert(CHANGE_REQUEST_CONTRIBUTORS, doc);
}

export const changeRequestProjection = defineProjection<ChangeRequestEvent | OpenCommentEvent>(
  'content-change-requests',
  [
    {
      name: CHANGE_REQUESTS,
      indexes: [
        ['spaceId', 'number'],
        ['spaceId', 'status', 'updatedAt'],
        ['spaceId', 'status', 'createdAt'],
        ['organizationId', 'status', 'updatedAt'],
        ['organizationId', 'status', 'createdAt'],
        ['createdBy', 'status', 'updatedAt'],
        // A cluster's requests are few and its id names one organization: the cluster leads, the scope is a residual.
        ['conversationsIssuesCluster', 'status', 'updatedAt'],
        ['conversationsIssuesCluster', 'status', 'createdAt'],
        ['mergeExpiresAt'],
      ],
    },
    { name: CHANGE_REQUEST_REVIEWS, indexes: [['changeRequestId', 'createdAt']] },
    { name: CHANGE_REQUEST_REVIEWERS, indexes: [['changeRequestId', 'createdAt'], ['kind', 'principalId']] },
    { name: CHANGE_REQUEST_CONTRIBUTORS, indexes: [['changeRequestId', 'updatedAt'], ['userId']] },
  ],
  {
    ChangeRequestCreated: async ({ data, revision }, tx) => {
      const doc: ChangeRequestDoc = {
        id: data.changeRequestId,
        spaceId: data.spaceId,
        organizationId: data.organizationId,
        number: data.number,
        status: 'draft',
        subject: data.subject,
        description: null,
        createdBy: data.createdBy,
        ...(data.conversationsIssuesCluster ? { conversationsIssuesCluster: data.conversationsIssuesCluster } : {}),
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
        revision: data.revision,
        tree: data.tree,
        revisionInitial: data.revision,
        treeInitial: data.tree,
        streamRevision: String(revision),
      };
      await tx.upsert(CHANGE_REQUESTS, doc);
    },
    ChangeRequestDetailsChanged: async ({ data, revision }, tx) =>
      touch(tx, data.changeRequestId, data.updatedAt, revision, { ...data.changes }),
    ChangeRequestStatusChanged: async ({ data, revision }, tx) =>
      touch(tx, data.changeRequestId, data.changedAt, revision, { status: data.status }),
    ChangeRequestContentEdited: async ({ data, revision, position }, tx) => {
      await touch(tx, data.changeRequestId, data.editedAt, revision, { revision: data.revision.id, tree: data.revision.tree });
      await contributed(tx, data.changeRequestId, data.revision.createdBy, data.editedAt, position);
    },
    ChangeRequestUpdatedFromMain: async ({ data, revision, position }, tx) => {
      await touch(tx, data.changeRequestId, data.updatedAt, revision, {
        revision: data.revision.id,
        tree: data.revision.tree,
        revisionMergedAncestor: data.mergedAncestor,
        treeMergedAncestor: data.mergedAncestorTree,
      });
      await contributed(tx, data.changeRequestId, data.revision.createdBy, data.updatedAt, position);
    },
    ChangeRequestReviewSubmitted: async ({ data, revision }, tx) => {
      const request = await tx.get<ChangeRequestReviewerDoc>(
        CHANGE_REQUEST_REVIEWERS,
        reviewerId(data.changeRequestId, { kind: 'user', user: data.reviewer }),
      );
      const doc: ChangeRequestReviewDoc = {
        id: data.reviewId,
        changeRequestId: data.changeRequestId,
        spaceId: data.spaceId,
        reviewer: data.reviewer,
        status: data.status,
        revision: data.revision,
        ...(data.comment ? { comment: data.comment } : {}),
        ...(request ? { requestedBy: request.requestedBy } : {}),
        createdAt: data.submittedAt,
      };
      await tx.upsert(CHANGE_REQUEST_REVIEWS, doc);
      await touch(tx, data.changeRequestId, data.submittedAt, revision);
    },
    ChangeRequestReviewersRequested: async ({ data, revision }, tx) => {
      for (const reviewer of data.reviewers) {
        const doc: ChangeRequestReviewerDoc = {
          id: reviewerId(data.changeRequestId, reviewer),
          changeRequestId: data.changeRequestId,
          spaceId: data.spaceId,
          kind: reviewer.kind,
          principalId: reviewer.kind === 'user' ? reviewer.user : reviewer.team,
          requestedBy: data.requestedBy,
          revision: data.revision,
          createdAt: data.requestedAt,
        };
        await tx.upsert(CHANGE_REQUEST_REVIEWERS, doc);
      }
      await touch(tx, data.changeRequestId, data.requestedAt, revision);
    },
    ChangeRequestReviewerRemoved: async ({ data, revision }, tx) => {
      await tx.delete(CHANGE_REQUEST_REVIEWERS, reviewerId(data.changeRequestId, data.reviewer));
      await touch(tx, data.changeRequestId, data.removedAt, revision);
    },
    // A merge under way is no change of the request the API shows: only the ETag moves, and its lease is kept.
    ChangeRequestMergeStarted: async ({ data, revision }, tx) =>
      tx.patch(CHANGE_REQUESTS, data.changeRequestId, { mergeExpiresAt: data.expiresAt, streamRevision: String(revision) }),
    ChangeRequestMergeAbandoned: async ({ data, revision }, tx) =>
      tx.patch(CHANGE_REQUESTS, data.changeRequestId, { mergeExpiresAt: undefined, streamRevision: String(revision) }),
    ChangeRequestConflictsMet: async ({ data, revision }, tx) => tx.patch(CHANGE_REQUESTS, data.changeRequestId, { streamRevision: String(revision) }),
    ChangeRequestMerged: async ({ data, revision }, tx) =>
      touch(tx, data.changeRequestId, data.mergedAt, revision, {
        status: 'merged',
        revisionMerged: data.revisionMerged,
        mergedBy: data.mergedBy,
        mergedAt: data.mergedAt,
        mergeExpiresAt: undefined,
      }),
    // Comments are not changes of the request: they move neither its `updatedAt` nor its ETag.
    ...openCommentHandlers(CHANGE_REQUESTS, (data) => data.changeRequestId),
  },
);
