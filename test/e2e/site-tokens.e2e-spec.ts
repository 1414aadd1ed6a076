import { OpenAPISpecVisibility } from '@gitbook/api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { Reader } from '@folio/platform/auth/reader';
import { DOCS_PATH } from '@folio/platform/http/api-docs/api-docs';
import { knownRoutes } from '@folio/platform/http/method-not-allowed';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { signSiteToken } from '@folio/publishing/readers/site-token';
import { seedChangeRequest, seedMain } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { processedSpec, specFixture } from '../support/openapi-specs';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const SCHEMA = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta testers' } }, additionalProperties: false };
const TTL = 3600;

/**
 * The routes a site token may call: the reads a renderer makes of one site's published content. Every
 * other route the app registers answers it 401. A route added for readers is added here.
 */
const FOR_READERS = new Set([
  'GET /v1/spaces/:spaceId',
  'GET /v1/spaces/:spaceId/content',
  'GET /v1/spaces/:spaceId/content/pages',
  'GET /v1/spaces/:spaceId/content/page/:pageId',
  'GET /v1/spaces/:spaceId/content/page/:pageId/meta-links',
  'GET /v1/spaces/:spaceId/content/path/*',
  'GET /v1/spaces/:spaceId/content/files',
  'GET /v1/spaces/:spaceId/content/files/:fileId',
  'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId',
  'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId/document',
  'GET /v1/spaces/:spaceId/revisions/:revisionId',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/pages',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/document',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/meta-links',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/path/*',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/files',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/files/:fileId',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document',
  'GET /v1/orgs/:organizationId/sites/:siteId/published',
  'GET /v1/orgs/:organizationId/sites/:siteId/redirect',
  'POST /v1/orgs/:organizationId/sites/:siteId/search',
  'POST /v1/orgs/:organizationId/sites/:siteId/search/prewarm',
  'GET /v1/users/:userId',
  'GET /v1/orgs/:organizationId/openapi/:specSlug/versions/:versionId/content',
]);
/** Routes that need no token at all (a site token there is no token). */
const PUBLIC = new Set(['GET /health', 'GET /health/live', 'GET /health/ready', 'GET /metrics', 'GET /v1/files/:hash', 'GET /v1/sites/:siteId/files/:hash', 'GET /v1/sites/:siteId/files/:hash/:name', 'POST /v1/urls/published', 'GET /v1/urls/published', 'GET /v1/openapi-public/:organizationId/:specSlug/:versionId', 'POST /v1/git-sync/hooks/:spaceId']);
/** The API's description and its docs UI: public, whatever the token (the UI's assets are not JSON). */
const isApiDocs = (url: string) => url === '/openapi.json' || url === DOCS_PATH || url.startsWith(`${DOCS_PATH}/`);

/** A site token (`apiToken`) as the resolve mints them, with the test's reader and secret. */
describe('site tokens: what a reader of a published site reads', () => {
  let server: TestServer;
  let ann: User; // admin
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let guide: string; // on the site, with content
  let api: string; // on the site
  let beta: string; // on the site, in a section only beta visitors see
  let drafty: string; // on the site, as a draft site space
  let offsite: string; // of the organization, on no site
  let elsewhere: string; // on another published site
  let site: { id: string };
  let other: { id: string };
  let guideSiteSpace: string;
  let v1: RevisionRecord;
  let v2: RevisionRecord;
  let draft: RevisionRecord; // a change request's own revision of the guide

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
    const space = async (title: string) => (await server.as(ann.token).orgs.createSpace(orgId, { title })).data.id;
    [guide, api, beta, drafty, offsite, elsewhere] = [await space('Guide'), await space('API'), await space('Beta'), await space('Drafty'), await space('Offsite'), await space('Elsewhere')];
    server.clock.advance(1000);
    v1 = await seedMain(server, ann.id, guide, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction' }, document: markdownToDocument('Hello.\n').document, now });
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('png'), now });
      await tree.putReusableContent({ id: 'note', title: 'Note', document: markdownToDocument('A note.\n').document, now });
    });
    server.clock.advance(1000);
    v2 = await seedMain(server, ann.id, guide, async (tree, now) => {
      await tree.updatePage('intro', { meta: { title: 'Welcome' }, now });
    });
    const cr = (await server.as(ann.token).spaces.createChangeRequest(guide, { subject: 'Drafts' })).data;
    draft = await seedChangeRequest(server, ann.id, guide, cr.number, async (tree, now) => {
      await tree.insertPage({ id: 'secret', into: null, meta: { title: 'Secret' }, document: markdownToDocument('Not yet.\n').document, now });
    });

    site = await sectionedSite('public');
    const [guideSection] = (await orgs(ann).listSiteSections(orgId, site.id)).data.items;
    guideSiteSpace = (guideSection as unknown as { siteSpaces: { id: string }[] }).siteSpaces[0].id;
    other = (await orgs(ann).createSite(orgId, { title: 'Other', spaces: [elsewhere] } as never)).data;
    await orgs(ann).publishSite(orgId, other.id);
  }, 120_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  /** A published site: Guide (with the draft site space Drafty) and API sections, and a Beta section only for beta visitors. */
  async function sectionedSite(visibility: string) {
    const made = (await orgs(ann).createSite(orgId, { title: 'Docs', visibility } as never)).data;
    await orgs(ann).updateSiteAdaptiveSchema(orgId, made.id, { jsonSchema: SCHEMA } as never);
    const guideSection = (await orgs(ann).addSectionToSite(orgId, made.id, { spaceId: guide } as never)).data;
    await orgs(ann).addSpaceToSite(orgId, made.id, { spaceId: drafty, sectionId: guideSection.id, draft: true } as never);
    await orgs(ann).addSectionToSite(orgId, made.id, { spaceId: api } as never);
    const betaSection = (await orgs(ann).addSectionToSite(orgId, made.id, { spaceId: beta } as never)).data;
    await orgs(ann).updateSiteSectionById(orgId, made.id, betaSection.id, { condition: 'visitor.claims.beta' } as never);
    await orgs(ann).publishSite(orgId, made.id);
    return made;
  }

  const secret = () => readFileSync(join(server.dataDir, 'secret'), 'utf8').trim();
  /** A site token for `siteId` (the site by default), the visitor's claims and share key as given. */
  const siteToken = (options: { siteId?: string; claims?: Record<string, unknown>; shareKey?: string; secret?: string; organizationId?: string; authenticated?: true } = {}) => {
    const reader: Reader = {
      siteId: options.siteId ?? site.id,
      organizationId: options.organizationId ?? orgId,
      claims: options.claims ?? {},
      visitorType: 'human',
      siteSpaceId: guideSiteSpace,
      spaceId: guide,
      ...(options.shareKey !== undefined ? { shareKey: options.shareKey } : {}),
      ...(options.authenticated ? { authenticated: options.authenticated } : {}),
    };
    return signSiteToken(reader, [guide, api], options.secret ?? secret(), server.url, server.clock.now(), TTL);
  };
  const as = (token: string) => server.as(token);
  const status = async (token: string, path: string) => (await server.fetch(path, { token })).status;

  describe('reads its site', () => {
    it("reads a published space, its current content, pages, a page by id and by path, files, and reusable contents", async () => {
      const spaces = as(await siteToken()).spaces;
      const space = await spaces.getSpaceById(guide, { shareKey: 'ignored-on-a-public-site' } as never);
      expectMatchesSpec('GET', '/spaces/{spaceId}', 200, space.data);
      expect(space.data).toMatchObject({ id: guide, title: 'Guide', revision: v2.id });
      const content = await spaces.getCurrentRevision(guide, { metadata: true } as never);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content', 200, content.data);
      expect(content.data).toMatchObject({ id: v2.id, reusableContents: [{ id: 'note', title: 'Note' }] });
      expect(content.data.pages.map((p) => p.title)).toEqual(['Welcome']);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/pages', 200, (await spaces.listPages(guide)).data);
      const page = await spaces.getPageById(guide, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}', 200, page.data);
      expect(page.data).toMatchObject({ id: 'intro', title: 'Welcome' });
      const byPath = await spaces.getPageByPath(guide, 'introduction');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/path/{pagePath}', 200, byPath.data);
      const files = await spaces.listFiles(guide);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/files', 200, files.data);
      expect(files.data.items.map((f) => f.id)).toEqual(['logo']);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/files/{fileId}', 200, (await spaces.getFileById(guide, 'logo')).data);
      const note = await spaces.getReusableContentById(guide, 'note');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', 200, note.data);
      const noteDocument = await server.fetch(`/v1/spaces/${guide}/content/reusable-contents/note/document`, { token: await siteToken() });
      expect(noteDocument).toMatchObject({ status: 200, body: { object: 'document' } });
    });

    it("reads any of main's revisions, with their pages, files and reusable contents", async () => {
      const spaces = as(await siteToken()).spaces;
      for (const revision of [v1, v2]) {
        const read = await spaces.getRevisionById(guide, revision.id, { metadata: true });
        expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, read.data);
        expect(read.data.id).toBe(revision.id);
      }
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/pages', 200, (await spaces.listPagesInRevisionById(guide, v1.id)).data);
      const page = await spaces.getPageInRevisionById(guide, v1.id, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', 200, page.data);
      expect(page.data.title).toBe('Introduction');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', 200, (await spaces.getPageInRevisionByPath(guide, v1.id, 'introduction')).data);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/files', 200, (await spaces.listFilesInRevisionById(guide, v1.id)).data);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}', 200, (await spaces.getFileInRevisionById(guide, v1.id, 'logo')).data);
      const note = await spaces.getReusableContentInRevisionById(guide, v1.id, 'note');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}', 200, note.data);
      const document = await spaces.getReusableContentDocumentInRevisionById(guide, v1.id, 'note');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document', 200, document.data);
    });

    it("reads a page's bare document and its meta links, on main and in main's revisions, but not a change request's", async () => {
      const spaces = as(await siteToken()).spaces;
      const document = await spaces.getPageDocumentInRevisionById(guide, v1.id, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', 200, document.data);
      expect(document.data).toMatchObject({ object: 'document' });
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', 200, (await spaces.listRevisionPageMetaLinks(guide, v2.id, 'intro')).data);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}/meta-links', 200, (await spaces.listSpacePageMetaLinks(guide, 'intro')).data);
      expect(await status(await siteToken(), `/v1/spaces/${guide}/revisions/${draft.id}/page/secret/document`)).toBe(404);
      expect(await status(await siteToken(), `/v1/spaces/${offsite}/content/page/intro/meta-links`)).toBe(404);
    });

    it('reads the published site as its claims show it, without a visitor token', async () => {
      const titles = async (claims: Record<string, unknown>) => {
        const { data } = await as(await siteToken({ claims })).orgs.getPublishedContentSite(orgId, site.id);
        expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/published', 200, data);
        return (data.structure.structure as { title: string }[]).map((s) => s.title);
      };
      expect(await titles({})).toEqual(['Guide', 'API']);
      expect(await titles({ beta: true })).toEqual(['Guide', 'API', 'Beta']);
    });

    it("reads a mentioned member's public fields, and no one else", async () => {
      const users = as(await siteToken()).users;
      const { data } = await users.getUserById(rita.id);
      expectMatchesSpec('GET', '/users/{userId}', 200, data);
      expect(data).toEqual({ object: 'user', id: rita.id, displayName: 'Rita Reader', urls: { location: `${server.url}/v1/users/${rita.id}` } });
      await expectStatus(users.getUserById(cat.id), 404);
      await expectStatus(users.getUserById('nobody'), 404);
      // An API token still sees what it saw.
      expect((await server.as(ann.token).users.getUserById(rita.id)).data.email).toBe('rita@acme.io');
    });

    it("reads a public OpenAPI spec's content of its site's organization (so the site renders it), and not a private one", async () => {
      const specs = orgs(ann);
      await specs.createOpenApiSpec(orgId, { slug: 'shown', source: { text: specFixture('pets-3.1.yaml') } });
      await specs.createOpenApiSpec(orgId, { slug: 'hidden', source: { text: specFixture('library-2.0.json') } });
      await processedSpec(server, ann.token, orgId, 'shown');
      await processedSpec(server, ann.token, orgId, 'hidden');
      await specs.updateOpenApiSpecBySlug(orgId, 'shown', { visibility: OpenAPISpecVisibility.Public });
      const reader = as(await siteToken());
      const content = (await reader.orgs.getLatestOpenApiSpecVersionContent(orgId, 'shown')).data;
      expectMatchesSpec('GET', '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content', 200, content);
      expect(content.filesystem).toMatchObject({ openapi: '3.1.0' });
      await expectStatus(reader.orgs.getLatestOpenApiSpecVersionContent(orgId, 'hidden'), 404);
      await expectStatus(reader.orgs.getLatestOpenApiSpecVersionContent(orgId, 'nope'), 404);
      // Not its organization's: a reader of another organization's site finds nothing.
      await expectStatus(as(await siteToken({ organizationId: 'another1' })).orgs.getLatestOpenApiSpecVersionContent(orgId, 'shown'), 404);
      // Only the content: the spec itself and its raw text stay the members'.
      expect(await status(await siteToken(), `/v1/orgs/${orgId}/openapi/shown`)).toBe(401);
    }, 60_000);

    it('leaves API tokens on the same routes as they were', async () => {
      expect((await server.as(rita.token).spaces.getCurrentRevision(offsite)).status).toBe(200);
      expect((await server.as(rita.token).spaces.getRevisionById(guide, draft.id)).status).toBe(200);
      await expectStatus(server.as(cat.token).spaces.getSpaceById(guide), 404);
    });
  });

  describe('reads nothing else', () => {
    it("finds no space its site does not show: another site's, one on no site, a draft site space's", async () => {
      const token = await siteToken();
      for (const spaceId of [elsewhere, offsite, drafty]) {
        expect([spaceId, await status(token, `/v1/spaces/${spaceId}`)]).toEqual([spaceId, 404]);
        expect([spaceId, await status(token, `/v1/spaces/${spaceId}/content`)]).toEqual([spaceId, 404]);
      }
      // The other site's own token reads it, and not this site's spaces.
      const theirs = await siteToken({ siteId: other.id });
      expect(await status(theirs, `/v1/spaces/${elsewhere}`)).toBe(200);
      expect(await status(theirs, `/v1/spaces/${guide}`)).toBe(404);
    });

    it('finds no space of a section its claims hide', async () => {
      expect(await status(await siteToken(), `/v1/spaces/${beta}`)).toBe(404);
      expect(await status(await siteToken({ claims: { beta: false } }), `/v1/spaces/${beta}/content`)).toBe(404);
      expect(await status(await siteToken({ claims: { beta: true } }), `/v1/spaces/${beta}`)).toBe(200);
    });

    it("finds no change request's revision, and no change request", async () => {
      const token = await siteToken();
      for (const path of ['', '/pages', '/page/secret', '/files', '/reusable-contents/note']) {
        expect([path, await status(token, `/v1/spaces/${guide}/revisions/${draft.id}${path}`)]).toEqual([path, 404]);
      }
      expect(await status(token, `/v1/spaces/${guide}/change-requests/1/content`)).toBe(401);
      expect(await status(token, `/v1/spaces/${guide}/change-requests`)).toBe(401);
    });

    it("finds no other site's published answer, nor its own under another organization", async () => {
      const token = await siteToken();
      expect(await status(token, `/v1/orgs/${orgId}/sites/${other.id}/published`)).toBe(404);
      const org2 = (await orgs(ann).createOrganization({ title: 'Second' })).data.id;
      expect(await status(token, `/v1/orgs/${org2}/sites/${site.id}/published`)).toBe(404);
      // A token naming the wrong organization for its site reads nothing.
      expect(await status(await siteToken({ organizationId: org2 }), `/v1/spaces/${guide}`)).toBe(404);
    });

    it('reads nothing once its site is unpublished, and again once it is published', async () => {
      const token = await siteToken();
      await orgs(ann).unpublishSite(orgId, site.id);
      expect(await status(token, `/v1/spaces/${guide}`)).toBe(404);
      expect(await status(token, `/v1/spaces/${guide}/revisions/${v1.id}`)).toBe(404);
      expect(await status(token, `/v1/orgs/${orgId}/sites/${site.id}/published`)).toBe(404);
      expect(await status(token, `/v1/users/${rita.id}`)).toBe(404);
      await orgs(ann).publishSite(orgId, site.id);
      expect(await status(token, `/v1/spaces/${guide}`)).toBe(200);
    });

    it("reads a share-link site only while the token's link is active", async () => {
      const shared = await sectionedSite('share-link');
      const link = (await orgs(ann).createSiteShareLink(orgId, shared.id, { name: 'Partners' })).data;
      const shareKey = new URL(link.urls.published!).pathname.split('/').pop()!;
      const token = await siteToken({ siteId: shared.id, shareKey });
      expect(await status(token, `/v1/spaces/${guide}`)).toBe(200);
      expect(await status(token, `/v1/orgs/${orgId}/sites/${shared.id}/published`)).toBe(200);
      await orgs(ann).createSiteRedirect(orgId, shared.id, { source: '/old', destination: { kind: 'external', url: 'https://example.com/new' } } as never);
      const redirect = `/v1/orgs/${orgId}/sites/${shared.id}/redirect?source=/old`;
      expect(await status(token, redirect)).toBe(200);
      expect(await status(await siteToken({ siteId: shared.id }), `/v1/spaces/${guide}`)).toBe(404);
      expect(await status(await siteToken({ siteId: shared.id, shareKey: 'not-a-key' }), `/v1/spaces/${guide}`)).toBe(404);
      await orgs(ann).deleteSiteShareLinkById(orgId, shared.id, link.id);
      expect(await status(token, `/v1/spaces/${guide}`)).toBe(404);
      expect(await status(token, `/v1/orgs/${orgId}/sites/${shared.id}/published`)).toBe(404);
      expect(await status(token, redirect)).toBe(404);
    });

    it('reads a visitor-auth site only with a token made for a verified visitor: one made while it was open stops reading', async () => {
      const gated = await sectionedSite('public');
      const anonymous = await siteToken({ siteId: gated.id });
      expect(await status(anonymous, `/v1/spaces/${guide}`)).toBe(200);
      await orgs(ann).updateSiteById(orgId, gated.id, { visibility: 'visitor-auth' } as never);
      expect(await status(anonymous, `/v1/spaces/${guide}`)).toBe(404);
      expect(await status(anonymous, `/v1/orgs/${orgId}/sites/${gated.id}/published`)).toBe(404);
      expect(await status(await siteToken({ siteId: gated.id, authenticated: true }), `/v1/spaces/${guide}`)).toBe(200);
    });

    it('is refused (401) when signed with another secret', async () => {
      const forged = await siteToken({ secret: 'another-secret-entirely-32-bytes!!' });
      expect(await server.fetch(`/v1/spaces/${guide}`, { token: forged })).toMatchObject({ status: 401, body: { error: { code: 401 } } });
    });

    it('answers 401, writing nothing, on every route not marked for readers, whatever the method', async () => {
      const token = await siteToken();
      const routes = knownRoutes(server.app.getHttpAdapter().getInstance()).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
      expect(routes.length).toBeGreaterThan(100);
      const fill = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => ({ organizationId: orgId, siteId: site.id, spaceId: guide })[name] ?? 'unknown1');
      const before = await server.head();
      const failures: string[] = [];
      const marked = new Set<string>();
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        if (PUBLIC.has(key) || isApiDocs(route.url)) continue;
        const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? '{}' : undefined;
        const response = await server.fetch(fill(route.url), { method: route.method, token, headers: body ? { 'content-type': 'application/json' } : {}, ...(body ? { body } : {}) });
        if (FOR_READERS.has(key)) {
          marked.add(key);
          if (response.status === 401) failures.push(`${key}: marked for readers, answered 401`);
        } else if (response.status !== 401 || (response.body as { error?: { code?: number } })?.error?.code !== 401) {
          failures.push(`${key}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
      expect([...marked].sort()).toEqual([...FOR_READERS].sort());
      expect(await server.head()).toBe(before);
    }, 120_000);

    it('is refused (401) once expired, and a fresh one reads again', async () => {
      const token = await siteToken();
      server.clock.advance(TTL * 1000 + 1000);
      expect(await server.fetch(`/v1/spaces/${guide}`, { token })).toMatchObject({ status: 401, body: { error: { code: 401 } } });
      expect(await status(await siteToken(), `/v1/spaces/${guide}`)).toBe(200);
    });
  });
});
