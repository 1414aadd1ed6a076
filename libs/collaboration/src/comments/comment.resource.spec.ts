import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { UserProfile } from '@folio/identity/public/user-profiles.query';
import { commentDoc, replyDoc } from '../testing/comment-docs';
import { CommentBody } from './comment.events';
import { CommentDoc, CommentReplyDoc } from './comment.projection';
import { CommentContext, commentReplyResource, commentResource, commentUsers, replyUsers } from './comment.resource';

/** The official client's spec, as the e2e tests check responses against it (test/support/openapi.ts). */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('emoji', /^[\s\S]{0,50}$/u);
ajv.addFormat('icon', /^[\s\S]{0,50}$/u);
ajv.addSchema(spec, 'spec');
const schema = (name: 'Comment' | 'CommentReply') => ajv.getSchema(`spec#/components/schemas/${name}`)!;
function expectSchema(name: 'Comment' | 'CommentReply', value: unknown) {
  const validate = schema(name);
  expect({ valid: validate(value), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
}

const URL = 'https://folio.test';
const body: CommentBody = {
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', key: 'k1', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Looks *good*', marks: [] }] }] }],
};
const profile = (id: string): UserProfile => ({ object: 'user', id, displayName: `User ${id}`, email: `${id}@example.com`, urls: { location: `${URL}/v1/users/${id}` } });
const unknownUser = (id: string): UserProfile => ({ object: 'user', id, displayName: id, email: '', urls: { location: `${URL}/v1/users/${id}` } });

const comment = (fields: Partial<CommentDoc> = {}): CommentDoc => commentDoc({ body, ...fields });
const reply = (fields: Partial<CommentReplyDoc> = {}): CommentReplyDoc => replyDoc({ body, ...fields });

const ctx = (callerId: string, rights: Partial<CommentContext['rights']> = {}, format: CommentContext['format'] = 'document'): CommentContext => ({
  users: new Map(['alice', 'bob', 'carol'].map((id) => [id, profile(id)])),
  callerId,
  rights: { comment: true, review: false, admin: false, ...rights },
  format,
  publicUrl: URL,
});

describe('commentResource', () => {
  it('shows an open comment on a space with every field the spec requires', () => {
    const resource = commentResource(comment(), ctx('carol'));
    expect(resource).toEqual({
      object: 'comment',
      id: 'c1',
      postedBy: profile('alice'),
      postedAt: '2026-01-01T00:00:00.000Z',
      reactions: [],
      replies: 0,
      repliers: [],
      body: { document: body },
      target: { space: 's1', revision: 'r1', page: { id: 'p1' }, node: { id: 'n1' } },
      urls: { location: `${URL}/v1/spaces/s1/comments/c1` },
      permissions: { view: true, edit: false, reply: true, delete: false },
      status: 'open',
    });
    expectSchema('Comment', resource);
    // The check bites: a resolved status without its resolver is not a Comment.
    expect(schema('Comment')({ ...resource, status: 'resolved' })).toBe(false);
  });

  it('shows a resolved, edited comment on a change request, with its reactions, replies and repliers', () => {
    const doc = comment({
      changeRequestId: 'cr1',
      scope: 's1/cr1',
      target: { tableCell: { record: 'rec', definition: 'def' } },
      pageId: null,
      editedAt: '2026-01-03T00:00:00.000Z',
      status: 'resolved',
      resolvedAt: '2026-01-04T00:00:00.000Z',
      resolvedBy: 'bob',
      reactions: [
        { emoji: '👍', users: [{ userId: 'bob', reactedAt: '2026-01-02T00:00:00.000Z' }, { userId: 'gone', reactedAt: '2026-01-03T00:00:00.000Z' }] },
        { emoji: '🎉', users: [{ userId: 'carol', reactedAt: '2026-01-02T00:00:00.000Z' }] },
      ],
      replies: 3,
      repliers: [
        { userId: 'bob', count: 2, updatedAt: '2026-01-03T00:00:00.000Z' },
        { userId: 'carol', count: 1, updatedAt: '2026-01-02T00:00:00.000Z' },
      ],
    });
    const resource = commentResource(doc, ctx('alice'));
    expect(resource).toMatchObject({
      editedAt: '2026-01-03T00:00:00.000Z',
      status: 'resolved',
      resolvedAt: '2026-01-04T00:00:00.000Z',
      resolvedBy: profile('bob'),
      reactions: [
        {
          emoji: '👍',
          count: 2,
          users: [
            { user: profile('bob'), reactedAt: '2026-01-02T00:00:00.000Z' },
            { user: unknownUser('gone'), reactedAt: '2026-01-03T00:00:00.000Z' },
          ],
        },
        { emoji: '🎉', count: 1, users: [{ user: profile('carol'), reactedAt: '2026-01-02T00:00:00.000Z' }] },
      ],
      replies: 3,
      repliers: [
        { user: profile('bob'), count: 2, updatedAt: '2026-01-03T00:00:00.000Z' },
        { user: profile('carol'), count: 1, updatedAt: '2026-01-02T00:00:00.000Z' },
      ],
      urls: { location: `${URL}/v1/spaces/s1/change-requests/cr1/comments/c1` },
    });
    expect(resource.target).toEqual({ space: 's1', revision: 'r1', tableCell: { record: 'rec', definition: 'def' }, changeRequest: 'cr1' });
    expectSchema('Comment', resource);
    expect(commentUsers(doc)).toEqual(['alice', 'bob', 'bob', 'carol', 'bob', 'gone', 'carol']);
  });

  it('names no resolver once a comment is open', () => {
    expect(commentUsers(comment())).toEqual(['alice']);
    expect(commentResource(comment(), ctx('alice'))).not.toHaveProperty('resolvedBy');
  });

  it('answers the body as markdown when asked', () => {
    const resource = commentResource(comment(), ctx('alice', {}, 'markdown'));
    expect(resource.body).toEqual({ markdown: expect.stringContaining('Looks') });
    expect(resource.body).not.toHaveProperty('document');
    expectSchema('Comment', resource);
  });

  it.each([
    ['its author', 'alice', {}, { view: true, edit: true, reply: true, delete: true }],
    ['an admin', 'carol', { admin: true }, { view: true, edit: false, reply: true, delete: true }],
    ['another commenter', 'carol', {}, { view: true, edit: false, reply: true, delete: false }],
    ['a reader', 'carol', { comment: false }, { view: true, edit: false, reply: false, delete: false }],
  ])('gives %s its permissions', (_who, callerId, rights, permissions) => {
    expect(commentResource(comment(), ctx(callerId, rights)).permissions).toEqual(permissions);
  });
});

describe('commentReplyResource', () => {
  it('shows a reply with every field the spec requires', () => {
    const resource = commentReplyResource(reply(), comment(), ctx('carol'));
    expect(resource).toEqual({
      object: 'comment-reply',
      id: 'r1',
      postedBy: profile('bob'),
      postedAt: '2026-01-02T00:00:00.000Z',
      reactions: [],
      body: { document: body },
      urls: { location: `${URL}/v1/spaces/s1/comments/c1/replies/r1` },
      permissions: { view: true, edit: false, reply: true, delete: false },
      status: 'open',
    });
    expectSchema('CommentReply', resource);
  });

  it('shows an edited, resolved reply on a change request with its reactions, in markdown', () => {
    const doc = reply({
      changeRequestId: 'cr1',
      scope: 's1/cr1',
      editedAt: '2026-01-03T00:00:00.000Z',
      status: 'resolved',
      resolvedAt: '2026-01-04T00:00:00.000Z',
      resolvedBy: 'alice',
      reactions: [{ emoji: '❤️', users: [{ userId: 'alice', reactedAt: '2026-01-03T00:00:00.000Z' }] }],
    });
    const resource = commentReplyResource(doc, comment({ changeRequestId: 'cr1', scope: 's1/cr1' }), ctx('bob', {}, 'markdown'));
    expect(resource).toMatchObject({
      editedAt: '2026-01-03T00:00:00.000Z',
      reactions: [{ emoji: '❤️', count: 1, users: [{ user: profile('alice'), reactedAt: '2026-01-03T00:00:00.000Z' }] }],
      body: { markdown: expect.stringContaining('Looks') },
      urls: { location: `${URL}/v1/spaces/s1/change-requests/cr1/comments/c1/replies/r1` },
      status: 'resolved',
      resolvedAt: '2026-01-04T00:00:00.000Z',
      resolvedBy: profile('alice'),
    });
    expectSchema('CommentReply', resource);
    expect(replyUsers(doc)).toEqual(['bob', 'alice', 'alice']);
  });

  it.each([
    ['its author', 'bob', {}, { view: true, edit: true, reply: true, delete: true }],
    ['an admin', 'alice', { admin: true }, { view: true, edit: false, reply: true, delete: true }],
    ['another member', 'alice', {}, { view: true, edit: false, reply: true, delete: false }],
    ['a reader', 'alice', { comment: false }, { view: true, edit: false, reply: false, delete: false }],
  ])('gives %s its permissions', (_who, callerId, rights, permissions) => {
    expect(commentReplyResource(reply(), comment(), ctx(callerId, rights)).permissions).toEqual(permissions);
  });
});
