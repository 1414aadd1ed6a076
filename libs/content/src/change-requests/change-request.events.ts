import { PageDocument } from '@folio/kernel/document/document.model';
import { RevisionRecord } from '../revisions/revision.model';

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
/** What PATCH may set: `merged` is reached only by merging. */
export type SettableStatus = Exclude<ChangeRequestStatus, 'merged'>;

export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type Reviewer = { kind: 'user'; user: string } | { kind: 'team'; team: string };

/** The pages and files a content edit touched, for `…/changes`, contributors and the audit trail. */
export interface ContentTouched {
  pagesCreated: string[];
  pagesUpdated: string[];
  pagesDeleted: string[];
  files: string[];
}

/**
 * Why a merge ended without main taking the request: it met conflicts, it failed (a refusal, an error), or
 * its process died and the mark outlived its lease.
 */
export type MergeAbandonReason = 'conflicts' | 'failed' | 'expired';

/** Every change-request event names its request, space and organization, so projections need no lookup. */
type Subject = {
  changeRequestId: string;
  spaceId: string;
  organizationId: string;
  number: number;
};

export type ChangeRequestEvent =
  | {
      type: 'ChangeRequestCreated';
      data: Subject & {
        subject: string;
        createdBy: string;
        /** The space's revision when the request was made: its `revisionInitial` and first head. */
        revision: string;
        tree: string;
        /** The insights issues cluster the request was made for (checked to exist when it was created). */
        conversationsIssuesCluster?: string;
        createdAt: string;
      };
    }
  | {
      /** `before` holds the previous value of every field in `changes`, for the audit trail. */
      type: 'ChangeRequestDetailsChanged';
      data: Subject & {
        changes: { subject?: string; description?: PageDocument | null };
        before: { subject?: string; description?: PageDocument | null };
        updatedAt: string;
      };
    }
  | {
      type: 'ChangeRequestStatusChanged';
      data: Subject & { status: 'draft' | 'open' | 'archived'; previousStatus: ChangeRequestStatus; changedAt: string };
    }
  | {
      /** A batch of content changes: one new `edits` revision, the request's new head. */
      type: 'ChangeRequestContentEdited';
      data: Subject & { revision: RevisionRecord; touched: ContentTouched; editedAt: string };
    }
  | {
      /**
       * Main pulled into the request: an `update` revision; `mergedAncestor` is main's revision it was built
       * on, `mergedAncestorTree` that revision's tree (the next merge's base, read without main's history).
       */
      type: 'ChangeRequestUpdatedFromMain';
      data: Subject & { revision: RevisionRecord; mergedAncestor: string; mergedAncestorTree: string; updatedAt: string };
    }
  | {
      type: 'ChangeRequestReviewSubmitted';
      data: Subject & {
        reviewId: string;
        reviewer: string;
        status: ReviewStatus;
        /** The request's head revision the review was made against. */
        revision: string;
        comment?: PageDocument;
        submittedAt: string;
      };
    }
  | {
      type: 'ChangeRequestReviewersRequested';
      data: Subject & { reviewers: Reviewer[]; requestedBy: string; revision: string; requestedAt: string };
    }
  | {
      type: 'ChangeRequestReviewerRemoved';
      data: Subject & { reviewer: Reviewer; removedAt: string };
    }
  | {
      /**
       * A merge began at the request's head `head` (`mergeId` names the attempt). Until it ends (merged) or
       * is abandoned nothing may change the head. After `expiresAt` the space refuses this attempt's append,
       * so a merge whose process died can be released without racing it.
       */
      type: 'ChangeRequestMergeStarted';
      data: Subject & { mergeId: string; head: string; startedAt: string; expiresAt: string };
    }
  | {
      /** The merge `mergeId` ended without main taking the request: the head may change again. */
      type: 'ChangeRequestMergeAbandoned';
      data: Subject & { mergeId: string; reason: MergeAbandonReason; abandonedAt: string };
    }
  | {
      /**
       * A merge or an update of the request met conflicts with main's revision `main` (tree `mainTree`) while
       * the head was `head` (tree `headTree`): what the request changes after this is its resolution of them.
       */
      type: 'ChangeRequestConflictsMet';
      data: Subject & { main: string; mainTree: string; head: string; headTree: string; metAt: string };
    }
  | {
      /** Main's `merge` revision `revisionMerged` (recorded on the space's stream) took this request's content. */
      type: 'ChangeRequestMerged';
      /** `previousStatus`: the status merging ended, so counters by status need no lookup. */
      data: Subject & { revisionMerged: string; mergedBy: string; previousStatus: SettableStatus; mergedAt: string };
    };

/** Streams are per space and number: the number is taken by appending at no-stream, so it is unique. */
export const changeRequestStream = (spaceId: string, number: number) => `changeRequest-${spaceId}.${number}`;
