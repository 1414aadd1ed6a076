import { FolioConfig } from '@folio/platform/config/config';
import { withETag } from '@folio/platform/http/etag';
import { profileOf, UserProfile } from '@folio/identity/public/user-profiles.query';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { SpaceDoc } from '../spaces/space.projection';
import {
  ChangeRequestContributorDoc,
  ChangeRequestDoc,
  ChangeRequestReviewDoc,
  ChangeRequestReviewerDoc,
} from './change-request.projection';

/** The User resource of `userId`; a user identity no longer knows still shows as one, by id. */
export const userOf = (users: Map<string, UserProfile>, userId: string, config: FolioConfig): UserProfile => profileOf(users, userId, config.publicUrl);

export const changeRequestLocation = (config: FolioConfig, cr: Pick<ChangeRequestDoc, 'spaceId' | 'id'>) =>
  `${config.publicUrl}/v1/spaces/${cr.spaceId}/change-requests/${cr.id}`;

/**
 * The ChangeRequest resource: every field the client's spec requires. `outdated`: main has moved past
 * the request's base (the revision it last took from main); a merged request is main's and never is.
 */
export function changeRequestResource(cr: ChangeRequestDoc, space: Pick<SpaceDoc, 'revision'>, users: Map<string, UserProfile>, config: FolioConfig) {
  const base = cr.revisionMergedAncestor ?? cr.revisionInitial;
  return withETag(
    {
      object: 'change-request' as const,
      id: cr.id,
      number: cr.number,
      status: cr.status,
      subject: cr.subject,
      ...(cr.description ? { description: cr.description } : {}),
      createdBy: userOf(users, cr.createdBy, config),
      ...(cr.conversationsIssuesCluster ? { conversationsIssuesCluster: cr.conversationsIssuesCluster } : {}),
      createdAt: cr.createdAt,
      updatedAt: cr.updatedAt,
      ...(cr.mergedBy ? { mergedBy: userOf(users, cr.mergedBy, config), mergedAt: cr.mergedAt } : {}),
      space: cr.spaceId,
      revision: cr.revision,
      revisionInitial: cr.revisionInitial,
      ...(cr.revisionMergedAncestor ? { revisionMergedAncestor: cr.revisionMergedAncestor } : {}),
      ...(cr.revisionMerged ? { revisionMerged: cr.revisionMerged } : {}),
      comments: cr.comments ?? 0,
      outdated: cr.status !== 'merged' && space.revision !== base,
      urls: {
        location: changeRequestLocation(config, cr),
        app: `${config.appUrl}/s/${cr.spaceId}/~/changes/${cr.number}`,
      },
    },
    cr.streamRevision,
  );
}

export type ChangeRequestResource = ReturnType<typeof changeRequestResource>;

/** Every user a request's resource names. */
export const changeRequestUsers = (cr: ChangeRequestDoc) => [cr.createdBy, cr.mergedBy];

/**
 * The ChangeRequestReview resource. A review's comment is a Comment of the spec: posted by the
 * reviewer with the review, on the request, at the revision reviewed; its body in the `format` asked.
 */
export function reviewResource(
  review: ChangeRequestReviewDoc,
  cr: ChangeRequestDoc,
  users: Map<string, UserProfile>,
  config: FolioConfig,
  format: 'document' | 'markdown' = 'document',
) {
  const location = `${changeRequestLocation(config, cr)}/reviews/${review.id}`;
  const reviewer = userOf(users, review.reviewer, config);
  return {
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision,
    reviewer,
    ...(review.requestedBy ? { requestedBy: userOf(users, review.requestedBy, config) } : {}),
    status: review.status,
    outdated: review.revision !== cr.revision,
    ...(review.comment
      ? {
          comment: {
            object: 'comment' as const,
            id: review.id,
            status: 'open' as const,
            postedBy: reviewer,
            postedAt: review.createdAt,
            reactions: [],
            replies: 0,
            repliers: [],
            body: format === 'markdown' ? { markdown: documentToMarkdown(review.comment) } : { document: review.comment },
            target: { space: cr.spaceId, revision: review.revision, changeRequest: cr.id, review: review.id },
            urls: { location },
            permissions: { view: true, edit: false, reply: false, delete: false },
          },
        }
      : {}),
    createdAt: review.createdAt,
    updatedAt: review.createdAt,
    urls: { location },
  };
}

export const reviewUsers = (review: ChangeRequestReviewDoc) => [review.reviewer, review.requestedBy];

/** The ChangeRequestRequestedReviewer resource: a user or a team, who asked and at which revision. */
export function requestedReviewerResource(doc: ChangeRequestReviewerDoc, users: Map<string, UserProfile>, config: FolioConfig) {
  const common = {
    object: 'change-request-requested-reviewer' as const,
    revision: doc.revision,
    requestedBy: userOf(users, doc.requestedBy, config),
    createdAt: doc.createdAt,
  };
  return doc.kind === 'user'
    ? { ...common, kind: 'user' as const, user: userOf(users, doc.principalId, config) }
    : { ...common, kind: 'team' as const, team: { object: 'team' as const, id: doc.principalId } };
}

export const reviewerUsers = (doc: ChangeRequestReviewerDoc) => [doc.requestedBy, doc.kind === 'user' ? doc.principalId : undefined];

/** The ChangeRequestUserContributor resource. */
export function contributorResource(doc: ChangeRequestContributorDoc, users: Map<string, UserProfile>, config: FolioConfig) {
  return { user: userOf(users, doc.userId, config), count: doc.count, updatedAt: doc.updatedAt, actionType: doc.actionType };
}
