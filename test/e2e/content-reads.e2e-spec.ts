import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { seedChangeRequest, seedMain, seedMerge } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const INTRO_MD = '# Welcome\n\nHello, **world**.\n';
const INSTALL_MD = '## Requirements\n\n```sh\nnpm ci\n```\n';

describe('content reads', () => {
  let server: TestServer;
  let ann: User; // admin of the organization
  let bob: User; // member with the default `read` role
  let cat: User; // not a member
  let orgId: string;
  let spaceId: string;
  let first: string; // the space's first, empty revision
  let v1: RevisionRecord; // intro, guides/install, a group, a logo
  let v2: RevisionRecord; // v1 with the intro renamed and guides/install deleted

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    bob = await server.createUser('bob@acme.io', 'Bob Reader');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(bob.token).orgs.joinOrganization(orgId);
    const space = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data;
    spaceId = space.id;
    first = space.revision;
    server.clock.advance(1000);
    v1 = await seedMain(server, ann.id, spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction' }, document: markdownToDocument(INTRO_MD).document, now });
      await tree.insertPage({ id: 'guides', into: null, meta: { title: 'Guides', description: 'How to' }, document: null, now });
      await tree.insertPage({ id: 'install', into: 'guides', meta: { title: 'Install', emoji: '📦' }, document: markdownToDocument(INSTALL_MD).document, now });
      await tree.insertPage({ id: 'more', into: null, type: 'group', meta: { title: 'More' }, document: null, now });
      await tree.insertPage({ id: 'faq', into: 'more', meta: { title: 'FAQ' }, document: null, now });
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: PNG, dimensions: { width: 1, height: 1 }, now });
    });
    server.clock.advance(1000);
    v2 = await seedMain(server, ann.id, spaceId, async (tree, now) => {
      await tree.updatePage('intro', { meta: { title: 'Welcome' }, now });
      await tree.deletePage('install');
    });
  }, 60_000);
  afterAll(() => server.stop());

  const spaces = (user: User) => server.as(user.token).spaces;

  describe("main's content", () => {
    it('answers the current revision with its nested page tree and files', async () => {
      const { data, status } = await spaces(bob).getCurrentRevision(spaceId);
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content', 200, data);
      expect(data).toMatchObject({
        object: 'revision',
        id: v2.id,
        type: 'edits',
        parents: [v1.id],
        createdAt: v2.createdAt,
        reusableContents: [],
        tags: [],
        urls: { app: `${server.url}/s/${spaceId}/~/revisions/${v2.id}` },
      });
      expect(data.pages.map((p) => [p.id, p.type, 'path' in p ? p.path : undefined])).toEqual([
        ['intro', 'document', 'introduction'],
        ['guides', 'document', 'guides'],
        ['more', 'group', 'more'],
      ]);
      const more = data.pages[2] as { pages: { id: string; path: string }[] };
      expect(more.pages.map((p) => [p.id, p.path])).toEqual([['faq', 'more/faq']]);
      expect(data.files).toEqual([expect.objectContaining({ id: 'logo', name: 'logo.png', contentType: 'image/png', size: PNG.length, dimensions: { width: 1, height: 1 } })]);
    });

    it('lists the pages as the same nested tree, each document page with its document', async () => {
      const { data } = await spaces(bob).listPages(spaceId);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/pages', 200, data);
      expect(data.pages.map((p) => p.id)).toEqual(['intro', 'guides', 'more']);
      expect(data.pages[0]).toMatchObject({ document: { object: 'document', nodes: [expect.objectContaining({ type: 'paragraph' })] } });
    });

    it('reads a page by id: metadata, path, urls, layout, and its document by default', async () => {
      const { data } = await spaces(bob).getPageById(spaceId, 'guides');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}', 200, data);
      expect(data).toMatchObject({
        id: 'guides',
        title: 'Guides',
        kind: 'sheet',
        type: 'document',
        slug: 'guides',
        path: 'guides',
        description: 'How to',
        hidden: false,
        urls: { app: `${server.url}/s/${spaceId}/guides` },
        layout: expect.objectContaining({ width: 'default', cover: true }),
        tags: [],
        pages: [],
        document: { object: 'document', data: {}, nodes: [] },
      });
      expect(data).not.toHaveProperty('documentId');
    });

    it('answers markdown that reads back to the same document', async () => {
      const { data } = await spaces(bob).getPageById(spaceId, 'intro', { format: 'markdown' });
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}', 200, data);
      const markdown = (data as { markdown: string }).markdown;
      expect(markdown).toBe('# Welcome\n\nHello, **world**.\n');
      expect(data).not.toHaveProperty('document');
      const json = await spaces(bob).getPageById(spaceId, 'intro', { format: 'document' });
      expect(markdownToDocument(markdown)).toMatchObject({ title: 'Welcome' });
      expect(markdownToDocument(markdown).document).toEqual((json.data as { document: unknown }).document);
      expect(json.data).toMatchObject({ documentId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    });

    it('reads a page by its path, nested paths included', async () => {
      const { data } = await spaces(bob).getPageByPath(spaceId, 'more/faq');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/path/{pagePath}', 200, data);
      expect(data).toMatchObject({ id: 'faq', path: 'more/faq' });
      const group = await spaces(bob).getPageByPath(spaceId, 'more');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/path/{pagePath}', 200, group.data);
      expect(group.data).toMatchObject({ id: 'more', kind: 'group', type: 'group', pages: [expect.objectContaining({ id: 'faq' })] });
      const slashes = await server.fetch(`/v1/spaces/${spaceId}/content/path//more/faq/`, { token: bob.token });
      expect(slashes).toMatchObject({ status: 200, body: { id: 'faq', path: 'more/faq' } });
      expect(await server.fetch(`/v1/spaces/${spaceId}/content/path/`, { token: bob.token })).toMatchObject({ status: 404 });
    });

    it('lists files, paged, and reads one', async () => {
      const { data } = await spaces(bob).listFiles(spaceId, { limit: 1 });
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/files', 200, data);
      expect(data.items.map((f) => f.id)).toEqual(['logo']);
      expect(data.next).toBeUndefined();
      const file = await spaces(bob).getFileById(spaceId, 'logo');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/files/{fileId}', 200, file.data);
      expect(file.data).toMatchObject({ id: 'logo', name: 'logo.png', size: PNG.length });
    });

    it('answers 404 for an unknown page, path or file', async () => {
      await expectStatus(spaces(bob).getPageById(spaceId, 'nope'), 404);
      await expectStatus(spaces(bob).getPageByPath(spaceId, 'guides/install'), 404);
      await expectStatus(spaces(bob).getFileById(spaceId, 'nope'), 404);
    });
  });

  describe('revisions', () => {
    it('reads an older revision whole: its pages, a page by id and by path, its files', async () => {
      const { data } = await spaces(bob).getRevisionById(spaceId, v1.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
      expect(data).toMatchObject({ id: v1.id, parents: [first], urls: { app: `${server.url}/s/${spaceId}/~/revisions/${v1.id}` } });
      const pages = await spaces(bob).listPagesInRevisionById(spaceId, v1.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/pages', 200, pages.data);
      expect(pages.data.pages[0]).toMatchObject({ id: 'intro', title: 'Introduction', path: 'introduction' });
      const guides = (await spaces(bob).getPageInRevisionById(spaceId, v1.id, 'guides')).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', 200, guides);
      expect(guides).toMatchObject({
        pages: [expect.objectContaining({ id: 'install', path: 'guides/install', emoji: '📦', urls: { app: `${server.url}/s/${spaceId}/~/revisions/${v1.id}/guides/install` } })],
      });
      const install = (await spaces(bob).getPageInRevisionByPath(spaceId, v1.id, 'guides/install', { format: 'markdown' })).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', 200, install);
      expect(install).toMatchObject({ id: 'install', markdown: `# Install\n\n${INSTALL_MD}` });
      const files = await spaces(bob).listFilesInRevisionById(spaceId, v1.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/files', 200, files.data);
      const logo = await spaces(bob).getFileInRevisionById(spaceId, v1.id, 'logo');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}', 200, logo.data);
    });

    it("reads the space's first revision as empty", async () => {
      const { data } = await spaces(bob).getRevisionById(spaceId, first);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
      expect(data).toMatchObject({ id: first, type: 'edits', parents: [], pages: [], files: [] });
    });

    it('lists the history newest first, paged', async () => {
      const page1 = await server.fetch(`/v1/spaces/${spaceId}/revisions?limit=2`, { token: bob.token });
      expect(page1.status).toBe(200);
      const body1 = page1.body as { items: { id: string; type: string; parents: string[]; createdBy: string }[]; count: number; next: { page: string } };
      expect(body1.items.map((r) => r.id)).toEqual([v2.id, v1.id]);
      expect(body1.items[0]).toMatchObject({ object: 'revision', type: 'edits', parents: [v1.id], createdBy: ann.id, createdAt: v2.createdAt });
      const page2 = await server.fetch(`/v1/spaces/${spaceId}/revisions?limit=2&page=${body1.next.page}`, { token: bob.token });
      expect((page2.body as { items: { id: string }[]; next?: unknown }).items.map((r) => r.id)).toEqual([first]);
      expect((page2.body as { next?: unknown }).next).toBeUndefined();
    });

    it("answers 404 for an unknown revision and for another space's", async () => {
      const other = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Other' })).data;
      await expectStatus(spaces(bob).getRevisionById(spaceId, 'nope'), 404);
      await expectStatus(spaces(bob).getRevisionById(other.id, v1.id), 404);
      await expectStatus(spaces(bob).getPageInRevisionById(other.id, v1.id, 'intro'), 404);
      await expectStatus(spaces(bob).getPageInRevisionById(spaceId, v2.id, 'install'), 404);
    });
  });

  describe('refusals', () => {
    it.each([
      ['format=html', 'format must be one of: document, markdown'],
      ['format.markdown.refs=absolute', 'format.markdown.refs must be one of: relative, stable'],
      ['evaluated=maybe', 'evaluated must be one of: true, false, deterministic-only'],
      ['dereferenced=yes', 'dereferenced must be one of: true, false, reusable-contents'],
      ['metadata=1', 'metadata must be true or false'],
    ])('refuses %s with 400', async (query, message) => {
      const refusal = await server.fetch(`/v1/spaces/${spaceId}/content/page/intro?${query}`, { token: bob.token });
      expect(refusal).toMatchObject({ status: 400, body: { error: { code: 400, message } } });
    });

    it('accepts the documented values of every read parameter', async () => {
      const query = 'format=markdown&format.markdown.refs=stable&evaluated=deterministic-only&dereferenced=reusable-contents&metadata=false&computed=false';
      const { status } = await server.fetch(`/v1/spaces/${spaceId}/content/page/intro?${query}`, { token: bob.token });
      expect(status).toBe(200);
    });

    it('refuses a bad files cursor with 400', async () => {
      const { status } = await server.fetch(`/v1/spaces/${spaceId}/content/files?page=nonsense`, { token: bob.token });
      expect(status).toBe(400);
    });

    it.each([
      ['content', (s: string) => spaces(cat).getCurrentRevision(s)],
      ['pages', (s: string) => spaces(cat).listPages(s)],
      ['page', (s: string) => spaces(cat).getPageById(s, 'intro')],
      ['path', (s: string) => spaces(cat).getPageByPath(s, 'introduction')],
      ['files', (s: string) => spaces(cat).listFiles(s)],
      ['file', (s: string) => spaces(cat).getFileById(s, 'logo')],
      ['revision', (s: string) => spaces(cat).getRevisionById(s, v1.id)],
      ['revision page', (s: string) => spaces(cat).getPageInRevisionById(s, v1.id, 'intro')],
    ])('hides the %s from a stranger (404)', async (_what, read) => {
      await expectStatus(read(spaceId), 404);
    });

    it('hides the history from a stranger (404)', async () => {
      expect((await server.fetch(`/v1/spaces/${spaceId}/revisions`, { token: cat.token })).status).toBe(404);
    });
  });

  describe("a change request's content", () => {
    let cr: { id: string; number: number };
    let head: RevisionRecord;

    beforeAll(async () => {
      cr = (await spaces(ann).createChangeRequest(spaceId, { subject: 'Drafts' })).data;
      server.clock.advance(1000);
      head = await seedChangeRequest(server, ann.id, spaceId, cr.number, async (tree, now) => {
        await tree.insertPage({ id: 'draft', into: 'guides', meta: { title: 'Draft' }, document: markdownToDocument('Work in progress.\n').document, now });
        await tree.updatePage('intro', { document: markdownToDocument('Hello, **drafts**.\n').document, now });
        await tree.addFile({ id: 'notes', name: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('notes'), now });
      });
    }, 60_000);

    it('answers the head revision, by number and by id', async () => {
      for (const ref of [String(cr.number), cr.id]) {
        const { data } = await spaces(bob).getRevisionOfChangeRequestById(spaceId, ref);
        expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content', 200, data);
        expect(data).toMatchObject({ id: head.id, type: 'edits', parents: [v2.id] });
        expect(data.pages.map((p) => p.id)).toEqual(['intro', 'guides', 'more']);
      }
    });

    it('reads its pages, a page by id and by path, its files; main is untouched', async () => {
      const pages = await spaces(bob).listPagesInChangeRequest(spaceId, cr.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', 200, pages.data);
      expect(pages.data.pages[1]).toMatchObject({ id: 'guides', pages: [expect.objectContaining({ id: 'draft', path: 'guides/draft' })] });
      const draft = (await spaces(bob).getPageInChangeRequestById(spaceId, String(cr.number), 'draft', { format: 'markdown' })).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', 200, draft);
      expect(draft).toMatchObject({ markdown: '# Draft\n\nWork in progress.\n', urls: { app: `${server.url}/s/${spaceId}/~/changes/${cr.number}/guides/draft` } });
      const byPath = (await spaces(bob).getPageInChangeRequestByPath(spaceId, cr.id, 'guides/draft')).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}', 200, byPath);
      expect(byPath).toMatchObject({ id: 'draft' });
      const files = await spaces(bob).listFilesInChangeRequestById(spaceId, cr.id, { limit: 1 });
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', 200, files.data);
      expect(files.data.items.map((f) => f.id)).toEqual(['logo']);
      const rest = await spaces(bob).listFilesInChangeRequestById(spaceId, cr.id, { limit: 1, page: files.data.next!.page });
      expect(rest.data.items.map((f) => f.id)).toEqual(['notes']);
      expect(rest.data.next).toBeUndefined();
      const download = await fetch(rest.data.items[0].downloadURL);
      expect(download.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await download.text()).toBe('notes');
      const logo = await spaces(bob).getFileInChangeRequestById(spaceId, cr.id, 'logo');
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', 200, logo.data);
      await expectStatus(spaces(bob).getPageById(spaceId, 'draft'), 404);
      const intro = (await spaces(bob).getPageById(spaceId, 'intro', { format: 'markdown' })).data;
      expect(intro).toMatchObject({ markdown: '# Welcome\n\nHello, **world**.\n' });
    });

    it("answers 404 for an unknown request, another space's, and for a stranger", async () => {
      const other = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Elsewhere' })).data;
      await expectStatus(spaces(bob).getRevisionOfChangeRequestById(spaceId, '99'), 404);
      await expectStatus(spaces(bob).getRevisionOfChangeRequestById(other.id, cr.id), 404);
      await expectStatus(spaces(bob).getPageInChangeRequestById(spaceId, cr.id, 'nope'), 404);
      await expectStatus(spaces(cat).getRevisionOfChangeRequestById(spaceId, cr.id), 404);
      await expectStatus(spaces(cat).getPageInChangeRequestById(spaceId, cr.id, 'draft'), 404);
    });

    it('once merged, main answers the merge revision, naming the request it merged', async () => {
      server.clock.advance(1000);
      const merge = await seedMerge(server, ann.id, spaceId, cr.number);
      const { data } = await spaces(bob).getCurrentRevision(spaceId);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content', 200, data);
      expect(data).toMatchObject({ id: merge.id, type: 'merge', parents: [v2.id, head.id], mergedFrom: { id: cr.id, number: cr.number, status: 'merged' } });
      expect((await spaces(bob).getPageById(spaceId, 'draft')).data).toMatchObject({ path: 'guides/draft' });
      const history = await server.fetch(`/v1/spaces/${spaceId}/revisions?limit=1`, { token: bob.token });
      expect(history.body).toMatchObject({ items: [{ id: merge.id, type: 'merge', changeRequest: { id: cr.id, number: cr.number } }] });
    });
  });
});
