import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { seedChangeRequest, seedMain } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const INTRO_MD = '# Welcome\n\nHello, **world**.\n';
const CANONICAL = { kind: 'url' as const, url: 'https://example.com/intro' };
const ALTERNATE = { kind: 'page' as const, page: 'plain' };

/** A page's bare document and its meta links: the reads a renderer makes for each page it shows. */
describe('page documents and meta links', () => {
  let server: TestServer;
  let ann: User; // admin of the organization
  let rita: User; // member with the default `read` role
  let cat: User; // not a member
  let spaceId: string;
  let v1: RevisionRecord; // intro (document, meta links), plain (no document), a group and a link
  let cr: { id: string; number: number }; // a request changing intro's canonical link

  beforeAll(async () => {
    server = await startServer();
    let orgId: string;
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    server.clock.advance(1000);
    v1 = await seedMain(server, ann.id, spaceId, async (tree, now) => {
      const metaLinks = { canonical: CANONICAL, alternates: [ALTERNATE] };
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction', metaLinks }, document: markdownToDocument(INTRO_MD).document, now });
      await tree.insertPage({ id: 'plain', into: null, meta: { title: 'Plain' }, document: null, now });
      await tree.insertPage({ id: 'more', into: null, type: 'group', meta: { title: 'More' }, document: null, now });
      await tree.insertPage({ id: 'out', into: 'more', type: 'link', meta: { title: 'Out' }, document: null, now });
    });
    cr = (await server.as(ann.token).spaces.createChangeRequest(spaceId, { subject: 'Canonical' })).data;
    server.clock.advance(1000);
    await seedChangeRequest(server, ann.id, spaceId, cr.number, async (tree, now) => {
      await tree.updatePage('intro', { meta: { metaLinks: { canonical: { kind: 'url', url: 'https://example.com/new' } } }, now });
    });
  }, 60_000);
  afterAll(() => server.stop());

  const spaces = (user: User) => server.as(user.token).spaces;

  describe("a revision's page document", () => {
    it("answers a document page's document, the same as the page read's", async () => {
      const { data, status } = await spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'intro');
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', 200, data);
      const page = (await spaces(rita).getPageInRevisionById(spaceId, v1.id, 'intro')).data as { document: unknown };
      expect(data).toEqual(page.document);
      expect(JSON.stringify(data)).toContain('Hello, ');
    });

    it('answers the empty document for a document page without one, with evaluated and dereferenced accepted', async () => {
      const { data } = await spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'plain', { evaluated: 'deterministic-only', dereferenced: true });
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', 200, data);
      expect(data).toMatchObject({ object: 'document', nodes: [] });
    });

    it('answers 404 for a group page, a link page, an unknown page and a revision of another space', async () => {
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'more'), 404);
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'out'), 404);
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'nope'), 404);
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, 'not-a-revision', 'intro'), 404);
    });

    it('refuses a bad evaluated or dereferenced (400)', async () => {
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'intro', { evaluated: 'maybe' as never }), 400);
      await expectStatus(spaces(rita).getPageDocumentInRevisionById(spaceId, v1.id, 'intro', { dereferenced: 'all' as never }), 400);
    });

    it('hides the space from a stranger (404)', () => expectStatus(spaces(cat).getPageDocumentInRevisionById(spaceId, v1.id, 'intro'), 404));
  });

  describe('meta links', () => {
    it("answers main's page's canonical and alternates", async () => {
      const { data, status } = await spaces(rita).listSpacePageMetaLinks(spaceId, 'intro');
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}/meta-links', 200, data);
      expect(data).toEqual({ canonical: CANONICAL, alternates: [ALTERNATE] });
    });

    it("answers a revision's page's", async () => {
      const { data } = await spaces(rita).listRevisionPageMetaLinks(spaceId, v1.id, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', 200, data);
      expect(data).toEqual({ canonical: CANONICAL, alternates: [ALTERNATE] });
    });

    it("answers a change request's page's as the request changed them", async () => {
      const { data } = await spaces(rita).listChangeRequestPageMetaLinks(spaceId, cr.id, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links', 200, data);
      expect(data).toEqual({ canonical: { kind: 'url', url: 'https://example.com/new' } });
    });

    it('answers {} for a page that sets none, a group included', async () => {
      expect((await spaces(rita).listSpacePageMetaLinks(spaceId, 'plain')).data).toEqual({});
      const { data } = await spaces(rita).listRevisionPageMetaLinks(spaceId, v1.id, 'more');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', 200, data);
      expect(data).toEqual({});
    });

    it('answers 404 for an unknown page, revision or change request, and to a stranger', async () => {
      await expectStatus(spaces(rita).listSpacePageMetaLinks(spaceId, 'nope'), 404);
      await expectStatus(spaces(rita).listRevisionPageMetaLinks(spaceId, 'not-a-revision', 'intro'), 404);
      await expectStatus(spaces(rita).listChangeRequestPageMetaLinks(spaceId, 'not-a-request', 'intro'), 404);
      await expectStatus(spaces(cat).listSpacePageMetaLinks(spaceId, 'intro'), 404);
      await expectStatus(spaces(cat).listRevisionPageMetaLinks(spaceId, v1.id, 'intro'), 404);
      await expectStatus(spaces(cat).listChangeRequestPageMetaLinks(spaceId, cr.id, 'intro'), 404);
    });
  });
});
