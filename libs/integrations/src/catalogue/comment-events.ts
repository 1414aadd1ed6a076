import { CatalogueEntry, EventData, pick } from './catalogue-entry';

/**
 * The collaboration context's comment events (CommentEvent), by the fields they carry. Bodies are never
 * sent (a comment may be long and is read with the subscriber's own token): a view names the thread,
 * its space and change request, the reply and who acted. Reactions and a reply's resolution are left out.
 */
const thread = (d: EventData) => pick(d, 'spaceId', 'changeRequestId', 'commentId');
const reply = (d: EventData) => pick(d, 'spaceId', 'changeRequestId', 'commentId', 'replyId');

export const COMMENT_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['CommentPosted', { name: 'comment.created', view: (d) => ({ ...thread(d), ...pick(d, 'target', 'postedBy') }) }],
  ['CommentEdited', { name: 'comment.updated', view: (d) => ({ ...thread(d), ...pick(d, 'editedBy') }) }],
  ['CommentResolved', { name: 'comment.resolved', view: (d) => ({ ...thread(d), ...pick(d, 'resolvedBy') }) }],
  ['CommentReopened', { name: 'comment.reopened', view: (d) => ({ ...thread(d), ...pick(d, 'reopenedBy') }) }],
  ['CommentDeleted', { name: 'comment.deleted', view: (d) => ({ ...thread(d), ...pick(d, 'deletedBy', 'replyIds') }) }],
  ['CommentReplyPosted', { name: 'comment.reply_created', view: (d) => ({ ...reply(d), ...pick(d, 'postedBy') }) }],
  ['CommentReplyEdited', { name: 'comment.reply_updated', view: (d) => ({ ...reply(d), ...pick(d, 'editedBy') }) }],
  ['CommentReplyDeleted', { name: 'comment.reply_deleted', view: (d) => ({ ...reply(d), ...pick(d, 'deletedBy') }) }],
] satisfies [string, CatalogueEntry][]);
