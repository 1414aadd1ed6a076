import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { commentDoc, replyDoc } from '../testing/comment-docs';
import { CommentBody, CommentEvent, commentStream, CommentTarget } from './comment.events';
import { COMMENT_REPLIES, COMMENTERS, CommenterDoc, COMMENTS, CommentDoc, commentProjection, CommentReplyDoc } from './comment.projection';

const spec = projectionSpec<CommentEvent>(commentProjection, { stream: (e) => commentStream(e.data.commentId) });

const at = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const body = (text: string): CommentBody => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text }] }] }] });

/** Comments `c…` on space s1; `cr` puts one on change request cr1. */
const thread = (commentId: string, cr = false) => ({ commentId, organizationId: 'o1', spaceId: 's1', changeRequestId: cr ? 'cr1' : null });
const scopeOfThread = (cr: boolean) => (cr ? 's1/cr1' : 's1');

const posted = (commentId: string, by = 'alice', when = at(1), options: { cr?: boolean; target?: CommentTarget } = {}): CommentEvent => ({
  type: 'CommentPosted',
  data: { ...thread(commentId, options.cr), revision: 'r1', target: options.target ?? { page: 'p1', node: 'n1' }, body: body('hello'), postedBy: by, postedAt: when },
});
const edited = (commentId: string): CommentEvent => ({ type: 'CommentEdited', data: { ...thread(commentId), body: body('edited'), editedBy: 'alice', editedAt: at(2) } });
const resolved = (commentId: string): CommentEvent => ({ type: 'CommentResolved', data: { ...thread(commentId), resolvedBy: 'bob', resolvedAt: at(3) } });
const reopened = (commentId: string): CommentEvent => ({ type: 'CommentReopened', data: { ...thread(commentId), reopenedBy: 'alice', reopenedAt: at(4) } });
const deleted = (commentId: string, replyIds: string[] = [], cr = false): CommentEvent => ({
  type: 'CommentDeleted',
  data: { ...thread(commentId, cr), deletedBy: 'alice', deletedAt: at(9), wasOpen: true, replyIds },
});
const replied = (commentId: string, replyId: string, by: string, when: string, cr = false): CommentEvent => ({
  type: 'CommentReplyPosted',
  data: { ...thread(commentId, cr), replyId, body: body(`reply ${replyId}`), postedBy: by, postedAt: when },
});
const replyEdited = (commentId: string, replyId: string): CommentEvent => ({
  type: 'CommentReplyEdited',
  data: { ...thread(commentId), replyId, body: body('reply edited'), editedBy: 'bob', editedAt: at(5) },
});
const replyResolved = (commentId: string, replyId: string): CommentEvent => ({
  type: 'CommentReplyResolved',
  data: { ...thread(commentId), replyId, resolvedBy: 'alice', resolvedAt: at(6) },
});
const replyReopened = (commentId: string, replyId: string): CommentEvent => ({
  type: 'CommentReplyReopened',
  data: { ...thread(commentId), replyId, reopenedBy: 'alice', reopenedAt: at(7) },
});
const replyDeleted = (commentId: string, replyId: string): CommentEvent => ({
  type: 'CommentReplyDeleted',
  data: { ...thread(commentId), replyId, deletedBy: 'bob', deletedAt: at(8) },
});
const reacted = (commentId: string, emoji: string, userId: string, when: string, replyId?: string): CommentEvent => ({
  type: 'CommentReactionAdded',
  data: { ...thread(commentId), ...(replyId ? { replyId } : {}), emoji, userId, reactedAt: when },
});
const unreacted = (commentId: string, emoji: string, userId: string, replyId?: string): CommentEvent => ({
  type: 'CommentReactionRemoved',
  data: { ...thread(commentId), ...(replyId ? { replyId } : {}), emoji, userId, removedAt: at(8) },
});

const comment = (fields: Partial<CommentDoc> = {}): CommentDoc => commentDoc({ body: body('hello'), postedAt: at(1), ...fields });
const reply = (id: string, fields: Partial<CommentReplyDoc> = {}): CommentReplyDoc => replyDoc({ id, body: body(`reply ${id}`), postedAt: at(2), ...fields });
const commenter = (userId: string, count: number, firstPostedAt: string, position: string, cr = false): CommenterDoc => ({
  id: `${scopeOfThread(cr)}:${userId}`,
  scope: scopeOfThread(cr),
  organizationId: 'o1',
  userId,
  count,
  firstPostedAt,
  position,
});

/** Every event type, on two threads (one on the space, one on a change request). */
const history: CommentEvent[] = [
  posted('c1'),
  replied('c1', 'r1', 'bob', at(2)),
  replied('c1', 'r2', 'carol', at(3)),
  replied('c1', 'r3', 'bob', at(4)),
  replied('c1', 'r6', 'carol', at(5)),
  edited('c1'),
  reacted('c1', '👍', 'bob', at(5)),
  reacted('c1', '🎉', 'carol', at(5)),
  reacted('c1', '👍', 'carol', at(6)),
  reacted('c1', '👍', 'bob', at(7)),
  unreacted('c1', '🎉', 'carol'),
  reacted('c1', '❤️', 'alice', at(6), 'r1'),
  replyEdited('c1', 'r1'),
  replyResolved('c1', 'r1'),
  replyReopened('c1', 'r1'),
  replyResolved('c1', 'r1'),
  replyDeleted('c1', 'r2'),
  resolved('c1'),
  reopened('c1'),
  resolved('c1'),
  posted('c2', 'bob', at(2), { cr: true, target: { tableCell: { record: 'rec', definition: 'def' } } }),
  replied('c2', 'r4', 'alice', at(3), true),
  posted('c3', 'dave', at(4)),
  replied('c3', 'r5', 'bob', at(5)),
  deleted('c3', ['r5']),
];

describe('comment projection', () => {
  it('records a posted comment and its author as a commenter of the scope', () =>
    spec.given([posted('c1')]).thenCollections({
      [COMMENTS]: [comment()],
      [COMMENTERS]: [commenter('alice', 1, at(1), '1')],
    }));

  it('records a comment on a change request in its own scope, without a page when it targets none', () =>
    spec.given([posted('c1', 'alice', at(1), { cr: true, target: { tableCell: { record: 'rec', definition: 'def' } } })]).thenCollections({
      [COMMENTS]: [comment({ changeRequestId: 'cr1', scope: 's1/cr1', target: { tableCell: { record: 'rec', definition: 'def' } }, pageId: null })],
      [COMMENTERS]: [commenter('alice', 1, at(1), '1', true)],
    }));

  it('edits, resolves and reopens a comment', () =>
    spec.given([posted('c1'), edited('c1'), resolved('c1')]).then(COMMENTS, [
      comment({ body: body('edited'), editedAt: at(2), status: 'resolved', resolvedAt: at(3), resolvedBy: 'bob', position: '3' }),
    ]));

  it('forgets who resolved a reopened comment', () =>
    spec.given([posted('c1'), resolved('c1'), reopened('c1')]).then(COMMENTS, [comment({ position: '3' })]));

  it('keeps reactions in first-reaction order per emoji, users in reaction order, a reaction repeated once, an emoji without users gone', () =>
    spec
      .given([
        posted('c1'),
        reacted('c1', '👍', 'bob', at(2)),
        reacted('c1', '🎉', 'carol', at(3)),
        reacted('c1', '👍', 'carol', at(4)),
        reacted('c1', '👍', 'bob', at(5)),
        reacted('c1', '🚀', 'bob', at(5)),
        unreacted('c1', '🎉', 'carol'),
        unreacted('c1', '🎉', 'carol'),
        unreacted('c1', '🚀', 'dave'),
        reacted('c1', '🎉', 'bob', at(6)),
      ])
      .then(COMMENTS, [
        comment({
          reactions: [
            { emoji: '👍', users: [{ userId: 'bob', reactedAt: at(2) }, { userId: 'carol', reactedAt: at(4) }] },
            { emoji: '🚀', users: [{ userId: 'bob', reactedAt: at(5) }] },
            { emoji: '🎉', users: [{ userId: 'bob', reactedAt: at(6) }] },
          ],
          position: '10',
        }),
      ]));

  it('counts live replies and repliers in first-reply order, each with their count and latest reply', () =>
    spec
      .given([posted('c1'), replied('c1', 'r1', 'bob', at(2)), replied('c1', 'r2', 'carol', at(3)), replied('c1', 'r3', 'bob', at(4))])
      .thenCollections({
        [COMMENTS]: [
          comment({
            replies: 3,
            repliers: [
              { userId: 'bob', count: 2, updatedAt: at(4) },
              { userId: 'carol', count: 1, updatedAt: at(3) },
            ],
            position: '4',
          }),
        ],
        [COMMENT_REPLIES]: [
          reply('r1'),
          reply('r2', { postedBy: 'carol', postedAt: at(3), position: '3' }),
          reply('r3', { postedAt: at(4), position: '4' }),
        ],
        [COMMENTERS]: [commenter('alice', 1, at(1), '1'), commenter('bob', 2, at(2), '4'), commenter('carol', 1, at(3), '3')],
      }));

  it('edits, resolves, reopens and reacts to a reply on its own document', () =>
    spec
      .given([
        posted('c1'),
        replied('c1', 'r1', 'bob', at(2)),
        replyEdited('c1', 'r1'),
        replyResolved('c1', 'r1'),
        reacted('c1', '❤️', 'alice', at(6), 'r1'),
        reacted('c1', '👀', 'bob', at(6), 'r1'),
        unreacted('c1', '👀', 'bob', 'r1'),
      ])
      .thenCollections({
        [COMMENTS]: [comment({ replies: 1, repliers: [{ userId: 'bob', count: 1, updatedAt: at(2) }], position: '2' })],
        [COMMENT_REPLIES]: [
          reply('r1', {
            body: body('reply edited'),
            editedAt: at(5),
            status: 'resolved',
            resolvedAt: at(6),
            resolvedBy: 'alice',
            reactions: [{ emoji: '❤️', users: [{ userId: 'alice', reactedAt: at(6) }] }],
            position: '7',
          }),
        ],
      }));

  it('forgets who resolved a reopened reply', () =>
    spec
      .given([posted('c1'), replied('c1', 'r1', 'bob', at(2)), replyResolved('c1', 'r1'), replyReopened('c1', 'r1')])
      .then(COMMENT_REPLIES, [reply('r1', { position: '4' })]));

  it('takes a deleted reply out of the counts, the replier out when it was their last, the commenter out when it was their last', () =>
    spec
      .given([posted('c1'), replied('c1', 'r1', 'bob', at(2)), replied('c1', 'r2', 'carol', at(3)), replied('c1', 'r3', 'bob', at(4)), replyDeleted('c1', 'r2'), replyDeleted('c1', 'r3')])
      .thenCollections({
        [COMMENTS]: [comment({ replies: 1, repliers: [{ userId: 'bob', count: 1, updatedAt: at(4) }], position: '6' })],
        [COMMENT_REPLIES]: [reply('r1')],
        [COMMENTERS]: [commenter('alice', 1, at(1), '1'), commenter('bob', 1, at(2), '6')],
      }));

  it('deletes a comment with its replies and takes them all out of the commenter counts', () =>
    spec
      .given([
        posted('c1'),
        replied('c1', 'r1', 'bob', at(2)),
        replied('c1', 'r2', 'alice', at(3)),
        replied('c1', 'r3', 'bob', at(4)),
        replyDeleted('c1', 'r3'),
        posted('c2', 'bob', at(5)),
        deleted('c1', ['r1', 'r2', 'r3']),
      ])
      .thenCollections({
        [COMMENTS]: [comment({ id: 'c2', postedBy: 'bob', postedAt: at(5), position: '6' })],
        [COMMENT_REPLIES]: [],
        [COMMENTERS]: [commenter('bob', 1, at(2), '7')],
      }));

  it('counts a commenter again from their next post once their count fell to zero', () =>
    spec
      .given([posted('c1'), deleted('c1'), posted('c2', 'alice', at(5))])
      .then(COMMENTERS, [commenter('alice', 1, at(5), '3')]));

  it('ignores events about a comment or reply it does not hold', () =>
    spec
      .given([posted('c1'), deleted('c1'), edited('c1'), reacted('c1', '👍', 'bob', at(5)), replied('c1', 'r1', 'bob', at(5)), replyDeleted('c1', 'r1')])
      .thenCollections({ [COMMENTS]: [], [COMMENT_REPLIES]: [], [COMMENTERS]: [] }));

  describe("a scope's comment lists, on their indexes", () => {
    const listed = spec.given([
      posted('c1'),
      posted('c2', 'bob', at(2), { target: { page: 'p2' } }),
      posted('c3', 'alice', at(3)),
      resolved('c3'),
      posted('c4', 'bob', at(4), { cr: true }),
    ]);
    const newest = { field: 'postedAt', direction: 'desc' } as const;

    it('by status, newest first', () => listed.thenFinds(COMMENTS, { filter: { scope: 's1', status: 'open' }, sort: newest }, ['c2', 'c1']));
    it('by page', () => listed.thenFinds(COMMENTS, { filter: { scope: 's1', pageId: 'p1' }, sort: newest }, ['c3', 'c1']));
    it('by author, oldest first', () =>
      listed.thenFinds(COMMENTS, { filter: { scope: 's1', postedBy: 'alice' }, sort: { field: 'postedAt', direction: 'asc' } }, ['c1', 'c3']));
    it('of a change request', () => listed.thenFinds(COMMENTS, { filter: { scope: 's1/cr1' }, sort: newest }, ['c4']));
    it('of a whole space, for its purge', () => listed.thenFinds(COMMENTS, { filter: { spaceId: 's1' } }, ['c1', 'c2', 'c3', 'c4']));
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  it('ends its whole history with these documents', () =>
    spec.given(history).thenCollections({
      [COMMENTS]: [
        comment({
          body: body('edited'),
          editedAt: at(2),
          status: 'resolved',
          resolvedAt: at(3),
          resolvedBy: 'bob',
          reactions: [{ emoji: '👍', users: [{ userId: 'bob', reactedAt: at(5) }, { userId: 'carol', reactedAt: at(6) }] }],
          replies: 3,
          repliers: [
            { userId: 'bob', count: 2, updatedAt: at(4) },
            { userId: 'carol', count: 1, updatedAt: at(5) },
          ],
          position: '20',
        }),
        comment({
          id: 'c2',
          changeRequestId: 'cr1',
          scope: 's1/cr1',
          target: { tableCell: { record: 'rec', definition: 'def' } },
          pageId: null,
          postedBy: 'bob',
          postedAt: at(2),
          replies: 1,
          repliers: [{ userId: 'alice', count: 1, updatedAt: at(3) }],
          position: '22',
        }),
      ],
      [COMMENT_REPLIES]: [
        reply('r1', {
          body: body('reply edited'),
          editedAt: at(5),
          status: 'resolved',
          resolvedAt: at(6),
          resolvedBy: 'alice',
          reactions: [{ emoji: '❤️', users: [{ userId: 'alice', reactedAt: at(6) }] }],
          position: '16',
        }),
        reply('r3', { postedAt: at(4), position: '4' }),
        reply('r6', { postedBy: 'carol', postedAt: at(5), position: '5' }),
        reply('r4', { commentId: 'c2', changeRequestId: 'cr1', scope: 's1/cr1', postedBy: 'alice', postedAt: at(3), position: '22' }),
      ],
      [COMMENTERS]: [
        commenter('alice', 1, at(1), '1'),
        commenter('bob', 2, at(2), '25'),
        commenter('carol', 1, at(3), '17'),
        commenter('bob', 1, at(2), '21', true),
        commenter('alice', 1, at(3), '22', true),
      ],
    }));
});
