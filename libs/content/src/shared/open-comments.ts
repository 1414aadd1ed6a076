import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { Doc, ReadTransaction } from '@folio/platform/read-store/read-store.port';

/**
 * Collaboration's comment events as content counts them: the open comments of a space and of each
 * change request (their `comments`). Content names only the fields it reads of those events (which are
 * never renamed, by the house rules), so it needs nothing of the collaboration context.
 */
interface CommentData {
  spaceId: string;
  /** Null for a comment on the space itself. */
  changeRequestId: string | null;
  [field: string]: unknown;
}

export type OpenCommentEvent =
  | { type: 'CommentPosted'; data: CommentData }
  | { type: 'CommentResolved'; data: CommentData }
  | { type: 'CommentReopened'; data: CommentData }
  /** `wasOpen`: whether the comment counted among the open ones when it went. */
  | { type: 'CommentDeleted'; data: CommentData & { wasOpen: boolean } };

/** What a document keeps of its open comments (absent: none yet). */
export interface OpenComments {
  comments?: number;
  /** Log position of the last comment event counted, so a replayed one is not counted twice. */
  commentsPosition?: string;
}

/**
 * The handlers that keep `comments` on the documents of `collection`: each event moves the count of the
 * document `counter` names for its comment (null: a comment it does not count), never below zero.
 */
export function openCommentHandlers(collection: string, counter: (data: CommentData) => string | null) {
  const count =
    <D extends CommentData>(delta: (data: D) => number) =>
    async ({ data, position }: { data: D; position: string }, tx: ReadTransaction) => {
      const id = counter(data);
      const by = delta(data);
      if (id === null || by === 0) return;
      const doc = await tx.get<Doc & OpenComments>(collection, id);
      if (!doc || comparePositions(position, doc.commentsPosition ?? null) <= 0) return;
      await tx.patch(collection, id, { comments: Math.max(0, (doc.comments ?? 0) + by), commentsPosition: position });
    };
  return {
    CommentPosted: count(() => 1),
    CommentResolved: count(() => -1),
    CommentReopened: count(() => 1),
    CommentDeleted: count<CommentData & { wasOpen: boolean }>((data) => (data.wasOpen ? -1 : 0)),
  };
}
