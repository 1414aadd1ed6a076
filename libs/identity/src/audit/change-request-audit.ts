/**
 * The audit trail of change requests, a content aggregate. Identity records it from the log, as it does
 * its own events; it names only the fields it reads of those events (which are never renamed, by the
 * house rules), so it needs nothing of the content context. Every action targets the request.
 */
interface ChangeRequestData {
  changeRequestId: string;
  spaceId: string;
  number: number;
  [field: string]: unknown;
}

type Entry = {
  action: string;
  describe: (data: ChangeRequestData) => { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
};

const of = (d: ChangeRequestData) => ({ spaceId: d.spaceId, number: d.number });
const revisionOf = (d: ChangeRequestData) => (d.revision as { id: string }).id;

const ENTRIES: Record<string, Entry> = {
  ChangeRequestCreated: { action: 'change_request.created', describe: (d) => ({ before: null, after: { ...of(d), subject: d.subject, revision: d.revision } }) },
  ChangeRequestDetailsChanged: {
    // `subject_changed` names the usual change; a description changed alone is recorded under it too.
    action: 'change_request.subject_changed',
    describe: (d) => ({ before: d.before as Record<string, unknown>, after: d.changes as Record<string, unknown> }),
  },
  ChangeRequestStatusChanged: { action: 'change_request.status_changed', describe: (d) => ({ before: { status: d.previousStatus }, after: { status: d.status } }) },
  ChangeRequestContentEdited: { action: 'change_request.content_edited', describe: (d) => ({ before: null, after: { revision: revisionOf(d), touched: d.touched } }) },
  ChangeRequestUpdatedFromMain: { action: 'change_request.updated', describe: (d) => ({ before: null, after: { revision: revisionOf(d), mergedAncestor: d.mergedAncestor } }) },
  ChangeRequestReviewSubmitted: {
    action: 'change_request.review_submitted',
    describe: (d) => ({ before: null, after: { reviewId: d.reviewId, status: d.status, revision: d.revision } }),
  },
  ChangeRequestReviewersRequested: { action: 'change_request.reviewers_requested', describe: (d) => ({ before: null, after: { reviewers: d.reviewers } }) },
  ChangeRequestReviewerRemoved: { action: 'change_request.reviewer_removed', describe: (d) => ({ before: { reviewer: d.reviewer }, after: null }) },
  ChangeRequestMerged: {
    action: 'change_request.merged',
    describe: (d) => ({ before: { status: d.previousStatus }, after: { status: 'merged', revisionMerged: d.revisionMerged } }),
  },
};

/** The change-request event types the audit records, with their action names and what each changed. */
export const CHANGE_REQUEST_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: ChangeRequestData) => ({ targetType: 'change-request', targetId: data.changeRequestId, ...describe(data) }) },
  ]),
);
