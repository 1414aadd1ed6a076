import { Conflict, Forbidden, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { CommentCommand, commentDecider, Rights } from './comment.decider';
import { CommentBody, CommentEvent } from './comment.events';

const spec = deciderSpec(commentDecider);
const now = '2026-01-01T00:00:00.000Z';
const thread = { commentId: 'c1', organizationId: 'o1', spaceId: 's1', changeRequestId: null };
const at = { spaceId: 's1', changeRequestId: null };
const body = (text: string): CommentBody => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] });

const commenter: Rights = { comment: true, review: false, admin: false };
const reviewer: Rights = { comment: true, review: true, admin: false };
const admin: Rights = { comment: true, review: true, admin: true };
const reader: Rights = { comment: false, review: false, admin: false };

const posted = (by = 'author'): CommentEvent => ({
  type: 'CommentPosted',
  data: { ...thread, revision: 'r1', target: { page: 'p1' }, body: body('Hi'), postedBy: by, postedAt: now },
});
const resolved = (by = 'author'): CommentEvent => ({ type: 'CommentResolved', data: { ...thread, resolvedBy: by, resolvedAt: now } });
const reopened = (by = 'author'): CommentEvent => ({ type: 'CommentReopened', data: { ...thread, reopenedBy: by, reopenedAt: now } });
const edited = (text: string, by = 'author'): CommentEvent => ({ type: 'CommentEdited', data: { ...thread, body: body(text), editedBy: by, editedAt: now } });
const replied = (replyId: string, by = 'replier'): CommentEvent => ({
  type: 'CommentReplyPosted',
  data: { ...thread, replyId, body: body('Re'), postedBy: by, postedAt: now },
});
const replyDeleted = (replyId: string, by = 'replier'): CommentEvent => ({ type: 'CommentReplyDeleted', data: { ...thread, replyId, deletedBy: by, deletedAt: now } });
const replyResolved = (replyId: string, by: string): CommentEvent => ({ type: 'CommentReplyResolved', data: { ...thread, replyId, resolvedBy: by, resolvedAt: now } });
const reacted = (emoji: string, userId: string, replyId?: string): CommentEvent => ({
  type: 'CommentReactionAdded',
  data: { ...thread, ...(replyId ? { replyId } : {}), emoji, userId, reactedAt: now },
});
const unreacted = (emoji: string, userId: string, replyId?: string): CommentEvent => ({
  type: 'CommentReactionRemoved',
  data: { ...thread, ...(replyId ? { replyId } : {}), emoji, userId, removedAt: now },
});
const deleted = (wasOpen: boolean, replyIds: string[], by = 'author', reason?: 'space-purged'): CommentEvent => ({
  type: 'CommentDeleted',
  data: { ...thread, deletedBy: by, deletedAt: now, wasOpen, replyIds, ...(reason ? { reason } : {}) },
});

const post = (rights = commenter, actor = 'author'): CommentCommand => ({
  type: 'PostComment',
  thread,
  revision: 'r1',
  target: { page: 'p1' },
  body: body('Hi'),
  actor,
  rights,
  now,
});
const update = (changes: Extract<CommentCommand, { type: 'UpdateComment' }>['changes'], actor = 'author', rights = commenter): CommentCommand => ({
  type: 'UpdateComment',
  at,
  changes,
  actor,
  rights,
  now,
});
const updateReply = (replyId: string, changes: Extract<CommentCommand, { type: 'UpdateReply' }>['changes'], actor = 'replier', rights = commenter): CommentCommand => ({
  type: 'UpdateReply',
  at,
  replyId,
  changes,
  actor,
  rights,
  now,
});
const remove = (actor = 'author', rights = commenter): CommentCommand => ({ type: 'DeleteComment', at, actor, rights, now });
const reply = (replyId: string, actor = 'replier', rights = commenter): CommentCommand => ({ type: 'PostReply', at, replyId, body: body('Re'), actor, rights, now });
const removeReply = (replyId: string, actor = 'replier', rights = commenter): CommentCommand => ({ type: 'DeleteReply', at, replyId, actor, rights, now });
const elsewhere = { spaceId: 's1', changeRequestId: 'cr1' };

describe('comment decider', () => {
  describe('PostComment', () => {
    it('posts an open comment', () => spec.given([]).when(post()).then([posted()]));
    it('refuses a caller without the comment right', () => spec.given([]).when(post(reader)).thenThrows(Forbidden));
    it('refuses to post the same comment twice', () => spec.given([posted()]).when(post()).thenThrows(Conflict));
  });

  describe('UpdateComment: body', () => {
    it("edits its author's comment", () => spec.given([posted()]).when(update({ body: body('New') })).then([edited('New')]));
    it("refuses another member's edit, even an admin's", () =>
      spec.given([posted()]).when(update({ body: body('New') }, 'other', admin)).thenThrows(Forbidden));
    it('refuses a member who lost the comment right', () => spec.given([posted()]).when(update({ body: body('New') }, 'author', reader)).thenThrows(Forbidden));
    it('refuses a deleted comment', () => spec.given([posted(), deleted(true, [])]).when(update({ body: body('New') })).thenThrows(NotFound));
    it('refuses a comment that never was', () => spec.given([]).when(update({ body: body('New') })).thenThrows(NotFound));
  });

  describe('UpdateComment: resolution', () => {
    it('resolves by its author', () => spec.given([posted()]).when(update({ resolved: true })).then([resolved()]));
    it('resolves by a reviewer', () => spec.given([posted()]).when(update({ resolved: true }, 'rev', reviewer)).then([resolved('rev')]));
    it('refuses a commenter resolving what another posted', () => spec.given([posted()]).when(update({ resolved: true }, 'other')).thenThrows(Forbidden));
    it('reopens a resolved comment', () => spec.given([posted(), resolved()]).when(update({ resolved: false })).then([reopened()]));
    it('writes nothing when already resolved', () => spec.given([posted(), resolved()]).when(update({ resolved: true })).then([]));
    it('writes nothing when reopening an open comment', () => spec.given([posted()]).when(update({ resolved: false })).then([]));
    it('resolves again after a reopen', () => spec.given([posted(), resolved(), reopened()]).when(update({ resolved: true })).then([resolved()]));
  });

  describe('UpdateComment: reactions', () => {
    it('adds a reaction once per emoji and user', () =>
      spec.given([posted()]).when(update({ addedReactions: ['👍', '👍', '🎉'] }, 'u2')).then([reacted('👍', 'u2'), reacted('🎉', 'u2')]));
    it('writes nothing when the user already reacted so', () => spec.given([posted(), reacted('👍', 'u2')]).when(update({ addedReactions: ['👍'] }, 'u2')).then([]));
    it("adds beside another user's same reaction", () => spec.given([posted(), reacted('👍', 'u2')]).when(update({ addedReactions: ['👍'] }, 'u3')).then([reacted('👍', 'u3')]));
    it("removes only the caller's reaction", () => spec.given([posted(), reacted('👍', 'u2')]).when(update({ removedReactions: ['👍'] }, 'u3')).then([]));
    it('removes a reaction the caller made', () => spec.given([posted(), reacted('👍', 'u2')]).when(update({ removedReactions: ['👍'] }, 'u2')).then([unreacted('👍', 'u2')]));
    it('reacts again after a removal', () =>
      spec.given([posted(), reacted('👍', 'u2'), unreacted('👍', 'u2')]).when(update({ addedReactions: ['👍'] }, 'u2')).then([reacted('👍', 'u2')]));
    it('refuses an emoji both added and removed', () =>
      spec.given([posted()]).when(update({ addedReactions: ['👍'], removedReactions: ['👍'] }, 'u2')).thenThrows(Invalid));
    it('refuses a reader', () => spec.given([posted()]).when(update({ addedReactions: ['👍'] }, 'u2', reader)).thenThrows(Forbidden));
  });

  it('applies body, status and reactions of one PUT in that order', () =>
    spec.given([posted()]).when(update({ body: body('New'), resolved: true, addedReactions: ['👍'] })).then([edited('New'), resolved(), reacted('👍', 'author')]));

  describe('DeleteComment', () => {
    it('deletes an open comment with its replies', () =>
      spec.given([posted(), replied('r1'), replied('r2'), replyDeleted('r2')]).when(remove()).then([deleted(true, ['r1'])]));
    it('tells that a resolved comment no longer counts as open', () => spec.given([posted(), resolved()]).when(remove()).then([deleted(false, [])]));
    it("lets an admin delete another member's comment", () => spec.given([posted()]).when(remove('boss', admin)).then([deleted(true, [], 'boss')]));
    it("refuses a reviewer deleting another member's comment", () => spec.given([posted()]).when(remove('rev', reviewer)).thenThrows(Forbidden));
    it('writes nothing for a comment already deleted', () => spec.given([posted(), deleted(true, [])]).when(remove()).then([]));
    it('writes nothing for a comment that never was', () => spec.given([]).when(remove()).then([]));
  });

  describe('a thread is only where it was posted', () => {
    it('is not found from a change request of its space', () =>
      spec.given([posted()]).when({ type: 'UpdateComment', at: elsewhere, changes: { resolved: true }, actor: 'author', rights: admin, now }).thenThrows(NotFound));
    it('is not deleted from elsewhere', () => spec.given([posted()]).when({ type: 'DeleteComment', at: elsewhere, actor: 'author', rights: admin, now }).then([]));
    it('takes no reply from elsewhere', () =>
      spec.given([posted()]).when({ type: 'PostReply', at: elsewhere, replyId: 'r1', body: body('x'), actor: 'author', rights: admin, now }).thenThrows(NotFound));
  });

  describe('PurgeComment', () => {
    it('deletes whatever anyone may do, naming the purge', () =>
      spec.given([posted(), replied('r1')]).when({ type: 'PurgeComment', actor: 'system', now }).then([deleted(true, ['r1'], 'system', 'space-purged')]));
    it('writes nothing the second time', () =>
      spec.given([posted(), deleted(true, [], 'system', 'space-purged')]).when({ type: 'PurgeComment', actor: 'system', now }).then([]));
  });

  describe('replies', () => {
    it('posts a reply', () => spec.given([posted()]).when(reply('r1')).then([replied('r1')]));
    it('refuses a reply to a deleted comment', () => spec.given([posted(), deleted(true, [])]).when(reply('r1')).thenThrows(NotFound));
    it('refuses a reader', () => spec.given([posted()]).when(reply('r1', 'replier', reader)).thenThrows(Forbidden));
    it('refuses the same reply id twice', () => spec.given([posted(), replied('r1')]).when(reply('r1')).thenThrows(Conflict));
    it('edits a reply by its author only', () =>
      spec.given([posted(), replied('r1')]).when(updateReply('r1', { body: body('x') }, 'author', admin)).thenThrows(Forbidden));
    it('resolves a reply by a reviewer', () =>
      spec.given([posted(), replied('r1')]).when(updateReply('r1', { resolved: true }, 'rev', reviewer)).then([replyResolved('r1', 'rev')]));
    it('reacts on a reply apart from the comment', () =>
      spec.given([posted(), reacted('👍', 'u2')]).when(updateReply('r1', { addedReactions: ['👍'] }, 'u2')).thenThrows(NotFound));
    it('adds a reaction to a reply once', () =>
      spec
        .given([posted(), replied('r1'), reacted('👍', 'u2')])
        .when(updateReply('r1', { addedReactions: ['👍', '👍'] }, 'u2'))
        .then([reacted('👍', 'u2', 'r1')]));
    it('refuses to change a deleted reply', () =>
      spec.given([posted(), replied('r1'), replyDeleted('r1')]).when(updateReply('r1', { body: body('x') })).thenThrows(NotFound));
    it('deletes a reply by its author', () => spec.given([posted(), replied('r1')]).when(removeReply('r1')).then([replyDeleted('r1')]));
    it("lets an admin delete another member's reply", () =>
      spec.given([posted(), replied('r1')]).when(removeReply('r1', 'boss', admin)).then([replyDeleted('r1', 'boss')]));
    it("refuses a commenter deleting another member's reply", () => spec.given([posted(), replied('r1')]).when(removeReply('r1', 'other')).thenThrows(Forbidden));
    it('writes nothing for a reply already deleted', () => spec.given([posted(), replied('r1'), replyDeleted('r1')]).when(removeReply('r1')).then([]));
    it('writes nothing for a reply of a deleted comment', () => spec.given([posted(), replied('r1'), deleted(true, ['r1'])]).when(removeReply('r1')).then([]));
  });

  describe.each(PROTOTYPE_KEYS)('a reply id that names something on every object (%s)', (id) => {
    it('is no reply to change or delete', () => {
      spec.given([posted()]).when(updateReply(id, { resolved: true }, 'rev', reviewer)).thenThrows(NotFound);
      spec.given([posted()]).when(removeReply(id, 'boss', admin)).then([]);
    });
    it('can be posted once, as any other id', () => spec.given([posted()]).when(reply(id)).then([replied(id)]));
  });
});
