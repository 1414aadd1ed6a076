import { CommandBus } from '@nestjs/cqrs';
import { markdownToDocument } from '../../libs/content/src/documents/markdown-to-document';
import { PurgeExpiredSpaces } from '../../libs/content/src/spaces/space-retention';
import { seedMain } from '../support/content-seed';
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

  type Base = { name: string; path: () => string; specPath: string };
  const BASES: Base[] = [
    { name: 'a space', path: () => `/spaces/${spaceId}`, specPath: '/spaces/{spaceId}' },
    { name: 'a change request (by number)', path: () => `/spaces/${spaceId}/change-requests/${number}`, specPath: '/spaces/{spaceId}/change-requests/{changeRequestId}' },
  ];

  /** A call through the client's generic request, as the client's per-base methods send it. */
  async function call(user: User, method: string, path: string, body?: unknown, query?: Json) {
    const response = await server.as(user.token).request<Json>({ method, path, body, query, format: 'json', secure: true, type: 'application/json' as never });
    return response;
  }
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);

  describe.each(BASES)('on $name', (base) => {
    const post = async (user: User, body: Json) => {
      const { status, data } = await call(user, 'POST', `${base.path()}/comments`, body);
      expect(status).toBe(200);
      expectMatchesSpec('POST', `${base.specPath}/comments`, 200, data);
      return data;
    };
    const get = async (user: User, commentId: string, query?: Json) => {
      const { status, data } = await call(user, 'GET', `${base.path()}/comments/${commentId}`, undefined, query);
      expectMatchesSpec('GET', `${base.specPath}/comments/{commentId}`, status, data);
      return data;
    };
    const put = async (user: User, commentId: string, body: Json) => {
      const { status, data } = await call(user, 'PUT', `${base.path()}/comments/${commentId}`, body);
      expectMatchesSpec('PUT', `${base.specPath}/comments/{commentId}`, status, data);
      return data;
    };
    const list = async (user: User, query?: Json) => {
      const { status, data } = await call(user, 'GET', `${base.path()}/comments`, undefined, query);
      expectMatchesSpec('GET', `${base.specPath}/comments`, status, data);
      return data as { items: Json[]; count: number; next?: { page: string } };
    };
    const reply = async (user: User, commentId: string, markdown: string) => {
      const { status, data } = await call(user, 'POST', `${base.path()}/comments/${commentId}/replies`, { body: { markdown } });
      expect(status).toBe(200);
      expectMatchesSpec('POST', `${base.specPath}/comments/{commentId}/replies`, 200, data);
      return data;
    };
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
      const replies = await call(rita, 'GET', `${base.path()}/comments/${id}/replies`);
      expectMatchesSpec('GET', `${base.specPath}/comments/{commentId}/replies`, 200, replies.data);
      expect(ids((replies.data as { items: Json[] }).items)).toEqual([first.id, second.id]);
      expect(await get(rita, id as string)).toMatchObject({ replies: 2, repliers: [{ user: { id: ed.id }, count: 2 }] });
      const one = await call(rita, 'GET', `${base.path()}/comments/${id}/replies/${first.id}`, undefined, { format: 'markdown' });
      expectMatchesSpec('GET', `${base.specPath}/comments/{commentId}/replies/{commentReplyId}`, 200, one.data);
      expect(one.data.body).toEqual({ markdown: expect.stringContaining('First') });
      const edited = await call(ed, 'PUT', `${base.path()}/comments/${id}/replies/${first.id}`, { body: { markdown: 'First!' }, addedReactions: ['👍'] });
      expectMatchesSpec('PUT', `${base.specPath}/comments/{commentId}/replies/{commentReplyId}`, 200, edited.data);
      expect(edited.data).toMatchObject({ editedAt: expect.any(String), reactions: [{ emoji: '👍', count: 1 }] });
      await refused(ann, 'PUT', `${base.path()}/comments/${id}/replies/${first.id}`, { body: { markdown: 'x' } }, 403);
      await refused(rita, 'POST', `${base.path()}/comments/${id}/replies`, { body: { markdown: 'x' } }, 403);
      const deleted = await server.fetch(`/v1${base.path()}/comments/${id}/replies/${second.id}`, { method: 'DELETE', token: ed.token });
      expect(deleted.status).toBe(205);
      expect((await server.fetch(`/v1${base.path()}/comments/${id}/replies/${second.id}`, { method: 'DELETE', token: ed.token })).status).toBe(204);
      expect(await get(rita, id as string)).toMatchObject({ replies: 1 });
    });

    it('resolves replies where the spec lets it, and refuses `resolved` where it does not', async () => {
      const { id } = await post(ann, { body: { markdown: 'Thread' } });
      const { id: replyId } = await reply(ed, id as string, 'Reply');
      const path = `${base.path()}/comments/${id}/replies/${replyId}`;
      if (base.name.startsWith('a change')) {
        const { status, data } = await call(ed, 'PUT', path, { resolved: true });
        expect(status).toBe(200);
        expect(data).toMatchObject({ status: 'resolved', resolvedBy: { id: ed.id } });
        expect((await call(ed, 'PUT', path, { resolved: false })).data).toMatchObject({ status: 'open' });
      } else {
        await refused(ed, 'PUT', path, { resolved: true });
      }
    });

    it('deletes a comment with its replies (205), then answers 204; an admin may delete any, others only theirs', async () => {
      const { id } = await post(ed, { body: { markdown: 'Gone soon' } });
      const { id: replyId } = await reply(ann, id as string, 'Reply');
      await refused(rita, 'DELETE', `${base.path()}/comments/${id}`, undefined, 403);
      const mine = await post(ann, { body: { markdown: 'Admin' } });
      await refused(ed, 'DELETE', `${base.path()}/comments/${mine.id}`, undefined, 403);
      expect((await server.fetch(`/v1${base.path()}/comments/${id}`, { method: 'DELETE', token: ann.token })).status).toBe(205);
      expect((await server.fetch(`/v1${base.path()}/comments/${id}`, { method: 'DELETE', token: ann.token })).status).toBe(204);
      await expectStatus(call(rita, 'GET', `${base.path()}/comments/${id}`), 404);
      await expectStatus(call(rita, 'GET', `${base.path()}/comments/${id}/replies/${replyId}`), 404);
    });

    it('lists as commenters the members who posted', async () => {
      await post(ed, { body: { markdown: 'a' } });
      const { id } = await post(ann, { body: { markdown: 'b' } });
      await reply(ed, id as string, 'c');
      const { status, data } = await call(rita, 'GET', `${base.path()}/commenters`);
      expectMatchesSpec('GET', `${base.specPath}/commenters`, status, data);
      expect((data as { items: { id: string; object: string }[] }).items.map((m) => [m.object, m.id])).toEqual([['member', ed.id], ['member', ann.id]]);
    });

    it('hides everything from a stranger (404) and refuses writes to a reader (403), writing nothing', async () => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      for (const path of ['/comments', `/comments/${id}`, `/comments/${id}/replies`, '/commenters']) {
        await refused(cat, 'GET', `${base.path()}${path}`, undefined, 404);
      }
      await refused(cat, 'POST', `${base.path()}/comments`, { body: { markdown: 'x' } }, 404);
      await refused(rita, 'POST', `${base.path()}/comments`, { body: { markdown: 'x' } }, 403);
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
      ['an emoji that is not one', { addedReactions: ['smile'] }],
      ['two emoji in one', { addedReactions: ['👍👍'] }],
      ['1,000 reactions in one PUT', { addedReactions: Array.from({ length: 1000 }, () => '👍') }],
      ['an emoji both added and removed', { addedReactions: ['👍'], removedReactions: ['👍'] }],
      ['a string as resolved', { resolved: 'yes' }],
    ])('refuses an update with %s (400, nothing written)', async (_name, body) => {
      const { id } = await post(ed, { body: { markdown: 'x' } });
      await refused(ed, 'PUT', `${base.path()}/comments/${id}`, body);
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
      await server.fetch(`/v1${base.path()}/comments/${b.id}`, { method: 'DELETE', token: ed.token });
      await put(ann, a.id as string, { resolved: true });
      await server.fetch(`/v1${base.path()}/comments/${a.id}`, { method: 'DELETE', token: ed.token });
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
    const purged = async () => (await server.events.readStream(`comment-${comment.id}`)).map((e) => e.type);
    for (let i = 0; i < 100 && !(await purged()).includes('CommentDeleted'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await purged()).toEqual(['CommentPosted', 'CommentDeleted']);
    const [, deleted] = await server.events.readStream(`comment-${comment.id}`);
    expect(deleted.data).toMatchObject({ reason: 'space-purged', wasOpen: true });
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
