import { GitBookAPI } from '@gitbook/api';
import { decodeJwt } from 'jose';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { PublishedSiteContent } from '@folio/publishing/published/resolve-url.query';
import { seedMain } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { ADAPTIVE_SCHEMA, publishingCast, visitorToken } from '../support/published';
import { User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

/**
 * A page view as GitBook's renderer makes it (packages/gitbook/src/lib/data): resolve the URL with no token,
 * then every read with the answer's `apiToken` as bearer, each answer checked against the client's spec.
 */
describe("a renderer's visit: resolve a URL, then read with its site token", () => {
  let server: TestServer;
  let ann: User;
  let [orgId, guide, api, beta] = ['', '', '', ''];
  let sites: string;
  /** The client without a token, as a renderer calls before it has a site token. */
  const anonymous = () => new GitBookAPI({ endpoint: server.url });

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, guide, api, beta } = await publishingCast(server));
    sites = `http://127.0.0.1/sites/${orgId}`;
    await seedMain(server, ann.id, guide, async (tree, now) => {
      const page = (id: string, title: string, markdown: string) => tree.insertPage({ id, into: null, meta: { title }, document: markdownToDocument(markdown).document, now });
      await page('intro', 'Introduction', `Hello <@${ann.id}>, see the install guide.\n`);
      await page('install', 'Install', 'Run the installer with care.\n');
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('png bytes'), now });
    });
    await seedMain(server, ann.id, beta, async (tree, now) => {
      await tree.insertPage({ id: 'preview', into: null, meta: { title: 'Preview' }, document: markdownToDocument('Early features.\n').document, now });
    });
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  /** A published site of three sections, Beta for beta visitors only. */
  async function docsSite(basename: string, visibility: string) {
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', visibility } as never)).data;
    await orgs(ann).updateSiteById(orgId, site.id, { basename } as never);
    await orgs(ann).updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: ADAPTIVE_SCHEMA } as never);
    for (const spaceId of [guide, api, beta]) await orgs(ann).addSectionToSite(orgId, site.id, { spaceId } as never);
    const sections = (await orgs(ann).listSiteSections(orgId, site.id)).data.items;
    await orgs(ann).updateSiteSectionById(orgId, site.id, sections[2].id, { condition: 'visitor.claims.beta' } as never);
    await orgs(ann).publishSite(orgId, site.id);
    return { site, sections };
  }

  async function resolve(url: string, visitor?: object): Promise<PublishedSiteContent> {
    const { status, data } = await anonymous().urls.resolvePublishedContentByUrl({ url, ...(visitor ? { visitor } : {}) } as never);
    expect(status).toBe(200);
    expectMatchesSpec('POST', '/urls/published', 200, data);
    expect(data).not.toHaveProperty('redirect');
    return data as unknown as PublishedSiteContent;
  }

  it('reads everything a page view needs of a public site, and search and redirects', async () => {
    const { site } = await docsSite('docs', 'public');
    const resolved = await resolve(`${sites}/docs/install`);
    expect(resolved).toMatchObject({ site: site.id, space: guide, pathname: 'install', complete: true });
    const reader = server.as(resolved.apiToken);

    const published = await reader.orgs.getPublishedContentSite(orgId, site.id);
    expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/published', 200, published.data);
    const shown = published.data as unknown as { structure: { structure: { siteSpaces: { id: string; space: { id: string } }[] }[] } };
    // Beta is hidden from an anonymous visitor.
    expect(shown.structure.structure.flatMap((s) => s.siteSpaces.map((ss) => ss.space.id))).toEqual([guide, api]);

    const space = await reader.spaces.getSpaceById(guide);
    expectMatchesSpec('GET', '/spaces/{spaceId}', 200, space.data);
    const revision = await reader.spaces.getRevisionById(guide, space.data.revision, { metadata: true });
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, revision.data);
    const install = revision.data.pages.find((p) => 'path' in p && p.path === resolved.pathname)!;
    expect(install.title).toBe('Install');
    const file = revision.data.files.find((f) => f.name === 'logo.png')!;
    // A public site's files have URLs that do not expire, named by the site and the bytes.
    expect(file.downloadURL).toContain(`/v1/sites/${site.id}/files/`);
    const download = await fetch(file.downloadURL);
    expect(download.status).toBe(200);
    expect(download.headers.get('cache-control')).toContain('immutable');

    const document = await reader.spaces.getPageDocumentInRevisionById(guide, revision.data.id, install.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', 200, document.data);
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', 200, (await reader.spaces.listRevisionPageMetaLinks(guide, revision.data.id, install.id)).data);
    const byPath = await reader.spaces.getPageInRevisionByPath(guide, revision.data.id, 'introduction');
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', 200, byPath.data);

    // The mentioned member: public fields only.
    const user = await reader.users.getUserById(ann.id);
    expectMatchesSpec('GET', '/users/{userId}', 200, user.data);
    expect(user.data).not.toHaveProperty('email');

    const found = await reader.orgs.searchSiteContent(orgId, site.id, { query: 'installer', scope: { mode: 'all' } } as never);
    expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/search', 200, found.data);
    expect(JSON.stringify(found.data)).toContain('install');

    await orgs(ann).createSiteRedirect(orgId, site.id, { source: '/setup', destination: { kind: 'external', url: 'https://example.com/setup' } } as never);
    const redirect = await reader.orgs.getSiteRedirectBySource(orgId, site.id, { source: '/setup' });
    expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/redirect', 200, redirect.data);
    expect(redirect.data.target).toBe('https://example.com/setup');

    // The token reads nothing else: a management read is 401, the hidden section's space 404.
    await expectStatus(reader.orgs.listSpacesInOrganizationById(orgId), 401);
    await expectStatus(reader.spaces.getSpaceById(beta), 404);
  });

  it("opens a visitor-auth site's content to the token of a verified visitor, with the sections its claims open", async () => {
    const { site } = await docsSite('members', 'visitor-auth');
    await expectStatus(anonymous().urls.resolvePublishedContentByUrl({ url: `${sites}/members` }), 404);
    const resolved = await resolve(`${sites}/members`, { jwtToken: await visitorToken(server, orgId, { beta: true }) });
    expect(decodeJwt(resolved.apiToken)).toMatchObject({ site: site.id, claims: { beta: true } });
    const reader = server.as(resolved.apiToken);
    const preview = await reader.spaces.getSpaceById(beta);
    expectMatchesSpec('GET', '/spaces/{spaceId}', 200, preview.data);
    const revision = await reader.spaces.getRevisionById(beta, preview.data.revision, { metadata: true });
    expect(revision.data.pages.map((p) => p.title)).toEqual(['Preview']);
    // Another site's token does not open it.
    const other = await resolve(`${sites}/docs`);
    await expectStatus(server.as(other.apiToken).orgs.getPublishedContentSite(orgId, site.id), 404);
  });

  it('is refused once its token has expired, and a fresh resolve reads again', async () => {
    const resolved = await resolve(`${sites}/docs`);
    server.clock.advance(3601 * 1000);
    await expectStatus(server.as(resolved.apiToken).spaces.getSpaceById(guide), 401);
    const fresh = await resolve(`${sites}/docs`);
    expectMatchesSpec('GET', '/spaces/{spaceId}', 200, (await server.as(fresh.apiToken).spaces.getSpaceById(guide)).data);
  });
});
