import { CommentDoc, CommentReplyDoc } from '../comments/comment.projection';

/**
 * Read-model documents for the comment specs: a comment on space s1 and a reply to it, every field set;
 * each spec overrides what it is about.
 */
export const commentDoc = (fields: Partial<CommentDoc> = {}): CommentDoc => ({
  id: 'c1',
  organizationId: 'o1',
  spaceId: 's1',
  changeRequestId: null,
  scope: 's1',
  revision: 'r1',
  target: { page: 'p1', node: 'n1' },
  pageId: 'p1',
  body: { object: 'document', data: {}, nodes: [] },
  postedBy: 'alice',
  postedAt: '2026-01-01T00:00:00.000Z',
  status: 'open',
  reactions: [],
  replies: 0,
  repliers: [],
  position: '1',
  ...fields,
});

export const replyDoc = (fields: Partial<CommentReplyDoc> = {}): CommentReplyDoc => ({
  id: 'r1',
  commentId: 'c1',
  organizationId: 'o1',
  spaceId: 's1',
  changeRequestId: null,
  scope: 's1',
  body: { object: 'document', data: {}, nodes: [] },
  postedBy: 'bob',
  postedAt: '2026-01-02T00:00:00.000Z',
  status: 'open',
  reactions: [],
  position: '2',
  ...fields,
});
