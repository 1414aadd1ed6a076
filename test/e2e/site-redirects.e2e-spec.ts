import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { signSiteToken } from '@folio/publishing/readers/site-token';
import { seedMain } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;
type Site = { id: string; guide: string; api: string; guideUrl: string; apiUrl: string };

const REDIRECTS = '/orgs/{organizationId}/sites/{siteId}/redirects';
const REDIRECT = '/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}';
const BY_SOURCE = '/orgs/{organizationId}/sites/{siteId}/redirect';
const external = (url: string) => ({ kind: 'external' as const, url });

describe('site redirects', () => {
  let server: TestServer;
  let orgId: string;
  let ann: User; // admin
  let rita: User; // member (read)
  let cat: User; // stranger
  let guide: string; // a space: introduction, guides/install
  let api: string; // a space: reference

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
    guide = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Guide' })).data.id;
    api = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'API' })).data.id;
    const doc = (md: string) => markdownToDocument(md).document;
    await seedMain(server, ann.id, guide, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction' }, document: doc('Hello.\n'), now });
      await tree.insertPage({ id: 'guides', into: null, meta: { title: 'Guides' }, document: null, now });
      await tree.insertPage({ id: 'install', into: 'guides', meta: { title: 'Install' }, document: doc('Run it.\n'), now });
    });
    await seedMain(server, ann.id, api, async (tree, now) => {
      await tree.insertPage({ id: 'ref', into: null, meta: { title: 'Reference' }, document: doc('Calls.\n'), now });
    });
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  /** A published site showing both spaces at its root (Guide the default), with their published URLs. */
  async function publishedSite(): Promise<Site> {
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', visibility: 'public' } as never)).data;
    const guideSpace = (await orgs(ann).addSpaceToSite(orgId, site.id, { spaceId: guide } as never)).data;
    const apiSpace = (await orgs(ann).addSpaceToSite(orgId, site.id, { spaceId: api } as never)).data;
    await orgs(ann).publishSite(orgId, site.id);
    const urls = new Map((await orgs(ann).listSiteSpaces(orgId, site.id)).data.items.map((s) => [s.id, s.urls.published!]));
    return { id: site.id, guide: guideSpace.id, api: apiSpace.id, guideUrl: urls.get(guideSpace.id)!, apiUrl: urls.get(apiSpace.id)! };
  }

  async function create(site: Site, body: Json) {
    const { status, data } = await orgs(ann).createSiteRedirect(orgId, site.id, body as never);
    expect(status).toBe(201);
    expectMatchesSpec('POST', REDIRECTS, 201, data);
    return data;
  }

  async function bySource(site: Site, source: string, user: User = rita) {
    const { status, data } = await orgs(user).getSiteRedirectBySource(orgId, site.id, { source });
    expect(status).toBe(200);
    expectMatchesSpec('GET', BY_SOURCE, 200, data);
    return data;
  }

  describe('writing and serving', () => {
    let site: Site;
    beforeAll(async () => {
      site = await publishedSite();
    });

    it("creates a redirect to a page (201) and serves it: the target is the page's published URL", async () => {
      const redirect = await create(site, { source: '/old/intro', destination: { kind: 'site-page', siteSpaceId: site.guide, pageId: 'install' } });
      expect(redirect).toMatchObject({ object: 'site-redirect', source: '/old/intro', draft: false, captureWildcard: false, permanent: false });
      expect(redirect).not.toHaveProperty('updatedAt');
      const answer = await bySource(site, '/old/intro');
      expect(answer).toEqual({ redirect, target: `${site.guideUrl}/guides/install` });
    });

    it('stores a `path` destination as the page it names, in the site space showing its space', async () => {
      const redirect = await create(site, { source: '/start', destination: { kind: 'path', spaceId: api, path: '/reference/' } });
      expect(redirect.destination).toEqual({ kind: 'site-page', siteSpaceId: site.api, pageId: 'ref' });
      expect((await bySource(site, '/start')).target).toBe(`${site.apiUrl}/reference`);
    });

    it('appends what a wildcard matched when captureWildcard is set', async () => {
      await create(site, { source: '/v1/*', captureWildcard: true, destination: { kind: 'site-space', siteSpaceId: site.api } });
      await create(site, { source: '/v0*', destination: { kind: 'site-space', siteSpaceId: site.guide } });
      expect((await bySource(site, '/v1/calls/list')).target).toBe(`${site.apiUrl}/calls/list`);
      expect((await bySource(site, '/v0/anything')).target).toBe(site.guideUrl);
    });

    it('prefers an exact source to a wildcard, and the longest wildcard prefix', async () => {
      await create(site, { source: '/docs/*', destination: external('https://a.example.com/') });
      await create(site, { source: '/docs/guides/*', destination: external('https://b.example.com/') });
      await create(site, { source: '/docs/guides/x', destination: external('https://c.example.com/') });
      expect((await bySource(site, '/docs/guides/x')).target).toBe('https://c.example.com/');
      expect((await bySource(site, '/docs/guides/y')).target).toBe('https://b.example.com/');
      expect((await bySource(site, '/docs/other')).target).toBe('https://a.example.com/');
      await expectStatus(orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: '/nothing/here' }), 404);
    });

    it("never serves a draft; a bulk `publish` makes it live, replacing the source's live redirect", async () => {
      const live = await create(site, { source: '/drafty', destination: external('https://live.example.com/') });
      const draft = await create(site, { source: '/drafty', draft: true, permanent: true, destination: external('https://draft.example.com/') });
      expect((await bySource(site, '/drafty')).target).toBe('https://live.example.com/');
      const drafts = (await orgs(rita).listSiteRedirects(orgId, site.id, { draft: true })).data;
      expectMatchesSpec('GET', REDIRECTS, 200, drafts);
      expect(drafts.items.map((r) => r.id)).toEqual([draft.id]);

      const { status, data } = await orgs(ann).bulkUpsertSiteRedirects(orgId, site.id, { redirects: [{ source: '/drafty', intent: 'publish' }] });
      expect(status).toBe(200);
      expectMatchesSpec('PUT', REDIRECTS, 200, data);
      expect(data.results).toEqual([{ status: 'published', source: '/drafty', draft: false, id: live.id }]);
      expect(await bySource(site, '/drafty')).toMatchObject({ redirect: { id: live.id, permanent: true }, target: 'https://draft.example.com/' });
      expect((await orgs(rita).listSiteRedirects(orgId, site.id, { draft: true })).data.items).toEqual([]);
    });

    it('upserts in bulk: creates, updates, deletes, and answers an error for a draft that is not there', async () => {
      const { data } = await orgs(ann).bulkUpsertSiteRedirects(orgId, site.id, {
        redirects: [
          { source: '/b1', destination: external('https://one.example.com/') },
          { source: '/b1', intent: 'live', permanent: true, destination: external('https://two.example.com/') },
          { source: '/b2', intent: 'draft', destination: { kind: 'path', spaceId: guide, path: 'introduction' } },
          { source: '/docs/other/*', intent: 'live', destination: null },
          { source: '/none', intent: 'publish' },
        ],
      } as never);
      expectMatchesSpec('PUT', REDIRECTS, 200, data);
      expect(data.results).toEqual([
        { status: 'created', source: '/b1', draft: false, id: expect.any(String) },
        { status: 'updated', source: '/b1', draft: false, id: data.results[0].status === 'created' ? data.results[0].id : '' },
        { status: 'created', source: '/b2', draft: true, id: expect.any(String) },
        { status: 'deleted', source: '/docs/other/*', draft: false },
        { status: 'error', source: '/none', draft: true, error: expect.any(String) },
      ]);
      expect(await bySource(site, '/b1')).toMatchObject({ redirect: { permanent: true }, target: 'https://two.example.com/' });
    });

    it('changes a redirect (200, updatedAt set), refusing a source another live redirect has (409)', async () => {
      const redirect = await create(site, { source: '/patch-me', destination: external('https://x.example.com/') });
      server.clock.advance(1000);
      const { status, data } = await orgs(ann).updateSiteRedirectById(orgId, site.id, redirect.id, { source: '/patched', permanent: true });
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', REDIRECT, 200, data);
      expect(data).toMatchObject({ id: redirect.id, source: '/patched', permanent: true, updatedAt: expect.any(String) });
      await expectStatus(orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: '/patch-me' }), 404);
      expect((await bySource(site, '/patched')).target).toBe('https://x.example.com/');
      await expectStatus(orgs(ann).updateSiteRedirectById(orgId, site.id, redirect.id, { source: '/start' }), 409);
    });

    it('deletes a redirect (205), then answers 204', async () => {
      const redirect = await create(site, { source: '/short-lived', destination: external('https://x.example.com/') });
      const remove = async (id: string) => (await orgs(ann).deleteSiteRedirectById(orgId, site.id, id)).status;
      expect(await remove(redirect.id)).toBe(205);
      expect(await remove(redirect.id)).toBe(204);
      expect(await remove('nope')).toBe(204);
      await expectStatus(orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: '/short-lived' }), 404);
    });
  });

  describe('the list', () => {
    it('pages newest first, by source, by last change, and searches the source', async () => {
      const site = await publishedSite();
      for (const source of ['/c', '/a', '/b']) {
        server.clock.advance(1000);
        await create(site, { source, destination: external('https://x.example.com/') });
      }
      const list = async (query: Json) => {
        const { data } = await orgs(rita).listSiteRedirects(orgId, site.id, query);
        expectMatchesSpec('GET', REDIRECTS, 200, data);
        return data;
      };
      const first = await list({ limit: 2 });
      expect(first.items.map((r) => r.source)).toEqual(['/b', '/a']);
      expect((await list({ limit: 2, page: first.next!.page })).items.map((r) => r.source)).toEqual(['/c']);
      expect((await list({ orderBy: 'source' })).items.map((r) => r.source)).toEqual(['/a', '/b', '/c']);
      const c = (await list({ search: 'c' })).items[0];
      server.clock.advance(1000);
      await orgs(ann).updateSiteRedirectById(orgId, site.id, c.id, { permanent: true });
      expect((await list({ orderBy: 'updatedAt' })).items.map((r) => r.source)).toEqual(['/c', '/b', '/a']);
      await expectStatus(orgs(rita).listSiteRedirects(orgId, site.id, { orderBy: 'title' as never }), 400);
    });
  });

  describe("the spaces' .gitbook.yaml redirects, where no site redirect answers", () => {
    let site: Site;
    beforeAll(async () => {
      site = await publishedSite();
      await seedMain(server, ann.id, guide, (tree) =>
        tree.setFolderRedirects([{ source: 'old-install', target: 'guides/install.md', page: 'install' }, { source: 'lost', target: 'lost.md', page: 'gone' }]));
      await seedMain(server, ann.id, api, (tree) => tree.setFolderRedirects([{ source: '/old-ref/', target: './reference.md', page: 'ref' }]));
    });

    it("answers the redirect's page under the site space whose path the source is under (the default's at the root)", async () => {
      const root = await bySource(site, '/old-install');
      expect(root).toMatchObject({ redirect: { source: '/old-install', draft: false, destination: { kind: 'site-page', siteSpaceId: site.guide, pageId: 'install' } } });
      expect(root.target).toBe(`${site.guideUrl}/guides/install`);
      expect((await bySource(site, '/api/old-ref')).target).toBe(`${site.apiUrl}/reference`);
    });

    it("answers 404 for a source no space has, another space's source at the root, and a page no longer there", async () => {
      for (const source of ['/old-ref', '/api/old-install', '/lost', '/elsewhere']) {
        await expectStatus(orgs(rita).getSiteRedirectBySource(orgId, site.id, { source }), 404);
      }
    });

    it("lets a site redirect of the same source win", async () => {
      await create(site, { source: '/old-install', destination: external('https://site.example.com/') });
      expect((await bySource(site, '/old-install')).target).toBe('https://site.example.com/');
    });
  });

  describe('a site with sections', () => {
    it("sends a section's redirect to the section's URL, and finds a space's redirects under its section's path", async () => {
      const site = (await orgs(ann).createSite(orgId, { title: 'Sectioned', visibility: 'public' } as never)).data;
      await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide } as never);
      const apiSection = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api } as never)).data;
      await orgs(ann).publishSite(orgId, site.id);
      const sections = (await orgs(ann).listSiteSections(orgId, site.id)).data.items;
      const apiUrl = sections.find((s) => s.id === apiSection.id)!.urls.published!;
      const { data: redirect } = await orgs(ann).createSiteRedirect(orgId, site.id, { source: '/api-docs', destination: { kind: 'site-section', siteSectionId: apiSection.id } });
      const answer = (await orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: '/api-docs' })).data;
      expectMatchesSpec('GET', BY_SOURCE, 200, answer);
      expect(answer).toEqual({ redirect, target: apiUrl });
      // The API section's site space is served at the section's URL: its space's redirects are under its path.
      const path = new URL(apiUrl).pathname.slice(new URL(sections.find((s) => s.default)!.urls.published!).pathname.replace(/\/$/, '').length);
      await seedMain(server, ann.id, api, (tree) => tree.setFolderRedirects([{ source: 'old-ref', target: 'reference.md', page: 'ref' }]));
      expect((await orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: `${path}/old-ref` })).data.target).toBe(`${apiUrl}/reference`);
    });
  });

  describe('bad input: 400, nothing written', () => {
    let site: Site;
    let path: string;
    beforeAll(async () => {
      site = await publishedSite();
      path = `/v1/orgs/${orgId}/sites/${site.id}/redirects`;
    });

    const toUrl = external('https://x.example.com/');
    it.each([
      ['a source without a leading slash', { source: 'old', destination: toUrl }],
      ['a wildcard in the middle', { source: '/a/*/b', destination: toUrl }],
      ['a bare wildcard', { source: '/*', destination: toUrl }],
      ['a source over 512 characters', { source: `/${'a'.repeat(512)}`, destination: toUrl }],
      ['an unknown destination kind', { source: '/a', destination: { kind: 'space', spaceId: 'x' } }],
      ['a destination with an extra field', { source: '/a', destination: { ...toUrl, extra: 1 } }],
      ['a non-http URL', { source: '/a', destination: external('javascript:alert(1)') }],
      ['an unknown property', { source: '/a', destination: toUrl, title: 'x' }],
      ['a site section not of this site', { source: '/a', destination: { kind: 'site-section', siteSectionId: 'nope' } }],
      ['a site space not of this site', { source: '/a', destination: { kind: 'site-space', siteSpaceId: 'nope' } }],
      ['a page not in the site space', { source: '/a', destination: { kind: 'site-page', siteSpaceId: 'SITE_SPACE', pageId: 'nope' } }],
      ['a path no page has', { source: '/a', destination: { kind: 'path', spaceId: 'GUIDE', path: 'nowhere' } }],
    ])('refuses %s', async (_case, body) => {
      const text = JSON.stringify(body).replace('SITE_SPACE', site.guide).replace('GUIDE', guide);
      await server.expectRefused(ann.token, 'POST', path, JSON.parse(text));
    });

    it('refuses a bulk body with no entries, over 500, or one bad entry', async () => {
      await server.expectRefused(ann.token, 'PUT', path, { redirects: [] });
      await server.expectRefused(ann.token, 'PUT', path, { redirects: Array.from({ length: 501 }, (_, i) => ({ source: `/s${i}`, destination: toUrl })) });
      await server.expectRefused(ann.token, 'PUT', path, { redirects: [{ source: '/ok', destination: toUrl }, { source: 'bad', destination: toUrl }] });
      await server.expectRefused(ann.token, 'PUT', path, { redirects: [{ source: '/ok', destination: toUrl }, { source: '/x', destination: { kind: 'site-space', siteSpaceId: 'nope' } }] });
    });

    it('refuses a PATCH with a bad source or destination, and a by-source lookup of a bad source', async () => {
      const redirect = await create(site, { source: '/kept', destination: toUrl });
      await server.expectRefused(ann.token, 'PATCH', `${path}/${redirect.id}`, { source: 'kept' });
      await server.expectRefused(ann.token, 'PATCH', `${path}/${redirect.id}`, { destination: { kind: 'path', spaceId: guide, path: 'introduction' } });
      await expectStatus(orgs(rita).getSiteRedirectBySource(orgId, site.id, { source: 'no-slash' }), 400);
    });
  });

  describe('callers', () => {
    let site: Site;
    let redirectId: string;
    beforeAll(async () => {
      site = await publishedSite();
      redirectId = (await create(site, { source: '/there', destination: external('https://x.example.com/') })).id;
    });
    const path = () => `/v1/orgs/${orgId}/sites/${site.id}/redirects`;
    const body = { source: '/new', destination: external('https://x.example.com/') };

    it('refuses writes to a member (403), nothing written', async () => {
      await server.expectRefused(rita.token, 'POST', path(), body, 403);
      await server.expectRefused(rita.token, 'PUT', path(), { redirects: [body] }, 403);
      await server.expectRefused(rita.token, 'PATCH', `${path()}/${redirectId}`, { permanent: true }, 403);
      await server.expectRefused(rita.token, 'DELETE', `${path()}/${redirectId}`, undefined, 403);
    });

    it('hides everything from a stranger (404)', async () => {
      await server.expectRefused(cat.token, 'POST', path(), body, 404);
      await server.expectRefused(cat.token, 'PUT', path(), { redirects: [body] }, 404);
      await expectStatus(orgs(cat).listSiteRedirects(orgId, site.id), 404);
      await expectStatus(orgs(cat).getSiteRedirectBySource(orgId, site.id, { source: '/there' }), 404);
    });

    it('answers a reader of this site, and 404 to a reader of another site', async () => {
      const secret = readFileSync(join(server.dataDir, 'secret'), 'utf8').trim();
      const other = await publishedSite();
      const token = (siteId: string, siteSpaceId: string) =>
        signSiteToken({ siteId, organizationId: orgId, claims: {}, visitorType: 'human', siteSpaceId, spaceId: guide }, [guide], secret, server.url, server.clock.now(), 600);
      const reader = { id: 'reader', token: await token(site.id, site.guide) };
      expect((await bySource(site, '/there', reader)).target).toBe('https://x.example.com/');
      const stranger = { id: 'reader', token: await token(other.id, other.guide) };
      await expectStatus(orgs(stranger).getSiteRedirectBySource(orgId, site.id, { source: '/there' }), 404);
      await expectStatus(orgs(reader).listSiteRedirects(orgId, site.id), 401);
    });
  });
});
