import { CatalogueEntry, changedFields, EventData, pick, revisionId } from './catalogue-entry';

/**
 * The content context's change-request events (ChangeRequestEvent), by the fields they carry. Every view
 * names the request (`spaceId`, `changeRequestId`, `number`); documents (a description, a review's
 * comment) are never sent: `change_request.subject_changed` says which fields changed, the subject's new value
 * with it. The merge's own steps (started, abandoned, conflicts met) are Folio's bookkeeping, not news.
 */
const request = (d: EventData) => pick(d, 'spaceId', 'changeRequestId', 'number');

function detailsChanged(d: EventData): EventData {
  const changes = typeof d.changes === 'object' && d.changes !== null ? (d.changes as EventData) : {};
  return { ...request(d), changed: changedFields(changes), ...pick(changes, 'subject') };
}

export const CHANGE_REQUEST_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['ChangeRequestCreated', { name: 'change_request.created', view: (d) => ({ ...request(d), ...pick(d, 'subject', 'createdBy'), ...revisionId(d.revision) }) }],
  ['ChangeRequestDetailsChanged', { name: 'change_request.subject_changed', view: detailsChanged }],
  ['ChangeRequestStatusChanged', { name: 'change_request.status_changed', view: (d) => ({ ...request(d), ...pick(d, 'status', 'previousStatus') }) }],
  ['ChangeRequestContentEdited', { name: 'change_request.content_edited', view: (d) => ({ ...request(d), ...revisionId(d.revision) }) }],
  ['ChangeRequestUpdatedFromMain', { name: 'change_request.updated', view: (d) => ({ ...request(d), ...revisionId(d.revision) }) }],
  ['ChangeRequestReviewersRequested', { name: 'change_request.reviewers_requested', view: (d) => ({ ...request(d), ...pick(d, 'reviewers', 'requestedBy') }) }],
  ['ChangeRequestReviewerRemoved', { name: 'change_request.reviewer_removed', view: (d) => ({ ...request(d), ...pick(d, 'reviewer') }) }],
  [
    'ChangeRequestReviewSubmitted',
    { name: 'change_request.review_submitted', view: (d) => ({ ...request(d), ...pick(d, 'reviewId', 'reviewer', 'status'), ...revisionId(d.revision) }) },
  ],
  [
    'ChangeRequestMerged',
    { name: 'change_request.merged', view: (d) => ({ ...request(d), ...pick(d, 'mergedBy', 'previousStatus'), ...revisionId(d.revisionMerged, 'revisionMerged') }) },
  ],
] satisfies [string, CatalogueEntry][]);
