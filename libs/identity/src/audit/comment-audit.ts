/**
 * The audit trail of comment threads, a collaboration aggregate. Identity records it from the log, as it
 * does change requests: it names only the fields it reads of those events (which are never renamed, by
 * the house rules), so it needs nothing of the collaboration context. No body is recorded: bodies can be
 * large, and the thread's stream keeps every version. Reactions are not audited.
 */
interface ThreadData {
  commentId: string;
  spaceId: string;
  /** Null for a comment on the space itself. */
  changeRequestId: string | null;
  [field: string]: unknown;
}

interface ReplyData extends ThreadData {
  replyId: string;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry<D> = { action: string; describe: (data: D) => Change };

/** An edit or a reply's deletion: the action, actor and time say it all. */
const bare = (): Change => ({ before: null, after: null });
const statusChange = (from: 'open' | 'resolved', to: 'open' | 'resolved') => (): Change => ({ before: { status: from }, after: { status: to } });
const placeOf = (d: ThreadData) => ({ spaceId: d.spaceId, changeRequestId: d.changeRequestId });

const COMMENTS: Record<string, Entry<ThreadData>> = {
  CommentPosted: { action: 'comment.posted', describe: (d) => ({ before: null, after: { ...placeOf(d), target: d.target } }) },
  CommentEdited: { action: 'comment.edited', describe: bare },
  CommentResolved: { action: 'comment.resolved', describe: statusChange('open', 'resolved') },
  CommentReopened: { action: 'comment.reopened', describe: statusChange('resolved', 'open') },
  CommentDeleted: {
    action: 'comment.deleted',
    // The reason (a purged space) is kept with what was deleted, so that every deletion's `after` is null.
    describe: (d) => ({
      before: { status: d.wasOpen ? 'open' : 'resolved', replies: (d.replyIds as string[]).length, ...(d.reason ? { reason: d.reason } : {}) },
      after: null,
    }),
  },
};

const REPLIES: Record<string, Entry<ReplyData>> = {
  CommentReplyPosted: { action: 'comment_reply.posted', describe: (d) => ({ before: null, after: { commentId: d.commentId, ...placeOf(d) } }) },
  CommentReplyEdited: { action: 'comment_reply.edited', describe: bare },
  CommentReplyResolved: { action: 'comment_reply.resolved', describe: statusChange('open', 'resolved') },
  CommentReplyReopened: { action: 'comment_reply.reopened', describe: statusChange('resolved', 'open') },
  CommentReplyDeleted: { action: 'comment_reply.deleted', describe: bare },
};

const targeting = <D extends ThreadData>(entries: Record<string, Entry<D>>, targetType: string, targetId: (data: D) => string) =>
  Object.fromEntries(
    Object.entries(entries).map(([type, { action, describe }]) => [
      type,
      { action, describe: (data: D) => ({ targetType, targetId: targetId(data), ...describe(data) }) },
    ]),
  );

/** The comment event types the audit records, with their action names and what each changed. */
export const COMMENT_AUDIT = {
  ...targeting(COMMENTS, 'comment', (d) => d.commentId),
  ...targeting(REPLIES, 'comment-reply', (d) => d.replyId),
};
