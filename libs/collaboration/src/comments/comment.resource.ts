import { commentBodyAs, PageDocument } from '@folio/content/public/comment-body';
import { profileOf, UserProfile } from '@folio/identity/public/user-profiles.query';
import { CommentDoc, CommentReplyDoc, ReactionDoc } from './comment.projection';

/** What the comment resources need besides the documents: who is asking, with which rights, in which format. */
export interface CommentContext {
  /** The User resources of the users the resources name (`commentUsers`, `replyUsers`), by id. */
  users: Map<string, UserProfile>;
  callerId: string;
  /** The caller's rights on the space (or the request's space). */
  rights: { comment: boolean; review: boolean; admin: boolean };
  format: 'document' | 'markdown';
  publicUrl: string;
}

const userOf = (ctx: CommentContext, userId: string): UserProfile => profileOf(ctx.users, userId, ctx.publicUrl);

/** The API address of a comment: under its space, or under its change request. */
export function commentLocation(publicUrl: string, comment: Pick<CommentDoc, 'id' | 'spaceId' | 'changeRequestId'>): string {
  const base = `${publicUrl}/v1/spaces/${comment.spaceId}`;
  return `${comment.changeRequestId === null ? base : `${base}/change-requests/${comment.changeRequestId}`}/comments/${comment.id}`;
}

/** The spec's EmojiReactions: emojis in first-reaction order, users in reaction order. */
const reactionsOf = (reactions: ReactionDoc[], ctx: CommentContext) =>
  reactions.map((r) => ({
    emoji: r.emoji,
    count: r.users.length,
    users: r.users.map((u) => ({ user: userOf(ctx, u.userId), reactedAt: u.reactedAt })),
  }));

/** Anyone who may see it may view it; its author edits it; the comment right replies; its author or an admin deletes it. */
const permissionsOf = (postedBy: string, ctx: CommentContext) => ({
  view: true,
  edit: ctx.callerId === postedBy,
  reply: ctx.rights.comment,
  delete: ctx.callerId === postedBy || ctx.rights.admin,
});

// The stored body is the content context's page document (checked when posted), typed loosely here.
const bodyOf = (doc: CommentDoc | CommentReplyDoc, ctx: CommentContext) => commentBodyAs(doc.body as PageDocument, ctx.format);

/** The spec's Comment: open, or resolved with when and by whom. */
export function commentResource(doc: CommentDoc, ctx: CommentContext) {
  const { page, node, tableCell } = doc.target;
  const common = {
    object: 'comment' as const,
    id: doc.id,
    postedBy: userOf(ctx, doc.postedBy),
    postedAt: doc.postedAt,
    ...(doc.editedAt ? { editedAt: doc.editedAt } : {}),
    reactions: reactionsOf(doc.reactions, ctx),
    replies: doc.replies,
    // The spec's UserContributor: the user, how many live replies, when their latest was posted.
    repliers: doc.repliers.map((r) => ({ user: userOf(ctx, r.userId), count: r.count, updatedAt: r.updatedAt })),
    body: bodyOf(doc, ctx),
    target: {
      space: doc.spaceId,
      revision: doc.revision,
      ...(page !== undefined ? { page: { id: page } } : {}),
      ...(node !== undefined ? { node: { id: node } } : {}),
      ...(tableCell ? { tableCell: { record: tableCell.record, definition: tableCell.definition } } : {}),
      ...(doc.changeRequestId !== null ? { changeRequest: doc.changeRequestId } : {}),
    },
    urls: { location: commentLocation(ctx.publicUrl, doc) },
    permissions: permissionsOf(doc.postedBy, ctx),
  };
  return { ...common, ...statusOf(doc, ctx) };
}

/** Open, or resolved with when and by whom (the projection sets both with the status). */
const statusOf = (doc: CommentDoc | CommentReplyDoc, ctx: CommentContext) =>
  doc.status === 'resolved'
    ? { status: 'resolved' as const, resolvedAt: doc.resolvedAt!, resolvedBy: userOf(ctx, doc.resolvedBy!) }
    : { status: 'open' as const };

export type CommentResource = ReturnType<typeof commentResource>;

/**
 * The spec's CommentReply, with the seed's resolution beside it: a change request's replies can be
 * resolved (the spec's PUT takes `resolved` there), and the caller who did sees it (always open on a space).
 */
export function commentReplyResource(doc: CommentReplyDoc, comment: CommentDoc, ctx: CommentContext) {
  return {
    object: 'comment-reply' as const,
    id: doc.id,
    postedBy: userOf(ctx, doc.postedBy),
    postedAt: doc.postedAt,
    ...(doc.editedAt ? { editedAt: doc.editedAt } : {}),
    reactions: reactionsOf(doc.reactions, ctx),
    body: bodyOf(doc, ctx),
    urls: { location: `${commentLocation(ctx.publicUrl, comment)}/replies/${doc.id}` },
    permissions: permissionsOf(doc.postedBy, ctx),
    ...statusOf(doc, ctx),
  };
}

export type CommentReplyResource = ReturnType<typeof commentReplyResource>;

const reactionUsers = (reactions: ReactionDoc[]) => reactions.flatMap((r) => r.users.map((u) => u.userId));

/** Every user a comment's resource names: for one read of their profiles (with the others of a page). */
export const commentUsers = (doc: CommentDoc): string[] => [
  doc.postedBy,
  ...(doc.status === 'resolved' && doc.resolvedBy ? [doc.resolvedBy] : []),
  ...doc.repliers.map((r) => r.userId),
  ...reactionUsers(doc.reactions),
];

/** Every user a reply's resource names. */
export const replyUsers = (doc: CommentReplyDoc): string[] => [
  doc.postedBy,
  ...(doc.status === 'resolved' && doc.resolvedBy ? [doc.resolvedBy] : []),
  ...reactionUsers(doc.reactions),
];
