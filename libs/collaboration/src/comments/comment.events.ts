/**
 * A comment thread: one top-level comment and its replies, on a space or on one of its change requests.
 * Every event names the organization, the space and the request (null on a space) so that what reacts to
 * them elsewhere (the open-comment counts, the audit trail) needs nothing but the event.
 */

/** A comment's body as stored: a JSON document of the client spec (the content context's page document). */
export interface CommentBody {
  object: 'document';
  data: Record<string, unknown>;
  nodes: unknown[];
}

/** Where in the content a comment points: a page, a block of it (its key), a cell of a table block. */
export interface CommentTarget {
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
}

/**
 * What every event of a thread carries. Type aliases, not interfaces: an event's data must be assignable
 * to `DomainEvent['data']` (a record), which an interface is not.
 */
type ThreadRef = {
  commentId: string;
  organizationId: string;
  spaceId: string;
  /** The change request's id; null for a comment on the space itself. */
  changeRequestId: string | null;
};

/** An event about one reply of the thread. */
type ReplyRef = ThreadRef & { replyId: string };

export type CommentEvent =
  | {
      type: 'CommentPosted';
      /** `revision`: the content the target was checked against (the space's or the request's head). */
      data: ThreadRef & { revision: string; target: CommentTarget; body: CommentBody; postedBy: string; postedAt: string };
    }
  | { type: 'CommentEdited'; data: ThreadRef & { body: CommentBody; editedBy: string; editedAt: string } }
  | { type: 'CommentResolved'; data: ThreadRef & { resolvedBy: string; resolvedAt: string } }
  | { type: 'CommentReopened'; data: ThreadRef & { reopenedBy: string; reopenedAt: string } }
  | {
      type: 'CommentDeleted';
      /**
       * `wasOpen`: whether it counted among the open comments; `replyIds`: the replies that go with it.
       * `reason`: absent when someone deleted it, `space-purged` when its space was purged.
       */
      data: ThreadRef & { deletedBy: string; deletedAt: string; wasOpen: boolean; replyIds: string[]; reason?: 'space-purged' };
    }
  | { type: 'CommentReplyPosted'; data: ReplyRef & { body: CommentBody; postedBy: string; postedAt: string } }
  | { type: 'CommentReplyEdited'; data: ReplyRef & { body: CommentBody; editedBy: string; editedAt: string } }
  | { type: 'CommentReplyResolved'; data: ReplyRef & { resolvedBy: string; resolvedAt: string } }
  | { type: 'CommentReplyReopened'; data: ReplyRef & { reopenedBy: string; reopenedAt: string } }
  | { type: 'CommentReplyDeleted'; data: ReplyRef & { deletedBy: string; deletedAt: string } }
  /** On the comment, or on one of its replies when `replyId` is set. */
  | { type: 'CommentReactionAdded'; data: ThreadRef & { replyId?: string; emoji: string; userId: string; reactedAt: string } }
  | { type: 'CommentReactionRemoved'; data: ThreadRef & { replyId?: string; emoji: string; userId: string; removedAt: string } };

export const commentStream = (commentId: string) => `comment-${commentId}`;
