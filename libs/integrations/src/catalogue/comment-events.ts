import { CatalogueEntry, EventData, pick } from './catalogue-entry';

/**
 * The collaboration context's comment events (CommentEvent), by the fields they carry. Bodies are never
 * sent (a comment may be long and is read with the subscriber's own token): a view names the thread,
 * its space and change request, the reply and who acted. Reactions are left out. The names are
 * the audit trail's actions for the same events (identity's comment-audit.ts): one vocabulary for both.
 */
const thread = (d: EventData) => pick(d, 'spaceId', 'changeRequestId', 'commentId');
const reply = (d: EventData) => pick(d, 'spaceId', 'changeRequestId', 'commentId', 'replyId');

export const COMMENT_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['CommentPosted', { name: 'comment.posted', view: (d) => ({ ...thread(d), ...pick(d, 'target', 'postedBy') }) }],
  ['CommentEdited', { name: 'comment.edited', view: (d) => ({ ...thread(d), ...pick(d, 'editedBy') }) }],
  ['CommentResolved', { name: 'comment.resolved', view: (d) => ({ ...thread(d), ...pick(d, 'resolvedBy') }) }],
  ['CommentReopened', { name: 'comment.reopened', view: (d) => ({ ...thread(d), ...pick(d, 'reopenedBy') }) }],
  ['CommentDeleted', { name: 'comment.deleted', view: (d) => ({ ...thread(d), ...pick(d, 'deletedBy', 'replyIds') }) }],
  ['CommentReplyPosted', { name: 'comment_reply.posted', view: (d) => ({ ...reply(d), ...pick(d, 'postedBy') }) }],
  ['CommentReplyEdited', { name: 'comment_reply.edited', view: (d) => ({ ...reply(d), ...pick(d, 'editedBy') }) }],
  ['CommentReplyResolved', { name: 'comment_reply.resolved', view: (d) => ({ ...reply(d), ...pick(d, 'resolvedBy') }) }],
  ['CommentReplyReopened', { name: 'comment_reply.reopened', view: (d) => ({ ...reply(d), ...pick(d, 'reopenedBy') }) }],
  ['CommentReplyDeleted', { name: 'comment_reply.deleted', view: (d) => ({ ...reply(d), ...pick(d, 'deletedBy') }) }],
] satisfies [string, CatalogueEntry][]);
