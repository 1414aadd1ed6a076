import { CommandBus } from '@nestjs/cqrs';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { PurgeExpiredSpaces } from '@folio/content/spaces/space-retention';
import { COMMENT_PURGE, CommentPurgeProcess } from '@folio/collaboration/comments/comment-purge';
import { seedMain } from '../support/content-seed';
import { processReached } from '../support/processes';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;
const DAY = 24 * 60 * 60 * 1000;

const TABLE_MD = ['Intro paragraph.', '', '| Name | Role |', '| --- | --- |', '| Ann | Admin |'].join('\n');

/**
 * The comment routes on both bases (a space; one of its change requests), through the official client,
 * each response checked against the client's spec; and what they are refused with.
 */
describe('comments', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let spaceId: string;
  let number: number;
  let crId: string;
  let keys: { paragraph: string; table: string; record: string; definition: string };

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    await seedMain(server, ann.id, spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Intro' }, document: markdownToDocument(TABLE_MD).document, now });
    });
    const cr = (await server.as(ed.token).spaces.createChangeRequest(spaceId, { subject: 'Edits' })).data;
    ({ number, id: crId } = cr);
    const page = (await server.as(ann.token).spaces.getPageById(spaceId, 'intro')).data as unknown as { document: { nodes: Json[] } };
    const [paragraph, table] = page.document.nodes as { key: string; data: { records: Json; definition: Json } }[];
    keys = { paragraph: paragraph.key, table: table.key, record: Object.keys(table.data.records)[0], definition: Object.keys(table.data.definition)[0] };
  });

  /** The eleven operations of one base, through the client's own methods for it. */
  type Api = {
    list(query?: Json): Promise<Response>;
    post(body: Json): Promise<Response>;
    get(commentId: string, query?: Json): Promise<Response>;
    update(commentId: string, body: Json): Promise<Response>;
    delete(commentId: string): Promise<Response>;
    replies(commentId: string, query?: Json): Promise<Response>;
    reply(commentId: string, body: Json): Promise<Response>;
    getReply(commentId: string, replyId: string, query?: Json): Promise<Response>;
    updateReply(commentId: string, replyId: string, body: Json): Promise<Response>;
    deleteReply(commentId: string, replyId: string): Promise<Response>;
    commenters(query?: Json): Promise<Response>;
  };
  type Response = { status: number; data: Json };
  type Base = { name: string; path: () => string; specPath: string; api: (user: User) => Api };
  const spacesOf = (user: User) => server.as(user.token).spaces as unknown as Record<string, (...args: unknown[]) => Promise<Response>>;
  const BASES: Base[] = [
    {
      name: 'a space',
      path: () => `/spaces/${spaceId}`,
      specPath: '/spaces/{spaceId}',
      api: (user) => {
        const s = spacesOf(user);
        return {
          list: (query) => s.listCommentsInSpace(spaceId, query),
          post: (body) => s.postCommentInSpace(spaceId, body),
          get: (id, query) => s.getCommentInSpace(spaceId, id, query),
          update: (id, body) => s.updateCommentInSpace(spaceId, id, body),
          delete: (id) => s.deleteCommentInSpace(spaceId, id),
          replies: (id, query) => s.listCommentRepliesInSpace(spaceId, id, query),
          reply: (id, body) => s.postCommentReplyInSpace(spaceId, id, body),
          getReply: (id, replyId, query) => s.getCommentReplyInSpace(spaceId, id, replyId, query),
          updateReply: (id, replyId, body) => s.updateCommentReplyInSpace(spaceId, id, replyId, body),
          deleteReply: (id, replyId) => s.deleteCommentReplyInSpace(spaceId, id, replyId),
          commenters: (query) => s.listCommentersInSpace(spaceId, query),
        };
      },
    },
    {
      name: 'a change request (by number)',
      path: () => `/spaces/${spaceId}/change-requests/${number}`,
      specPath: '/spaces/{spaceId}/change-requests/{changeRequestId}',
      api: (user) => {
        const s = spacesOf(user);
        const cr = String(number);
        return {
          list: (query) => s.listCommentsInChangeRequest(spaceId, cr, query),
          post: (body) => s.postCommentInChangeRequest(spaceId, cr, body),
          get: (id, query) => s.getCommentInChangeRequest(spaceId, cr, id, query),
          update: (id, body) => s.updateCommentInChangeRequest(spaceId, cr, id, body),
          delete: (id) => s.deleteCommentInChangeRequest(spaceId, cr, id),
          replies: (id, query) => s.listCommentRepliesInChangeRequest(spaceId, cr, id, query),
          reply: (id, body) => s.postCommentReplyInChangeRequest(spaceId, cr, id, body),
          getReply: (id, replyId, query) => s.getCommentReplyInChangeRequest(spaceId, cr, id, replyId, query),
          updateReply: (id, replyId, body) => s.updateCommentReplyInChangeRequest(spaceId, cr, id, replyId, body),
          deleteReply: (id, replyId) => s.deleteCommentReplyInChangeRequest(spaceId, cr, id, replyId),
          commenters: (query) => s.listCommentersInChangeRequest(spaceId, cr, query),
        };
      },
    },
  ];

  /** A call through the client's generic request, for what crosses the bases. */
  async function call(user: User, method: string, path: string, body?: unknown, query?: Json) {
    return server.as(user.token).request<Json>({ method, path, body, query, format: 'json', secure: true, type: 'application/json' as never });
  }
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);

  describe.each(BASES)('on $name', (base) => {
    /** Checks a response against the client's spec for this base and operation, and answers its body. */
    const checked = (method: string, suffix: string, { status, data }: Response, expected = 200) => {
      expect(status).toBe(expected);
      expectMatchesSpec(method, `${base.specPath}${suffix}`, status, data);
      return data;
    };
    const post = async (user: User, body: Json) => checked('POST', '/comments', await base.api(user).post(body));
    const get = async (user: User, commentId: string, query?: Json) => checked('GET', '/comments/{commentId}', await base.api(user).get(commentId, query));
    const put = async (user: User, commentId: string, body: Json) => checked('PUT', '/comments/{commentId}', await base.api(user).update(commentId, body));
    const list = async (user: User, query?: Json) =>
      checked('GET', '/comments', await base.api(user).list(query)) as { items: Json[]; count: number; next?: { page: string } };
    const reply = async (user: User, commentId: string, markdown: string) =>
      checked('POST', '/comments/{commentId}/replies', await base.api(user).reply(commentId, { body: { markdown } }));
    const ids = (items: Json[]) => items.map((item) => item.id);

    it('posts a comment on a page and answers it as a document or as markdown', async () => {
      const comment = await post(ed, { body: { markdown: 'Looks **good**' }, page: 'intro' });
      expect(comment).toMatchObject({
        object: 'comment',
        status: 'open',
        postedBy: { id: ed.id },
        replies: 0,
        repliers: [],
        reactions: [],
        target: { space: spaceId, page: { id: 'intro' }, ...(base.name.startsWith('a change') ? { changeRequest: crId } : {}) },
        permissions: { view: true, edit: true, reply: true, delete: true },
      });
      expect(comment.body).toEqual({ document: expect.objectContaining({ object: 'document' }) });
      expect(await get(ed, comment.id as string, { format: 'markdown' })).toMatchObject({ body: { markdown: expect.stringContaining('Looks **good**') } });
      expect((await get(rita, comment.id as string)).permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    });

    it('anchors a comment to a block and to a table cell of the revision', async () => {
      const onBlock = await post(ed, { body: { markdown: 'Here' }, node: keys.paragraph });
      expect(onBlock.target).toMatchObject({ page: { id: 'intro' }, node: { id: keys.paragraph } });
      const onCell = await post(ed, { body: { markdown: 'Cell' }, page: 'intro', node: keys.table, tableCell: { record: keys.record, definition: keys.definition } });
      expect(onCell.target).toMatchObject({ node: { id: keys.table }, tableCell: { record: keys.record, definition: keys.definition } });
    });

    it('accepts a JSON document body and turns @mentions of members into mention inlines', async () => {
      const comment = await post(ann, { body: { markdown: `Ask @ed@acme.io or @nobody@acme.io` } });
      const text = JSON.stringify(comment.body);
      expect(text).toContain(`"user":"${ed.id}"`);
      expect(text).toContain('nobody@acme.io');
      const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'JSON', marks: [] }] }] }] };
      expect((await post(ann, { body: { document } })).body).toEqual({ document: expect.objectContaining({ nodes: [expect.objectContaining({ type: 'paragraph' })] }) });
    });

    it('lists newest first by default, oldest first on asking, by status, page and author, a page at a time', async () => {
      const first = await post(ed, { body: { markdown: 'one' }, page: 'intro' });
      server.clock.advance(1000);
      const second = await post(ann, { body: { markdown: 'two' } });
      server.clock.advance(1000);
      const third = await post(ed, { body: { markdown: 'three' } });
      await put(ann, second.id as string, { resolved: true });
      expect(ids((await list(rita)).items)).toEqual([third.id, second.id, first.id]);
      expect(ids((await list(rita, { order: 'asc' })).items)).toEqual([first.id, second.id, third.id]);
      expect(ids((await list(rita, { status: 'open' })).items)).toEqual([third.id, first.id]);
      expect(ids((await list(rita, { status: 'resolved' })).items)).toEqual([second.id]);
      expect(ids((await list(rita, { targetPage: 'intro' })).items)).toEqual([first.id]);
      expect(ids((await list(rita, { authors: [ann.id] })).items)).toEqual([second.id]);
      const bracketed = await server.fetch(`/v1${base.path()}/comments?authors[]=${ann.id}&authors[]=${cat.id}`, { token: rita.token });
      expect(ids((bracketed.body as { items: Json[] }).items)).toEqual([second.id]);
      const page1 = await list(rita, { limit: 2 });
      expect(page1).toMatchObject({ count: 2, next: { page: expect.any(String) } });
      const page2 = await list(rita, { limit: 2, page: page1.next!.page });
      expect(ids([...page1.items, ...page2.items])).toEqual([third.id, second.id, first.id]);
      expect(page2.next).toBeUndefined();
    });

    it('edits a body by its author only, resolves by the author or a reviewer, and reopens', async () => {
      const comment = await post(ed, { body: { markdown: 'Draft' } });
      const id = comment.id as string;
      server.clock.advance(1000);
      const edited = await put(ed, id, { body: { markdown: 'Final' } });
      expect(edited).toMatchObject({ editedAt: expect.any(String), body: { document: expect.any(Object) } });
      await refused(ann, 'PUT', `${base.path()}/comments/${id}`, { body: { markdown: 'Mine now' } }, 403);
      const mine = await post(ann, { body: { markdown: 'Admin note' } });
      await refused(ed, 'PUT', `${base.path()}/comments/${mine.id}`, { resolved: true }, 403);
      const resolved = await put(ann, id, { resolved: true });
      expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: ann.id }, resolvedAt: expect.any(String) });
      const reopened = await put(ed, id, { resolved: false });
      expect(reopened.status).toBe('open');
      expect(reopened).not.toHaveProperty('resolvedAt');
    });

    it('keeps one reaction per user and emoji, in first-reaction order, and removes only the caller’s', async () => {
      const { id } = await post(ed, { body: { markdown: 'React' } });
      server.clock.advance(1);
      await put(ed, id as string, { addedReactions: ['👍', '1f389'] });
      server.clock.advance(1);
      await put(ann, id as string, { addedReactions: ['👍'] });
      const again = await put(ann, id as string, { addedReactions: ['👍'] });
      expect(again.reactions).toEqual([
        { emoji: '👍', count: 2, users: [expect.objectContaining({ user: expect.objectContaining({ id: ed.id }) }), expect.objectContaining({ user: expect.objectContaining({ id: ann.id }) })] },
        { emoji: '🎉', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: ed.id }) })] },
      ]);
      const removed = await put(ann, id as string, { removedReactions: ['👍', '🎉'] });
      expect((removed.reactions as Json[]).map((r) => [r.emoji, r.count])).toEqual([['👍', 1], ['🎉', 1]]);
    });

    it('threads replies oldest first, counts them with their repliers, edits, resolves and deletes them', async () => {
      const { id } = await post(ann, { body: { markdown: 'Thread' } });
      const first = await reply(ed, id as string, 'First');
      server.clock.advance(1000);
      const second = await reply(ed, id as string, 'Second');
      expect(first).toMatchObject({ object: 'comment-reply', postedBy: { id: ed.id }, permissions: { edit: true, delete: true } });
      const replies = checked('GET', '/comments/{commentId}/replies', await base.api(rita).replies(id as string)) as { items: Json[] };
      expect(ids(replies.items)).toEqual([first.id, second.id]);
      const paged = checked('GET', '/comments/{commentId}/replies', await base.api(rita).replies(id as string, { limit: 1 })) as { items: Json[]; next?: { page: string } };
      expect(ids(paged.items)).toEqual([first.id]);
      expect(ids((await base.api(rita).replies(id as string, { limit: 1, page: paged.next!.page })).data.items as Json[])).toEqual([second.id]);
      expect(await get(rita, id as string)).toMatchObject({ replies: 2, repliers: [{ user: { id: ed.id }, count: 2 }] });
      const one = checked('GET', '/comments/{commentId}/replies/{commentReplyId}', await base.api(rita).getReply(id as string, first.id as string, { format: 'markdown' }));
      expect(one.body).toEqual({ markdown: expect.stringContaining('First') });
      const edited = checked(
        'PUT',
        '/comments/{commentId}/replies/{commentReplyId}',
        await base.api(ed).updateReply(id as string, first.id as string, { body: { markdown: 'First!' }, addedReactions: ['👍'] }),
      );
      expect(edited).toMatchObject({ editedAt: expect.any(String), reactions: [{ emoji: '👍', count: 1 }] });
      await refused(ann, 'PUT', `${base.path()}/comments/${id}/replies/${first.id}`, { body: { markdown: 'x' } }, 403);
      await refused(rita, 'POST', `${base.path()}/comments/${id}/replies`, { body: { markdown: 'x' } }, 403);
      const annsReply = await reply(ann, id as string, 'Mine');
      await refused(ed, 'DELETE', `${base.path()}/comments/${id}/replies/${annsReply.id}`, undefined, 403);
      expect((await base.api(ed).deleteReply(id as string, second.id as string)).status).toBe(205);
      expect((await base.api(ed).deleteReply(id as string, second.id as string)).status).toBe(204);
      expect(await get(rita, id as string)).toMatchObject({ replies: 2, repliers: [{ user: { id: ed.id }, count: 1 }, { user: { id: ann.id }, count: 1 }] });
    });

    it('resolves replies where the spec lets it, and refuses `resolved` where it does not', async () => {
      const { id } = await post(ann, { body: { markdown: 'Thread' } });
      const { id: replyId } = await reply(ed, id as string, 'Reply');
      if (base.name.startsWith('a change')) {
        const resolved = checked('PUT', '/comments/{commentId}/replies/{commentReplyId}', await base.api(ed).updateReply(id as string, replyId as string, { resolved: true }));
        expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: ed.id } });
        expect((await base.api(ed).updateReply(id as string, replyId as string, { resolved: false })).data).toMatchObject({ status: 'open' });
      } else {
        await refused(ed, 'PUT', `${base.path()}/comments/${id}/replies/${replyId}`, { resolved: true });
      }
    });

    it('deletes a comment with its replies (205), then answers 204; an admin may delete any, others only theirs', async () => {
      const { id } = await post(ed, { body: { markdown: 'Gone soon' } });
      const { id: replyId } = await reply(ann, id as string, 'Reply');
      await refused(rita, 'DELETE', `${base.path()}/comments/${id}`, undefined, 403);
      const mine = await post(ann, { body: { markdown: 'Admin' } });
      await refused(ed, 'DELETE', `${base.path()}/comments/${mine.id}`, undefined, 403);
      expect((await base.api(ann).delete(id as string)).status).toBe(205);
      expect((await base.api(ann).delete(id as string)).status).toBe(204);
      await expectStatus(base.api(rita).get(id as string), 404);
      await expectStatus(base.api(rita).getReply(id as string, replyId as string), 404);
    });

    it('lists as commenters the members who posted', async () => {
      await post(ed, { body: { markdown: 'a' } });
      server.clock.advance(1000);
      const { id } = await post(ann, { body: { markdown: 'b' } });
      await reply(ed, id as string, 'c');
      const data = checked('GET', '/commenters', await base.api(rita).commenters()) as { items: { id: string; object: string }[] };
      expect(data.items.map((m) => [m.object, m.id])).toEqual([['member', ed.id], ['member', ann.id]]);
      const first = (await base.api(rita).commenters({ limit: 1 })).data as { items: { id: string }[]; next?: { page: string } };
      expect(first.items.map((m) => m.id)).toEqual([ed.id]);
      expect(((await base.api(rita).commenters({ limit: 1, page: first.next!.page })).data.items as { id: string }[]).map((m) => m.id)).toEqual([ann.id]);
    });

    it('hides everything from a stranger (404) and refuses writes to a reader (403), writing nothing', async () => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      for (const path of ['/comments', `/comments/${id}`, `/comments/${id}/replies`, '/commenters']) {
        await refused(cat, 'GET', `${base.path()}${path}`, undefined, 404);
      }
      await refused(cat, 'POST', `${base.path()}/comments`, { body: { markdown: 'x' } }, 404);
      await refused(cat, 'PUT', `${base.path()}/comments/${id}`, { resolved: true }, 404);
      await refused(cat, 'DELETE', `${base.path()}/comments/${id}`, undefined, 404);
      await refused(cat, 'POST', `${base.path()}/comments/${id}/replies`, { body: { markdown: 'x' } }, 404);
      const { id: replyId } = await reply(ed, id as string, 'y');
      for (const method of ['GET', 'PUT', 'DELETE']) {
        await refused(cat, method, `${base.path()}/comments/${id}/replies/${replyId}`, method === 'PUT' ? { body: { markdown: 'x' } } : undefined, 404);
      }
      await refused(rita, 'POST', `${base.path()}/comments`, { body: { markdown: 'x' } }, 403);
      await refused(rita, 'PUT', `${base.path()}/comments/${id}/replies/${replyId}`, { addedReactions: ['👍'] }, 403);
      await refused(rita, 'DELETE', `${base.path()}/comments/${id}/replies/${replyId}`, undefined, 403);
      await refused(rita, 'PUT', `${base.path()}/comments/${id}`, { addedReactions: ['👍'] }, 403);
      await refused(rita, 'PUT', `${base.path()}/comments/${id}`, { resolved: true }, 403);
    });

    it.each([
      ['no body', {}],
      ['an empty body', { body: {} }],
      ['both markdown and document', { body: { markdown: 'a', document: { object: 'document', data: {}, nodes: [] } } }],
      ['a body over 64 KiB of markdown', { body: { markdown: 'x'.repeat(64 * 1024 + 1) } }],
      ['a malformed document', { body: { document: { object: 'document', nodes: [{ object: 'nope' }] } } }],
      ['an unknown page', { body: { markdown: 'a' }, page: 'nope' }],
      ['an unknown node', { body: { markdown: 'a' }, node: 'nope' }],
      ['a table cell outside a table', { body: { markdown: 'a' }, node: 'PARAGRAPH', tableCell: { record: 'r', definition: 'd' } }],
      ['an unknown property', { body: { markdown: 'a' }, color: 'red' }],
      ['a number as markdown', { body: { markdown: 1 } }],
    ])('refuses a comment with %s (400, nothing written)', async (_name, body) => {
      const json = JSON.parse(JSON.stringify(body).replace('PARAGRAPH', keys.paragraph));
      await refused(ed, 'POST', `${base.path()}/comments`, json);
    });

    it.each([
      ['8,000 email addresses after @ (each a link and a handle)', { body: { markdown: '@a@b.co '.repeat(8_000) } }],
      ['a document of 5,100 leaves', { body: { document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: Array.from({ length: 5_100 }, () => ({ object: 'leaf', text: 'a', marks: [] })) }] }] } } }],
    ])('refuses a comment with %s: over 5,000 nodes (413, nothing written)', async (_name, body) => {
      const message = await refused(ed, 'POST', `${base.path()}/comments`, body, 413);
      expect(message).toMatch(/more than 5000 nodes/);
    });

    it.each([
      ['an emoji that is not one', { addedReactions: ['smile'] }],
      ['two emoji in one', { addedReactions: ['👍👍'] }],
      ['1,000 reactions in one PUT', { addedReactions: Array.from({ length: 1000 }, () => '👍') }],
      ['an emoji both added and removed', { addedReactions: ['👍'], removedReactions: ['👍'] }],
      ['a string as resolved', { resolved: 'yes' }],
    ])('refuses an update with %s (400, nothing written)', async (_name, body) => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      await refused(ed, 'PUT', `${base.path()}/comments/${id}`, body);
    });

    it.each([
      ['list comments', 'GET', '/comments?order=sideways', undefined],
      ['list comments', 'GET', '/comments?status=closed', undefined],
      ['list comments', 'GET', '/comments?limit=0', undefined],
      ['list comments', 'GET', '/comments?page=not-a-cursor', undefined],
      ['get a comment', 'GET', '/comments/:c?format=html', undefined],
      ['list replies', 'GET', '/comments/:c/replies?limit=5000', undefined],
      ['post a reply', 'POST', '/comments/:c/replies', { body: { markdown: '' } }],
      ['post a reply', 'POST', '/comments/:c/replies', { body: { markdown: 'x' }, page: 'intro' }],
      ['get a reply', 'GET', '/comments/:c/replies/:r?format=pdf', undefined],
      ['update a reply', 'PUT', '/comments/:c/replies/:r', { addedReactions: ['nope'] }],
      ['update a reply', 'PUT', '/comments/:c/replies/:r', { body: { markdown: 'x'.repeat(64 * 1024 + 1) } }],
      ['list commenters', 'GET', '/commenters?limit=abc', undefined],
    ])('refuses bad input to %s: %s %s (400, nothing written)', async (_op, method, suffix, body: Json | undefined) => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      const { id: replyId } = await reply(ed, id as string, 'y');
      await refused(ed, method, `${base.path()}${suffix.replace(':c', id as string).replace(':r', replyId as string)}`, body);
    });

    it('answers 404 for comments and replies that are not there', async () => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      await expectStatus(base.api(ed).get('nope'), 404);
      await expectStatus(base.api(ed).update('nope', { resolved: true }), 404);
      await expectStatus(base.api(ed).replies('nope'), 404);
      await expectStatus(base.api(ed).reply('nope', { body: { markdown: 'x' } }), 404);
      await expectStatus(base.api(ed).getReply(id as string, 'nope'), 404);
      await expectStatus(base.api(ed).updateReply(id as string, 'nope', { body: { markdown: 'x' } }), 404);
      expect((await base.api(ed).deleteReply(id as string, 'nope')).status).toBe(204);
      expect((await base.api(ed).delete('nope')).status).toBe(204);
    });

    it('counts open comments on its resource through post, resolve, reopen and delete', async () => {
      const count = async () => {
        const api = server.as(rita.token).spaces;
        return base.name.startsWith('a change') ? (await api.getChangeRequestById(spaceId, crId)).data.comments : (await api.getSpaceById(spaceId)).data.comments;
      };
      const a = await post(ed, { body: { markdown: 'a' } });
      const b = await post(ed, { body: { markdown: 'b' } });
      expect(await count()).toBe(2);
      await put(ann, a.id as string, { resolved: true });
      expect(await count()).toBe(1);
      await put(ann, a.id as string, { resolved: false });
      expect(await count()).toBe(2);
      await base.api(ed).delete(b.id as string);
      await put(ann, a.id as string, { resolved: true });
      await base.api(ed).delete(a.id as string);
      expect(await count()).toBe(0);
    });
  });

  it('keeps space comments and change-request comments apart', async () => {
    const { data: onSpace } = await call(ed, 'POST', `/spaces/${spaceId}/comments`, { body: { markdown: 'space' } });
    const { data: onRequest } = await call(ed, 'POST', `/spaces/${spaceId}/change-requests/${crId}/comments`, { body: { markdown: 'request' } });
    expect((await call(ed, 'GET', `/spaces/${spaceId}/comments`)).data.items).toEqual([expect.objectContaining({ id: onSpace.id })]);
    expect((await call(ed, 'GET', `/spaces/${spaceId}/change-requests/${crId}/comments`)).data.items).toEqual([expect.objectContaining({ id: onRequest.id })]);
    await expectStatus(call(ed, 'GET', `/spaces/${spaceId}/comments/${onRequest.id}`), 404);
    expect((await server.fetch(`/v1/spaces/${spaceId}/comments/${onRequest.id}`, { method: 'DELETE', token: ann.token })).status).toBe(204);
    expect((await call(ed, 'GET', `/spaces/${spaceId}/change-requests/${crId}/comments/${onRequest.id}`)).status).toBe(200);
  });

  it('keeps a merged or archived request’s comments readable and refuses new ones (409)', async () => {
    const path = `/spaces/${spaceId}/change-requests/${crId}`;
    const { data: kept } = await call(ed, 'POST', `${path}/comments`, { body: { markdown: 'before' } });
    await server.as(ed.token).spaces.updateChangeRequestById(spaceId, crId, { status: 'archived' } as never);
    await refused(ed, 'POST', `${path}/comments`, { body: { markdown: 'after' } }, 409);
    await refused(ed, 'POST', `${path}/comments/${kept.id}/replies`, { body: { markdown: 'after' } }, 409);
    expect((await call(rita, 'GET', `${path}/comments/${kept.id}`)).status).toBe(200);
  });

  it('answers 404 for the comments of a deleted space until it is restored, and purges them with the space', async () => {
    const { data: comment } = await call(ed, 'POST', `/spaces/${spaceId}/comments`, { body: { markdown: 'x' } });
    await server.as(ann.token).spaces.deleteSpaceById(spaceId);
    await refused(ed, 'GET', `/spaces/${spaceId}/comments`, undefined, 404);
    await refused(ed, 'POST', `/spaces/${spaceId}/comments`, { body: { markdown: 'x' } }, 404);
    await server.as(ann.token).spaces.restoreSpace(spaceId);
    expect((await call(ed, 'GET', `/spaces/${spaceId}/comments/${comment.id}`)).status).toBe(200);
    await server.as(ann.token).spaces.deleteSpaceById(spaceId);
    server.clock.advance(8 * DAY);
    await server.app.get(CommandBus).execute(new PurgeExpiredSpaces());
    const [purge] = (await server.events.readStream(`space-${spaceId}`)).filter((e) => e.type === 'SpacePurged');
    await processReached(server, COMMENT_PURGE, purge.position);
    expect((await server.events.readStream(`comment-${comment.id}`)).map((e) => e.type)).toEqual(['CommentPosted', 'CommentDeleted']);
    const [, deleted] = await server.events.readStream(`comment-${comment.id}`);
    expect(deleted.data).toMatchObject({ reason: 'space-purged', wasOpen: true });
    // Run again (as after a crash before its checkpoint moved), the process writes nothing more.
    const before = await server.head();
    await server.app.get(CommentPurgeProcess).react(purge);
    expect(await server.head()).toBe(before);
  }, 30_000);

  it('records comment events in the organization’s audit trail', async () => {
    const { data: comment } = await call(ed, 'POST', `/spaces/${spaceId}/comments`, { body: { markdown: 'x' } });
    const { data: reply } = await call(ann, 'POST', `/spaces/${spaceId}/comments/${comment.id}/replies`, { body: { markdown: 'y' } });
    await call(ann, 'PUT', `/spaces/${spaceId}/comments/${comment.id}`, { resolved: true });
    await server.fetch(`/v1/spaces/${spaceId}/comments/${comment.id}/replies/${reply.id}`, { method: 'DELETE', token: ann.token });
    await server.fetch(`/v1/spaces/${spaceId}/comments/${comment.id}`, { method: 'DELETE', token: ed.token });
    const { body } = await server.fetch(`/v1/orgs/${orgId}/audit-events?limit=10`, { token: ann.token });
    const actions = (body as { items: { action: string; actor: { id: string } }[] }).items.map((e) => e.action);
    expect(actions.slice(0, 5)).toEqual(['comment.deleted', 'comment_reply.deleted', 'comment.resolved', 'comment_reply.posted', 'comment.posted']);
  });
});
