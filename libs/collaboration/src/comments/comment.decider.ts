import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Forbidden, Invalid, NotFound } from '@folio/platform/domain/errors';
import { withEntry } from '@folio/platform/domain/with-entry';
import { CommentBody, CommentEvent, CommentTarget } from './comment.events';

/**
 * Who reacted with each emoji, in reaction order; emoji in first-reaction order. Maps, as the replies: their
 * keys come from requests (a reply id in a path), and a plain object would answer `__proto__` or `constructor`.
 */
type Reactions = ReadonlyMap<string, string[]>;

interface ReplyState {
  postedBy: string;
  resolved: boolean;
  reactions: Reactions;
}

interface Thread {
  commentId: string;
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
}

export type CommentState =
  | { status: 'none' }
  | { status: 'open' | 'resolved' | 'deleted'; thread: Thread; postedBy: string; reactions: Reactions; replies: ReadonlyMap<string, ReplyState> };

type Posted = Exclude<CommentState, { status: 'none' }>;
type Live = Posted & { status: 'open' | 'resolved' };

/** What the caller's effective role on the space allows (the handler reads it; the rules are here). */
export interface Rights {
  comment: boolean;
  review: boolean;
  admin: boolean;
}

/** What a PUT may change at once, in the order it is applied. */
export interface Changes {
  body?: CommentBody;
  resolved?: boolean;
  addedReactions?: string[];
  removedReactions?: string[];
}

interface Acting {
  actor: string;
  rights: Rights;
  now: string;
}

/** Where the caller found the comment: a thread elsewhere (another space, another request) is not there. */
interface At {
  at: { spaceId: string; changeRequestId: string | null };
}

export type CommentCommand =
  | ({ type: 'PostComment'; thread: Thread; revision: string; target: CommentTarget; body: CommentBody } & Acting)
  | ({ type: 'UpdateComment'; changes: Changes } & Acting & At)
  | ({ type: 'DeleteComment' } & Acting & At)
  /** A purged space takes its comments along: the system acts, no one's rights apply. */
  | { type: 'PurgeComment'; actor: string; now: string }
  | ({ type: 'PostReply'; replyId: string; body: CommentBody } & Acting & At)
  | ({ type: 'UpdateReply'; replyId: string; changes: Changes } & Acting & At)
  | ({ type: 'DeleteReply'; replyId: string } & Acting & At);

export const initialState: CommentState = { status: 'none' };

export function evolve(state: CommentState, event: CommentEvent): CommentState {
  if (event.type === 'CommentPosted') {
    const { commentId, organizationId, spaceId, changeRequestId, postedBy } = event.data;
    return { status: 'open', thread: { commentId, organizationId, spaceId, changeRequestId }, postedBy, reactions: new Map(), replies: new Map() };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CommentEdited':
    case 'CommentReplyEdited':
      return state;
    case 'CommentResolved':
      return { ...state, status: 'resolved' };
    case 'CommentReopened':
      return { ...state, status: 'open' };
    case 'CommentDeleted':
      return { ...state, status: 'deleted' };
    case 'CommentReplyPosted':
      return { ...state, replies: withEntry(state.replies, event.data.replyId, { postedBy: event.data.postedBy, resolved: false, reactions: new Map() }) };
    case 'CommentReplyResolved':
    case 'CommentReplyReopened':
      return withReply(state, event.data.replyId, (reply) => ({ ...reply, resolved: event.type === 'CommentReplyResolved' }));
    case 'CommentReplyDeleted':
      return { ...state, replies: withEntry(state.replies, event.data.replyId, undefined) };
    case 'CommentReactionAdded':
    case 'CommentReactionRemoved': {
      const { replyId, emoji, userId } = event.data;
      const change = (reactions: Reactions) => (event.type === 'CommentReactionAdded' ? react(reactions, emoji, userId) : unreact(reactions, emoji, userId));
      if (replyId === undefined) return { ...state, reactions: change(state.reactions) };
      return withReply(state, replyId, (reply) => ({ ...reply, reactions: change(reply.reactions) }));
    }
  }
}

export function decide(command: CommentCommand, state: CommentState): CommentEvent[] {
  switch (command.type) {
    case 'PostComment': {
      if (state.status !== 'none') throw new Conflict('comment already exists');
      assertMay(command.rights.comment, 'comment on this content');
      const { thread, revision, target, body, actor, now } = command;
      return [{ type: 'CommentPosted', data: { ...thread, revision, target, body, postedBy: actor, postedAt: now } }];
    }
    case 'UpdateComment': {
      const comment = live(state, command);
      assertMay(command.rights.comment, 'change comments here');
      return update(comment, command, { postedBy: comment.postedBy, resolved: comment.status === 'resolved', reactions: comment.reactions });
    }
    case 'DeleteComment': {
      if (!isLiveAt(state, command)) return [];
      assertMay(command.rights.comment && (command.actor === state.postedBy || command.rights.admin), "delete another member's comment");
      return [deleted(state, command.actor, command.now)];
    }
    case 'PurgeComment':
      if (!isLive(state)) return [];
      return [deleted(state, command.actor, command.now, 'space-purged')];
    case 'PostReply': {
      const comment = live(state, command);
      assertMay(command.rights.comment, 'reply here');
      if (comment.replies.has(command.replyId)) throw new Conflict('reply already exists');
      const { replyId, body, actor, now } = command;
      return [{ type: 'CommentReplyPosted', data: { ...comment.thread, replyId, body, postedBy: actor, postedAt: now } }];
    }
    case 'UpdateReply': {
      const comment = live(state, command);
      const reply = comment.replies.get(command.replyId);
      if (!reply) throw new NotFound('comment reply');
      assertMay(command.rights.comment, 'change replies here');
      return update(comment, command, reply, command.replyId);
    }
    case 'DeleteReply': {
      if (!isLiveAt(state, command)) return [];
      const reply = state.replies.get(command.replyId);
      if (!reply) return [];
      assertMay(command.rights.comment && (command.actor === reply.postedBy || command.rights.admin), "delete another member's reply");
      const { replyId, actor, now } = command;
      return [{ type: 'CommentReplyDeleted', data: { ...state.thread, replyId, deletedBy: actor, deletedAt: now } }];
    }
  }
}

export const commentDecider: Decider<CommentCommand, CommentEvent, CommentState> = { initialState, evolve, decide };

const isLive = (state: CommentState): state is Live => state.status === 'open' || state.status === 'resolved';

function isLiveAt(state: CommentState, { at }: At): state is Live {
  return isLive(state) && state.thread.spaceId === at.spaceId && state.thread.changeRequestId === at.changeRequestId;
}

function live(state: CommentState, at: At): Live {
  if (!isLiveAt(state, at)) throw new NotFound('comment');
  return state;
}

function assertMay(allowed: boolean, what: string): void {
  if (!allowed) throw new Forbidden(`you may not ${what}`);
}

/**
 * A PUT on the comment (no `replyId`) or one of its replies: the body (its author only), then the
 * status (its author, or a reviewer and up), then the caller's reactions. What is already so writes nothing.
 */
function update(
  comment: Live,
  { changes, actor, rights, now }: { changes: Changes } & Acting,
  subject: { postedBy: string; resolved: boolean; reactions: Reactions },
  replyId?: string,
): CommentEvent[] {
  const thread = comment.thread;
  const ref = replyId === undefined ? thread : { ...thread, replyId };
  const events: CommentEvent[] = [];
  const added = unique(changes.addedReactions ?? []);
  const removed = unique(changes.removedReactions ?? []);
  const both = added.find((emoji) => removed.includes(emoji));
  if (both !== undefined) throw new Invalid(`${both} is both added and removed`);

  if (changes.body !== undefined) {
    assertMay(actor === subject.postedBy, `edit another member's ${replyId === undefined ? 'comment' : 'reply'}`);
    const edit = { body: changes.body, editedBy: actor, editedAt: now };
    events.push(replyId === undefined ? { type: 'CommentEdited', data: { ...thread, ...edit } } : { type: 'CommentReplyEdited', data: { ...thread, replyId, ...edit } });
  }
  if (changes.resolved !== undefined && changes.resolved !== subject.resolved) {
    assertMay(actor === subject.postedBy || rights.review, `${changes.resolved ? 'resolve' : 'reopen'} another member's ${replyId === undefined ? 'comment' : 'reply'}`);
    events.push(statusEvent(thread, changes.resolved, actor, now, replyId));
  }
  for (const emoji of added) {
    if (!subject.reactions.get(emoji)?.includes(actor)) events.push({ type: 'CommentReactionAdded', data: { ...ref, emoji, userId: actor, reactedAt: now } });
  }
  for (const emoji of removed) {
    if (subject.reactions.get(emoji)?.includes(actor)) events.push({ type: 'CommentReactionRemoved', data: { ...ref, emoji, userId: actor, removedAt: now } });
  }
  return events;
}

function statusEvent(thread: Thread, resolved: boolean, actor: string, now: string, replyId?: string): CommentEvent {
  if (replyId === undefined) {
    return resolved
      ? { type: 'CommentResolved', data: { ...thread, resolvedBy: actor, resolvedAt: now } }
      : { type: 'CommentReopened', data: { ...thread, reopenedBy: actor, reopenedAt: now } };
  }
  return resolved
    ? { type: 'CommentReplyResolved', data: { ...thread, replyId, resolvedBy: actor, resolvedAt: now } }
    : { type: 'CommentReplyReopened', data: { ...thread, replyId, reopenedBy: actor, reopenedAt: now } };
}

function deleted(comment: Live, actor: string, now: string, reason?: 'space-purged'): CommentEvent {
  return {
    type: 'CommentDeleted',
    data: {
      ...comment.thread,
      deletedBy: actor,
      deletedAt: now,
      wasOpen: comment.status === 'open',
      replyIds: [...comment.replies.keys()],
      ...(reason ? { reason } : {}),
    },
  };
}

function withReply(state: Posted, replyId: string, change: (reply: ReplyState) => ReplyState): CommentState {
  const reply = state.replies.get(replyId);
  return reply ? { ...state, replies: withEntry(state.replies, replyId, change(reply)) } : state;
}

function react(reactions: Reactions, emoji: string, userId: string): Reactions {
  const users = reactions.get(emoji) ?? [];
  return users.includes(userId) ? reactions : withEntry(reactions, emoji, [...users, userId]);
}

/** The emoji keeps its place while others still react with it. */
function unreact(reactions: Reactions, emoji: string, userId: string): Reactions {
  const users = reactions.get(emoji);
  if (!users?.includes(userId)) return reactions;
  const others = users.filter((user) => user !== userId);
  return withEntry(reactions, emoji, others.length > 0 ? others : undefined);
}

const unique = (values: string[]) => [...new Set(values)];
