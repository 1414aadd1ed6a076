import { PageDocument } from '../documents/document.model';
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
      /** Main's `merge` revision `revisionMerged` (recorded on the space's stream) took this request's content. */
      type: 'ChangeRequestMerged';
      /** `previousStatus`: the status merging ended, so counters by status need no lookup. */
      data: Subject & { revisionMerged: string; mergedBy: string; previousStatus: SettableStatus; mergedAt: string };
    };

/** Streams are per space and number: the number is taken by appending at no-stream, so it is unique. */
export const changeRequestStream = (spaceId: string, number: number) => `changeRequest-${spaceId}.${number}`;
