import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { CommentBody, CommentEvent, CommentTarget } from './comment.events';

export const COMMENTS = 'comments';
export const COMMENT_REPLIES = 'commentReplies';
export const COMMENTERS = 'commenters';

/** Where a comment lives: its space, or `<spaceId>/<changeRequestId>` for one on a change request. */
export const scopeOf = (spaceId: string, changeRequestId: string | null) => (changeRequestId === null ? spaceId : `${spaceId}/${changeRequestId}`);

/** One emoji's reactions: the users in the order they reacted. */
export interface ReactionDoc {
  emoji: string;
  users: { userId: string; reactedAt: string }[];
}

/** What a comment's and a reply's documents both hold. */
interface PostDoc {
  id: string;
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
  scope: string;
  body: CommentBody;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: string;
  /** Emojis in the order they were first reacted with. */
  reactions: ReactionDoc[];
  /** Log position of the last event applied: a replayed one changes nothing. */
  position: string;
  [key: string]: unknown;
}

/** One document per live comment (a deleted one is removed), keyed by its id. */
export interface CommentDoc extends PostDoc {
  revision: string;
  target: CommentTarget;
  /** `target.page`, or null: the page filter's index key. */
  pageId: string | null;
  /** Live replies. */
  replies: number;
  /** The users with live replies, in the order of their first one; `updatedAt`: their latest reply counted. */
  repliers: { userId: string; count: number; updatedAt: string }[];
}

/** One document per live reply, keyed by the reply's id. */
export interface CommentReplyDoc extends PostDoc {
  commentId: string;
}

/** A member with live comments or replies in a scope, keyed `<scope>:<userId>`; removed when none is left. */
export interface CommenterDoc {
  id: string;
  scope: string;
  organizationId: string;
  userId: string;
  /** Live comments plus live replies by the user in the scope. */
  count: number;
  /** When the user's first contribution counted since the count was last zero was posted. */
  firstPostedAt: string;
  position: string;
  [key: string]: unknown;
}

export const commenterId = (scope: string, userId: string) => `${scope}:${userId}`;

/** True when the document already holds the effect of the event at `position`. */
const applied = (doc: { position: string }, position: string) => comparePositions(position, doc.position) <= 0;

/** Applies `change` to a live document once: missing, or already past `position`, it is left alone. */
async function update<T extends { id: string; position: string; [key: string]: unknown }>(
  tx: ReadTransaction,
  collection: string,
  id: string,
  position: string,
  change: (doc: T) => void,
) {
  const doc = await tx.get<T>(collection, id);
  if (!doc || applied(doc, position)) return;
  change(doc);
  await tx.upsert(collection, { ...doc, position });
}

const updateComment = (tx: ReadTransaction, id: string, position: string, change: (doc: CommentDoc) => void) =>
  update<CommentDoc>(tx, COMMENTS, id, position, change);
const updateReply = (tx: ReadTransaction, id: string, position: string, change: (doc: CommentReplyDoc) => void) =>
  update<CommentReplyDoc>(tx, COMMENT_REPLIES, id, position, change);

/** A user reacting twice with one emoji changes nothing; a new emoji goes last, a new user last among its users. */
function react(reactions: ReactionDoc[], emoji: string, userId: string, reactedAt: string): ReactionDoc[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) return [...reactions, { emoji, users: [{ userId, reactedAt }] }];
  if (existing.users.some((u) => u.userId === userId)) return reactions;
  return reactions.map((r) => (r === existing ? { emoji, users: [...r.users, { userId, reactedAt }] } : r));
}

/** The user's reaction goes; an emoji left with no user goes too. */
function unreact(reactions: ReactionDoc[], emoji: string, userId: string): ReactionDoc[] {
  return reactions
    .map((r) => (r.emoji === emoji ? { emoji, users: r.users.filter((u) => u.userId !== userId) } : r))
    .filter((r) => r.users.length > 0);
}

function edit(doc: PostDoc, body: CommentBody, editedAt: string) {
  doc.body = body;
  doc.editedAt = editedAt;
}

function resolve(doc: PostDoc, resolvedBy: string, resolvedAt: string) {
  doc.status = 'resolved';
  doc.resolvedAt = resolvedAt;
  doc.resolvedBy = resolvedBy;
}

function reopen(doc: PostDoc) {
  doc.status = 'open';
  delete doc.resolvedAt;
  delete doc.resolvedBy;
}

/**
 * Moves a user's commenter count in a scope by `delta`, once per event (so an event moving one user
 * several times must sum the moves first). The first contribution creates the document; the count
 * reaching zero removes it.
 */
async function countCommenter(
  tx: ReadTransaction,
  ref: { scope: string; organizationId: string },
  userId: string,
  delta: number,
  at: string,
  position: string,
) {
  const id = commenterId(ref.scope, userId);
  const previous = await tx.get<CommenterDoc>(COMMENTERS, id);
  if (previous && applied(previous, position)) return;
  if (!previous && delta <= 0) return;
  const count = (previous?.count ?? 0) + delta;
  if (count <= 0) {
    await tx.delete(COMMENTERS, id);
    return;
  }
  const doc: CommenterDoc = {
    id,
    scope: ref.scope,
    organizationId: ref.organizationId,
    userId,
    count,
    firstPostedAt: previous?.firstPostedAt ?? at,
    position,
  };
  await tx.upsert(COMMENTERS, doc);
}

/**
 * The comment threads' read models. Every document carries the position of the last event applied to it
 * and ignores events at or before it, so a replayed event never counts a reply, a reaction or a
 * commenter twice (the counts are increments, not recomputations).
 */
export const commentProjection = defineProjection<CommentEvent>(
  'collaboration-comments',
  [
    {
      name: COMMENTS,
      indexes: [
        ['scope', 'postedAt'],
        ['scope', 'status', 'postedAt'],
        ['scope', 'pageId', 'postedAt'],
        ['scope', 'postedBy', 'postedAt'],
        ['spaceId'],
      ],
    },
    { name: COMMENT_REPLIES, indexes: [['commentId', 'postedAt']] },
    { name: COMMENTERS, indexes: [['scope', 'firstPostedAt']] },
  ],
  {
    CommentPosted: async ({ data, position }, tx) => {
      if (await tx.get(COMMENTS, data.commentId)) return;
      const scope = scopeOf(data.spaceId, data.changeRequestId);
      const doc: CommentDoc = {
        id: data.commentId,
        organizationId: data.organizationId,
        spaceId: data.spaceId,
        changeRequestId: data.changeRequestId,
        scope,
        revision: data.revision,
        target: data.target,
        pageId: data.target.page ?? null,
        body: data.body,
        postedBy: data.postedBy,
        postedAt: data.postedAt,
        status: 'open',
        reactions: [],
        replies: 0,
        repliers: [],
        position,
      };
      await tx.upsert(COMMENTS, doc);
      await countCommenter(tx, { scope, organizationId: data.organizationId }, data.postedBy, 1, data.postedAt, position);
    },
    CommentEdited: async ({ data, position }, tx) => updateComment(tx, data.commentId, position, (doc) => edit(doc, data.body, data.editedAt)),
    CommentResolved: async ({ data, position }, tx) =>
      updateComment(tx, data.commentId, position, (doc) => resolve(doc, data.resolvedBy, data.resolvedAt)),
    CommentReopened: async ({ data, position }, tx) => updateComment(tx, data.commentId, position, reopen),
    CommentDeleted: async ({ data, position }, tx) => {
      const scope = scopeOf(data.spaceId, data.changeRequestId);
      // What each author loses: the comment and the replies that go with it (those still here).
      const lost = new Map<string, number>();
      const lose = (userId: string) => lost.set(userId, (lost.get(userId) ?? 0) + 1);
      const comment = await tx.get<CommentDoc>(COMMENTS, data.commentId);
      if (comment) {
        lose(comment.postedBy);
        await tx.delete(COMMENTS, data.commentId);
      }
      for (const replyId of data.replyIds) {
        const reply = await tx.get<CommentReplyDoc>(COMMENT_REPLIES, replyId);
        if (!reply) continue;
        lose(reply.postedBy);
        await tx.delete(COMMENT_REPLIES, replyId);
      }
      for (const [userId, count] of lost) {
        await countCommenter(tx, { scope, organizationId: data.organizationId }, userId, -count, data.deletedAt, position);
      }
    },
    CommentReplyPosted: async ({ data, position }, tx) => {
      // A reply to a comment the model no longer holds (deleted since: a replay) has nothing to join.
      if (!(await tx.get(COMMENTS, data.commentId)) || (await tx.get(COMMENT_REPLIES, data.replyId))) return;
      const scope = scopeOf(data.spaceId, data.changeRequestId);
      const doc: CommentReplyDoc = {
        id: data.replyId,
        commentId: data.commentId,
        organizationId: data.organizationId,
        spaceId: data.spaceId,
        changeRequestId: data.changeRequestId,
        scope,
        body: data.body,
        postedBy: data.postedBy,
        postedAt: data.postedAt,
        status: 'open',
        reactions: [],
        position,
      };
      await tx.upsert(COMMENT_REPLIES, doc);
      await updateComment(tx, data.commentId, position, (comment) => {
        comment.replies += 1;
        const replier = comment.repliers.find((r) => r.userId === data.postedBy);
        if (replier) {
          replier.count += 1;
          replier.updatedAt = data.postedAt;
        } else {
          comment.repliers.push({ userId: data.postedBy, count: 1, updatedAt: data.postedAt });
        }
      });
      await countCommenter(tx, { scope, organizationId: data.organizationId }, data.postedBy, 1, data.postedAt, position);
    },
    CommentReplyEdited: async ({ data, position }, tx) => updateReply(tx, data.replyId, position, (doc) => edit(doc, data.body, data.editedAt)),
    CommentReplyResolved: async ({ data, position }, tx) =>
      updateReply(tx, data.replyId, position, (doc) => resolve(doc, data.resolvedBy, data.resolvedAt)),
    CommentReplyReopened: async ({ data, position }, tx) => updateReply(tx, data.replyId, position, reopen),
    CommentReplyDeleted: async ({ data, position }, tx) => {
      const reply = await tx.get<CommentReplyDoc>(COMMENT_REPLIES, data.replyId);
      if (!reply) return;
      await tx.delete(COMMENT_REPLIES, data.replyId);
      await updateComment(tx, data.commentId, position, (comment) => {
        comment.replies = Math.max(0, comment.replies - 1);
        // A replier's `updatedAt` stays: it is when their latest counted reply was posted.
        comment.repliers = comment.repliers
          .map((r) => (r.userId === reply.postedBy ? { ...r, count: r.count - 1 } : r))
          .filter((r) => r.count > 0);
      });
      await countCommenter(tx, reply, reply.postedBy, -1, data.deletedAt, position);
    },
    CommentReactionAdded: async ({ data, position }, tx) => {
      const change = (doc: PostDoc) => {
        doc.reactions = react(doc.reactions, data.emoji, data.userId, data.reactedAt);
      };
      await (data.replyId === undefined ? updateComment(tx, data.commentId, position, change) : updateReply(tx, data.replyId, position, change));
    },
    CommentReactionRemoved: async ({ data, position }, tx) => {
      const change = (doc: PostDoc) => {
        doc.reactions = unreact(doc.reactions, data.emoji, data.userId);
      };
      await (data.replyId === undefined ? updateComment(tx, data.commentId, position, change) : updateReply(tx, data.replyId, position, change));
    },
  },
);
