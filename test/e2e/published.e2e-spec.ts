import { SignJWT } from 'jose';
import { expectMatchesSpec } from '../support/openapi';
import { ADAPTIVE_SCHEMA, publishingCast, visitorToken as signVisitorToken } from '../support/published';
import { User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;

/** `GET …/sites/{siteId}/published`: what one visitor sees of a published site. */
describe('published sites', () => {
  let server: TestServer;
  let ann: User; // admin
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let guide: string;
  let api: string;
  let beta: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat, guide, api, beta } = await publishingCast(server));
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  /** A published site: Guide and API sections, and a Beta section only for beta visitors. */
  async function publishedSite(visibility = 'public') {
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', visibility } as never)).data;
    await orgs(ann).updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: ADAPTIVE_SCHEMA } as never);
    await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide } as never);
    await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api } as never);
    const betaSection = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: beta } as never)).data;
    await orgs(ann).updateSiteSectionById(orgId, site.id, betaSection.id, { condition: 'visitor.claims.beta' } as never);
    await orgs(ann).publishSite(orgId, site.id);
    return site;
  }

  const visitorToken = (claims: Json) => signVisitorToken(server, orgId, claims);

  async function published(user: User, siteId: string, options: { shareKey?: string; token?: string } = {}) {
    const query = options.shareKey ? `?shareKey=${options.shareKey}` : '';
    const response = await server.fetch(`/v1/orgs/${orgId}/sites/${siteId}/published${query}`, {
      token: user.token,
      headers: options.token ? { 'x-visitor-token': options.token } : {},
    });
    if (response.status === 200) expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/published', 200, response.body);
    return response;
  }
  const titles = (body: unknown) => ((body as { structure: { structure: { title: string }[] } }).structure.structure).map((s) => s.title);

  it('answers the site, its structure, customizations and scripts, through the client', async () => {
    const site = await publishedSite();
    const { status, data } = await orgs(rita).getPublishedContentSite(orgId, site.id);
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/published', 200, data);
    expect(data).toMatchObject({ object: 'published-content-site', site: { id: site.id, published: true }, scripts: [], customizations: { site: expect.any(Object) } });
    expect(titles(data)).toEqual(['Guide', 'API']);
  });

  it('shows what a condition holds back to visitors whose claims meet it', async () => {
    const site = await publishedSite();
    expect(titles((await published(rita, site.id, { token: await visitorToken({ beta: true }) })).body)).toEqual(['Guide', 'API', 'Beta features']);
    expect(titles((await published(rita, site.id, { token: await visitorToken({ beta: false }) })).body)).toEqual(['Guide', 'API']);
    const ping = await orgs(rita).updateOrganizationMemberLastSeenAt(orgId);
    const pinged = await published(rita, site.id, { token: (ping.data as { serviceVisitorClaims: string }).serviceVisitorClaims });
    expect(titles(pinged.body)).toEqual(['Guide', 'API']);
    expect((await published(rita, site.id, { token: 'not-a-token' })).status).toBe(403);
  });

  it('leaves out a space in the bin until it is restored', async () => {
    const doomed = (await orgs(ann).createSpace(orgId, { title: 'Doomed' })).data.id;
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', spaces: [guide, doomed] } as never)).data;
    await orgs(ann).publishSite(orgId, site.id);
    const paths = async () => ((await published(rita, site.id)).body as { structure: { structure: { path: string }[] } }).structure.structure.map((s) => s.path);
    expect(await paths()).toEqual(['guide', 'doomed']);
    await server.as(ann.token).spaces.deleteSpaceById(doomed);
    expect(await paths()).toEqual(['guide']);
    await server.as(ann.token).spaces.restoreSpace(doomed);
    expect(await paths()).toEqual(['guide', 'doomed']);
  });

  it('opens a share-link site only with an active key, and a visitor-auth site only with a visitor token', async () => {
    const shared = await publishedSite('share-link');
    expect((await published(rita, shared.id)).status).toBe(403);
    const link = (await orgs(ann).createSiteShareLink(orgId, shared.id, { name: 'Partners' })).data;
    // The key is the link's last path segment (`<site URL>/<key>`).
    const key = new URL(link.urls.published!).pathname.split('/').pop()!;
    expect((await published(rita, shared.id, { shareKey: key })).status).toBe(200);
    await orgs(ann).deleteSiteShareLinkById(orgId, shared.id, link.id);
    expect((await published(rita, shared.id, { shareKey: key })).status).toBe(403);
    const gated = await publishedSite('visitor-auth');
    expect((await published(rita, gated.id)).status).toBe(403);
    expect((await published(rita, gated.id, { token: await visitorToken({}) })).status).toBe(200);
  });

  it("takes a visitor token the site's backend signed with the site's key, until the key is regenerated", async () => {
    const site = await publishedSite('visitor-auth');
    const { status, data } = await orgs(ann).getSitePublishingAuthById(orgId, site.id);
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/publishing/auth', 200, data);
    const signed = await new SignJWT({ beta: true }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(new TextEncoder().encode(data.privateKey));
    expect(titles((await published(rita, site.id, { token: signed })).body)).toEqual(['Guide', 'API', 'Beta features']);
    const patched = await orgs(ann).updateSitePublishingAuthById(orgId, site.id, { backend: 'custom', fallbackURL: 'https://acme.io/login' } as never);
    expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/publishing/auth', 200, patched.data);
    expect(patched.data).toMatchObject({ fallbackURL: 'https://acme.io/login', privateKey: data.privateKey });
    const regenerated = await orgs(ann).regenerateSitePublishingAuthById(orgId, site.id);
    expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', 200, regenerated.data);
    expect(regenerated.data.privateKey).not.toBe(data.privateKey);
    expect((await published(rita, site.id, { token: signed })).status).toBe(403);
    await server.expectRefused(rita.token, 'GET', `/v1/orgs/${orgId}/sites/${site.id}/publishing/auth`, undefined, 403);
    await server.expectRefused(cat.token, 'GET', `/v1/orgs/${orgId}/sites/${site.id}/publishing/auth`, undefined, 404);
    await server.expectRefused(ann.token, 'PATCH', `/v1/orgs/${orgId}/sites/${site.id}/publishing/auth`, { fallbackURL: 'javascript:alert(1)' });
    await server.expectRefused(rita.token, 'POST', `/v1/orgs/${orgId}/sites/${site.id}/publishing/auth/regenerate`, undefined, 403);
  });

  it('merges the site-space customization overrides into the answer', async () => {
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', spaces: [guide] } as never)).data;
    const [siteSpace] = (await orgs(ann).listSiteSpaces(orgId, site.id)).data.items;
    await server.fetch(`/v1/orgs/${orgId}/sites/${site.id}/site-spaces/${siteSpace.id}/customization`, {
      method: 'PATCH',
      token: ann.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Guide site' }),
    });
    await orgs(ann).publishSite(orgId, site.id);
    const body = (await published(rita, site.id)).body as { customizations: { siteSpaces: Record<string, Json> } };
    expect(body.customizations.siteSpaces[siteSpace.id]).toMatchObject({ title: 'Guide site' });
  });

  it('answers 404 for an unpublished site and for a stranger', async () => {
    const site = (await orgs(ann).createSite(orgId, { title: 'Draft' })).data;
    await expectStatus(orgs(rita).getPublishedContentSite(orgId, site.id), 404);
    await orgs(ann).publishSite(orgId, site.id);
    await expectStatus(orgs(cat).getPublishedContentSite(orgId, site.id), 404);
    await server.expectRefused(rita.token, 'GET', `/v1/orgs/${orgId}/sites/${site.id}/published?shareKey=${'x'.repeat(300)}`);
  });
});
