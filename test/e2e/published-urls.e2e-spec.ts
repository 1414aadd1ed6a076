import { GitBookAPI } from '@gitbook/api';
import { decodeJwt, SignJWT } from 'jose';
import { expectMatchesSpec } from '../support/openapi';
import { PublishedSiteContent } from '@folio/publishing/published/resolve-url.query';
import { ADAPTIVE_SCHEMA, publishingCast, visitorToken as signVisitorToken } from '../support/published';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;
type Resolved = PublishedSiteContent;
type Redirect = { target: string; redirect: string };
const SITE_TOKEN_TTL_S = 3600;

/** A renderer's first call: `POST /v1/urls/published` (and the deprecated GET), with no API token. */
describe('resolving published URLs', () => {
  let server: TestServer;
  /** An admin, a read member and a stranger. */
  let [ann, rita, cat]: User[] = [];
  /** The organization and its spaces. */
  let [orgId, guide, api, beta] = ['', '', '', ''];
  /** PUBLIC_SITES_URL's default: PUBLIC_URL's host without its port, `/sites/{org}`. */
  let sites: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat, guide, api, beta } = await publishingCast(server));
    sites = `http://127.0.0.1/sites/${orgId}`;
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const hostnames = (user: User) => server.as(user.token).customHostnames;
  /** The client without a token, as a renderer calls before it has a site token. */
  const anonymous = () => new GitBookAPI({ endpoint: server.url });

  async function resolve(url: string, extra: Json = {}): Promise<Resolved | Redirect> {
    const { status, data } = await anonymous().urls.resolvePublishedContentByUrl({ url, ...extra } as never);
    expect(status).toBe(200);
    expectMatchesSpec('POST', '/urls/published', 200, data);
    return data as Resolved | Redirect;
  }
  const content = async (url: string, extra: Json = {}) => {
    const answer = await resolve(url, extra);
    expect(answer).not.toHaveProperty('redirect');
    return answer as Resolved;
  };
  const missing = (url: string, extra: Json = {}) => expectStatus(anonymous().urls.resolvePublishedContentByUrl({ url, ...extra } as never), 404);

  async function site(title: string, options: { visibility?: string; spaces?: string[]; basename?: string; publish?: boolean } = {}) {
    const created = (await orgs(ann).createSite(orgId, { title, visibility: options.visibility ?? 'public', spaces: options.spaces ?? [guide] } as never)).data;
    if (options.basename) await orgs(ann).updateSiteById(orgId, created.id, { basename: options.basename } as never);
    if (options.publish !== false) await orgs(ann).publishSite(orgId, created.id);
    return (await orgs(ann).getSiteById(orgId, created.id)).data;
  }

  /** A site of sections: Guide (with a second site space, `api`), API, and Beta, only for beta visitors. */
  async function sectionedSite(basename: string, visibility = 'public') {
    const created = (await orgs(ann).createSite(orgId, { title: 'Sectioned', visibility } as never)).data;
    await orgs(ann).updateSiteById(orgId, created.id, { basename } as never);
    await orgs(ann).updateSiteAdaptiveSchema(orgId, created.id, { jsonSchema: ADAPTIVE_SCHEMA } as never);
    const guideSection = (await orgs(ann).addSectionToSite(orgId, created.id, { spaceId: guide } as never)).data;
    await orgs(ann).addSpaceToSite(orgId, created.id, { spaceId: api, sectionId: guideSection.id } as never);
    await orgs(ann).addSectionToSite(orgId, created.id, { spaceId: api } as never);
    const betaSection = (await orgs(ann).addSectionToSite(orgId, created.id, { spaceId: beta } as never)).data;
    await orgs(ann).updateSiteSectionById(orgId, created.id, betaSection.id, { condition: 'visitor.claims.beta' } as never);
    await orgs(ann).publishSite(orgId, created.id);
    const structure = (await orgs(ann).getSiteStructure(orgId, created.id)).data as unknown as { structure: { id: string; path: string; urls: { published: string }; siteSpaces: { id: string; path: string; urls: { published: string } }[] }[] };
    return { site: created, sections: structure.structure };
  }

  const visitorToken = (claims: Json) => signVisitorToken(server, orgId, claims);

  it("resolves a public site's URL to its site space and page path, with a site token for that site", async () => {
    const docs = await site('Docs', { basename: 'docs' });
    expect(docs.urls.published).toBe(`${sites}/docs`);
    const answer = await content(`${sites}/docs/getting-started/install/?tab=2#top`);
    const siteSpace = (await orgs(ann).listSiteSpaces(orgId, docs.id)).data.items[0];
    expect(answer).toEqual({
      organization: orgId,
      site: docs.id,
      siteSpace: siteSpace.id,
      space: guide,
      pathname: 'getting-started/install',
      basePath: `/sites/${orgId}/docs/`,
      siteBasePath: `/sites/${orgId}/docs/`,
      canonicalUrl: `http://127.0.0.1/sites/${orgId}/docs/getting-started/install`,
      complete: true,
      apiToken: expect.any(String),
    });
    expect(siteSpace.urls.published).toBe(`${sites}/docs`);
    const token = decodeJwt(answer.apiToken);
    expect(token).toMatchObject({ kind: 'site', organization: orgId, site: docs.id, siteSpace: siteSpace.id, space: guide, spaces: [guide], claims: {}, visitorType: 'human' });
    expect(token.exp).toBe(Math.floor(server.clock.now().getTime() / 1000) + SITE_TOKEN_TTL_S);

    // The root, by the GET form, and with what else the renderer sends (`cacheBust`).
    const { status, data } = await anonymous().urls.getPublishedContentByUrl({ url: `${sites}/docs` });
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/urls/published', 200, data);
    expect(data).toMatchObject({ site: docs.id, pathname: '', complete: true, canonicalUrl: `http://127.0.0.1/sites/${orgId}/docs/` });
    expect(await content(`${sites}/docs/a`, { cacheBust: 'x1', redirectOnError: false })).toMatchObject({ site: docs.id, pathname: 'a' });

    // A site without a basename is at its id; an unlisted one resolves as a public one.
    const unlisted = await site('Unlisted', { visibility: 'unlisted' });
    expect(unlisted.urls.published).toBe(`${sites}/${unlisted.id}`);
    expect(await content(`${sites}/${unlisted.id}/x`)).toMatchObject({ site: unlisted.id, pathname: 'x' });
  });

  it('answers 404 for what is not a published site, and 400 for what is not a URL', async () => {
    const draft = await site('Draft', { basename: 'draft', publish: false });
    expect(draft.urls).not.toHaveProperty('published');
    await missing(`${sites}/draft/intro`);
    await missing(`${sites}/nothing-here`);
    await missing(`http://127.0.0.1/sites/noSuchOrg000000000000/docs`);
    await missing('http://127.0.0.1/elsewhere');
    await missing('http://unknown.example.com/');
    await missing(`http://127.0.0.1:8080/sites/${orgId}/docs`);
    await missing(`ftp://127.0.0.1/sites/${orgId}/docs`);
    const before = await server.head();
    for (const body of [{}, { url: 'not a url' }, { url: 42 }, { url: '' }, { url: `${sites}/docs`, redirectOnError: 'yes' }, { url: `${sites}/docs`, visitor: { type: 'robot' } }]) {
      const response = await server.fetch('/v1/urls/published', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    }
    expect((await server.fetch('/v1/urls/published')).status).toBe(400);
    expect((await server.fetch('/v1/urls/published?url=nope')).status).toBe(400);
    expect(await server.head()).toBe(before);
  });

  it('opens a share-link site only with an active key, given as the path segment after the site', async () => {
    const shared = await site('Shared', { visibility: 'share-link', basename: 'shared' });
    const link = (await orgs(ann).createSiteShareLink(orgId, shared.id, { name: 'Reviewers' })).data;
    const key = link.urls.published!.split('/').pop()!;
    expect(link.urls.published).toBe(`${sites}/shared/${key}`);
    expect(await content(`${link.urls.published}/intro`)).toMatchObject({
      site: shared.id,
      shareKey: key,
      pathname: 'intro',
      siteBasePath: `/sites/${orgId}/shared/`,
      basePath: `/sites/${orgId}/shared/${key}/`,
      canonicalUrl: `http://127.0.0.1/sites/${orgId}/shared/${key}/intro`,
    });
    expect(decodeJwt((await content(link.urls.published!)).apiToken)).toMatchObject({ shareKey: key });
    await missing(`${sites}/shared`);
    await missing(`${sites}/shared/intro`);
    await missing(`${sites}/shared/${'k'.repeat(24)}/intro`);
    await missing(`${sites}/shared?shareKey=${key}`);
    await orgs(ann).updateSiteShareLinkById(orgId, shared.id, link.id, { active: false });
    await missing(`${link.urls.published}/intro`);
  });

  it('opens a visitor-auth site only with a valid visitor token, or redirects to its login when asked', async () => {
    const gated = await site('Gated', { visibility: 'visitor-auth', basename: 'gated' });
    await missing(`${sites}/gated/intro`);
    await missing(`${sites}/gated/intro`, { redirectOnError: true });
    await missing(`${sites}/gated/intro`, { visitor: { jwtToken: 'not.a.token' } });
    const answer = await content(`${sites}/gated/intro`, { visitor: { jwtToken: await visitorToken({ beta: true }) } });
    expect(answer).toMatchObject({ site: gated.id, pathname: 'intro' });
    expect(decodeJwt(answer.apiToken)).toMatchObject({ claims: { beta: true } });
    expect((await anonymous().urls.getPublishedContentByUrl({ url: `${sites}/gated`, visitorAuthToken: await visitorToken({}) })).data).toMatchObject({ site: gated.id });

    // The site's own backend signs with the site's key; without a token, its login URL gets where the visitor was going.
    const { data: auth } = await orgs(ann).updateSitePublishingAuthById(orgId, gated.id, { backend: 'custom', fallbackURL: 'https://acme.io/login?from=docs' } as never);
    const signed = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(new TextEncoder().encode(auth.privateKey));
    expect(await content(`${sites}/gated`, { visitor: { jwtToken: signed } })).toMatchObject({ site: gated.id });
    const redirect = (await resolve(`${sites}/gated/guide/intro`, { redirectOnError: true })) as Redirect;
    expect(redirect.target).toBe('application');
    expect(new URL(redirect.redirect).searchParams.get('location')).toBe('/guide/intro');
    expect(new URL(redirect.redirect).searchParams.get('from')).toBe('docs');
    await missing(`${sites}/gated/guide/intro`);
  });

  it("chooses sections and site spaces by path, the visitor's claims hiding what they fail", async () => {
    const { site: sectioned, sections } = await sectionedSite('sectioned');
    const [guideSection, apiSection, betaSection] = sections;
    expect(sections.map((s) => s.urls.published)).toEqual([`${sites}/sectioned`, `${sites}/sectioned/${apiSection.path}`, `${sites}/sectioned/${betaSection.path}`]);
    // Every published URL of a site space leads to it.
    for (const section of sections) {
      for (const siteSpace of section.siteSpaces) {
        const claims = section === betaSection ? { visitor: { jwtToken: await visitorToken({ beta: true }) } } : {};
        expect(await content(siteSpace.urls.published, claims)).toMatchObject({ siteSection: section.id, siteSpace: siteSpace.id, pathname: '' });
      }
    }
    // The root of a sectioned site, or of a section with variants, is not complete; a variant's URL is.
    expect(await content(`${sites}/sectioned`)).toMatchObject({ siteSection: guideSection.id, siteSpace: guideSection.siteSpaces[0].id, complete: false });
    expect(await content(guideSection.siteSpaces[1].urls.published)).toMatchObject({ siteSpace: guideSection.siteSpaces[1].id, complete: true });
    expect(await content(apiSection.urls.published)).toMatchObject({ siteSection: apiSection.id, complete: true });
    expect(await content(`${sites}/sectioned/${apiSection.path}/reference`)).toMatchObject({ siteSection: apiSection.id, pathname: 'reference', basePath: `/sites/${orgId}/sectioned/${apiSection.path}/` });
    // Hidden from a visitor whose claims fail: its path is a page path of the default section, as an unknown one.
    const hidden = await content(`${sites}/sectioned/${betaSection.path}/intro`);
    expect(hidden).toMatchObject({ siteSection: guideSection.id, pathname: `${betaSection.path}/intro` });
    expect(decodeJwt(hidden.apiToken).spaces).toEqual([api, guide].sort());
    const shown = await content(`${sites}/sectioned/${betaSection.path}/intro`, { visitor: { jwtToken: await visitorToken({ beta: true }) } });
    expect(shown).toMatchObject({ siteSection: betaSection.id, space: beta, pathname: 'intro' });
    expect(decodeJwt(shown.apiToken)).toMatchObject({ siteSection: betaSection.id, spaces: [api, beta, guide].sort(), claims: { beta: true } });
    // Unsigned claims count where the schema declares them.
    await orgs(ann).updateSiteSectionById(orgId, sectioned.id, betaSection.id, { condition: 'visitor.claims.unsigned.dark' } as never);
    expect(await content(`${sites}/sectioned/${betaSection.path}`, { visitor: { unsignedClaims: { dark: true, other: true } } })).toMatchObject({ siteSection: betaSection.id });
    expect(await content(`${sites}/sectioned/${betaSection.path}`, { visitor: { unsignedClaims: { dark: false } } })).toMatchObject({ siteSection: guideSection.id });
  });

  it('redirects a former basename to the same URL under the new one, until another site takes it', async () => {
    const moved = await site('Moved', { basename: 'old-name' });
    await orgs(ann).updateSiteById(orgId, moved.id, { basename: 'new-name' } as never);
    expect(await resolve(`${sites}/old-name/guide/intro?x=1`)).toEqual({ target: 'content', redirect: `${sites}/new-name/guide/intro` });
    expect(await content(`${sites}/new-name/guide/intro`)).toMatchObject({ site: moved.id, pathname: 'guide/intro' });
    // Its id led to it before it had a basename: it leads to the basename now.
    expect(await resolve(`${sites}/${moved.id}/intro`)).toEqual({ target: 'content', redirect: `${sites}/new-name/intro` });
    // A basename is one site's within the organization (case-folded): 409, nothing written.
    const other = await site('Other');
    await server.expectRefused(ann.token, 'PATCH', `/v1/orgs/${orgId}/sites/${other.id}`, { basename: 'NEW-name' }, 409);
    const taker = (await orgs(ann).updateSiteById(orgId, other.id, { basename: 'old-name' } as never)).data;
    expect(taker.urls.published).toBe(`${sites}/old-name`);
    expect(await content(`${sites}/old-name/intro`)).toMatchObject({ site: other.id });
    // Deleting a site frees its basename.
    await orgs(ann).deleteSiteById(orgId, moved.id);
    await missing(`${sites}/new-name`);
    expect((await orgs(ann).updateSiteById(orgId, other.id, { basename: 'new-name' } as never)).data.basename).toBe('new-name');
  });

  it("addresses an organization's sites by its hostname once it has one, its id then redirecting", async () => {
    const orgB = (await server.as(ann.token).orgs.createOrganization({ title: 'Beta Org' })).data.id;
    const space = (await server.as(ann.token).orgs.createSpace(orgB, { title: 'Home' })).data.id;
    const created = (await server.as(ann.token).orgs.createSite(orgB, { title: 'Home', spaces: [space] } as never)).data;
    await server.as(ann.token).orgs.publishSite(orgB, created.id);
    expect(await content(`http://127.0.0.1/sites/${orgB}/${created.id}`)).toMatchObject({ organization: orgB, site: created.id });
    await server.as(ann.token).orgs.updateOrganizationById(orgB, { hostname: 'beta-org' } as never);
    expect((await server.as(ann.token).orgs.getSiteById(orgB, created.id)).data.urls.published).toBe(`http://127.0.0.1/sites/beta-org/${created.id}`);
    expect(await content(`http://127.0.0.1/sites/beta-org/${created.id}/x`)).toMatchObject({ organization: orgB, site: created.id, pathname: 'x' });
    expect(await resolve(`http://127.0.0.1/sites/${orgB}/${created.id}/x`)).toEqual({ target: 'content', redirect: `http://127.0.0.1/sites/beta-org/${created.id}/x` });
  });

  describe('custom hostnames', () => {
    it('serve a site at the root of its hostname, read and removed through /custom-hostnames', async () => {
      const hosted = await site('Hosted', { spaces: [guide, api] });
      // The spec's PATCH has no hostname: Folio's addition is PUT …/hostname.
      const response = await server.fetch(`/v1/orgs/${orgId}/sites/${hosted.id}/hostname`, { method: 'PUT', token: ann.token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hostname: 'docs.acme.test' }) });
      expect(response.status).toBe(200);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}', 200, response.body);
      expect(response.body).toMatchObject({ hostname: 'docs.acme.test', urls: { published: 'http://docs.acme.test' } });
      const siteSpaces = (await orgs(ann).listSiteSpaces(orgId, hosted.id)).data.items;
      expect(siteSpaces.map((s) => s.urls.published)).toEqual(['http://docs.acme.test', `http://docs.acme.test/${siteSpaces[1].path}`]);
      expect(await content('https://docs.acme.test/intro/')).toMatchObject({ site: hosted.id, siteSpace: siteSpaces[0].id, siteBasePath: '/', basePath: '/', pathname: 'intro', canonicalUrl: 'https://docs.acme.test/intro', complete: true });
      expect(await content(`http://docs.acme.test/${siteSpaces[1].path}/intro`)).toMatchObject({ siteSpace: siteSpaces[1].id, basePath: `/${siteSpaces[1].path}/`, pathname: 'intro' });
      expect(await content('http://docs.acme.test')).toMatchObject({ complete: false });

      const { status, data } = await hostnames(ann).getCustomHostname('docs.acme.test');
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/custom-hostnames/{hostname}', 200, data);
      expect(data).toEqual({ object: 'custom-hostname', hostname: 'docs.acme.test', target: { type: 'site', site: hosted.id }, isActive: true, urls: { location: `${server.url}/v1/custom-hostnames/docs.acme.test` } });
      await orgs(ann).unpublishSite(orgId, hosted.id);
      expect((await hostnames(ann).getCustomHostname('docs.acme.test')).data.isActive).toBe(false);
      await missing('http://docs.acme.test/intro');
      await orgs(ann).publishSite(orgId, hosted.id);
      // Only an admin of the owning organization learns of it.
      await expectStatus(hostnames(rita).getCustomHostname('docs.acme.test'), 404);
      await expectStatus(hostnames(cat).getCustomHostname('docs.acme.test'), 404);
      expect((await hostnames(ann).dnsRevalidateCustomHostname('docs.acme.test')).status).toBe(204);
      await expectStatus(hostnames(ann).dnsRevalidateCustomHostname('none.acme.test'), 404);
      await expectStatus(hostnames(rita).dnsRevalidateCustomHostname('docs.acme.test'), 403);
      await expectStatus(hostnames(rita).removeCustomHostname('docs.acme.test'), 403);
      await expectStatus(hostnames(cat).removeCustomHostname('docs.acme.test'), 404);

      // One site's across Folio: 409, nothing written.
      const other = await site('Other host');
      await server.expectRefused(ann.token, 'PUT', `/v1/orgs/${orgId}/sites/${other.id}/hostname`, { hostname: 'docs.acme.test' }, 409);
      expect((await hostnames(ann).removeCustomHostname('docs.acme.test')).status).toBe(205);
      expect((await hostnames(ann).removeCustomHostname('docs.acme.test')).status).toBe(204);
      await expectStatus(hostnames(ann).getCustomHostname('docs.acme.test'), 404);
      await missing('http://docs.acme.test/intro');
      expect((await orgs(ann).getSiteById(orgId, hosted.id)).data).not.toHaveProperty('hostname');
      // Freed, another site takes it; null removes it.
      const put = (siteId: string, body: Json, token = ann.token) => server.fetch(`/v1/orgs/${orgId}/sites/${siteId}/hostname`, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await put(other.id, { hostname: 'docs.acme.test' })).status).toBe(200);
      expect(await content('http://docs.acme.test/x')).toMatchObject({ site: other.id });
      expect((await put(other.id, { hostname: null })).body).not.toHaveProperty('hostname');
      await missing('http://docs.acme.test/x');

      // Site events in the audit trail.
      const audit = await server.fetch(`/v1/orgs/${orgId}/audit-events?limit=20`, { token: ann.token });
      type AuditEvent = { action: string; target: { id: string }; payload?: { after?: Json } };
      const changes = (audit.body as { items: AuditEvent[] }).items.filter((e) => e.action === 'site.settings_changed' && e.payload?.after && 'hostname' in e.payload.after);
      expect(changes.map((e) => [e.target.id, e.payload!.after!.hostname])).toEqual([[other.id, null], [other.id, 'docs.acme.test'], [hosted.id, null], [hosted.id, 'docs.acme.test']]);
    });

    it('refuse bad input (400) and the wrong caller (403 member, 404 stranger), writing nothing', async () => {
      const target = await site('Target');
      const path = `/v1/orgs/${orgId}/sites/${target.id}/hostname`;
      for (const body of [{}, { hostname: 'localhost' }, { hostname: 'Docs.Acme.test' }, { hostname: 'docs..acme.test' }, { hostname: `${'a'.repeat(60)}.${'b'.repeat(60)}.`.repeat(5) + 'com' }, { hostname: 42 }, { hostname: '127.0.0.1' }]) {
        await server.expectRefused(ann.token, 'PUT', path, body);
      }
      await server.expectRefused(rita.token, 'PUT', path, { hostname: 'rita.acme.test' }, 403);
      await server.expectRefused(cat.token, 'PUT', path, { hostname: 'cat.acme.test' }, 404);
      await server.expectRefused(ann.token, 'PUT', `/v1/orgs/${orgId}/sites/noSuchSite0000000000/hostname`, { hostname: 'none.acme.test' }, 404);
    });
  });

  /**
   * GitBook's renderer resolves the root and the first four prefixes of a URL at once and takes the full
   * URL's answer or the first prefix answered `complete`, appending the rest of the path: every prefix
   * answered complete must agree with the full URL.
   */
  describe('prefixes a renderer resolves', () => {
    type Answer = { site: string; siteSection: string | null; siteSpace: string; pathname: string; basePath: string; canonicalUrl: string };
    const strip = (path: string) => path.replace(/^\/+|\/+$/g, '');
    async function answer(url: string, extra: Json): Promise<(Answer & { complete: boolean }) | null> {
      const response = await server.fetch('/v1/urls/published', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, ...extra }) });
      if (response.status !== 200) return null;
      const body = response.body as Resolved;
      if ('redirect' in body) return null;
      return { site: body.site, siteSection: body.siteSection ?? null, siteSpace: body.siteSpace, pathname: body.pathname, basePath: body.basePath, canonicalUrl: body.canonicalUrl, complete: body.complete };
    }
    /** Each prefix of `url` answered complete, its extra path joined as the renderer joins it, against the full URL's answer. */
    async function disagreements(url: string, extra: Json = {}) {
      const full = await answer(url, extra);
      expect({ url, full }).toEqual({ url, full: expect.objectContaining({ site: expect.any(String) }) });
      const parsed = new URL(url);
      const segments = parsed.pathname.split('/').filter((s) => s !== '');
      const out: unknown[] = [];
      let completes = 0;
      for (let cut = 0; cut < segments.length; cut++) {
        const prefix = await answer(`${parsed.origin}/${segments.slice(0, cut).join('/')}`, extra);
        if (!prefix?.complete) continue;
        completes++;
        const extraPath = segments.slice(cut).join('/');
        const joined = { ...prefix, complete: full!.complete, pathname: strip(`${prefix.pathname}/${extraPath}`), canonicalUrl: `${prefix.canonicalUrl.replace(/\/$/, '')}/${extraPath}` };
        if (JSON.stringify(joined) !== JSON.stringify({ ...full, canonicalUrl: full!.canonicalUrl.replace(/\/$/, '') })) out.push({ cut, prefix, full });
      }
      return { out, completes };
    }

    it('agree with the full URL on plain, sectioned, variant, share-link and custom-hostname sites', async () => {
      const plain = await site('Plain', { basename: 'plain' });
      const variants = await site('Variants', { basename: 'variants', spaces: [guide, api] });
      const { sections } = await sectionedSite('prefixes');
      const shared = await site('Shared prefixes', { visibility: 'share-link', basename: 'shared-prefixes', spaces: [guide, api] });
      const link = (await orgs(ann).createSiteShareLink(orgId, shared.id, { name: 'Renderer' })).data;
      const hosted = await site('Hosted prefixes', { spaces: [guide, api] });
      await server.fetch(`/v1/orgs/${orgId}/sites/${hosted.id}/hostname`, { method: 'PUT', token: ann.token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hostname: 'prefixes.acme.test' }) });
      const variantPath = (await orgs(ann).listSiteSpaces(orgId, variants.id)).data.items[1].path;
      const [, apiSection, betaSection] = sections;
      const urls: [string, Json?][] = [
        [`${plain.urls.published}/a/b/c`],
        [`${plain.urls.published}/${variantPath}/a`],
        [`${variants.urls.published}/${variantPath}/a/b`],
        [`${variants.urls.published}/a/b/c`],
        [`${sites}/prefixes/${apiSection.path}/a/b`],
        [`${sites}/prefixes/${apiSection.path}`],
        [`${sites}/prefixes/${sections[0].siteSpaces[1].path}/a`],
        [`${sites}/prefixes/a/b/c/d`],
        [`${sites}/prefixes/${betaSection.path}/a`],
        [`${sites}/prefixes/${betaSection.path}/a`, { visitor: { jwtToken: await visitorToken({ beta: true }) } }],
        [`${link.urls.published}/${variantPath}/a/b`],
        [`${link.urls.published}/a`],
        [`http://prefixes.acme.test/${variantPath}/a/b/c`],
        ['http://prefixes.acme.test/a/b'],
      ];
      let completes = 0;
      for (const [url, extra] of urls) {
        const found = await disagreements(url, extra);
        expect({ url, disagreements: found.out }).toEqual({ url, disagreements: [] });
        completes += found.completes;
      }
      expect(completes).toBeGreaterThan(10);
      // A sectioned site's root, and a section root whose section has variants, are not complete.
      expect(await answer(`${sites}/prefixes`, {})).toMatchObject({ complete: false });
      expect(await answer(`${sites}/prefixes/${apiSection.path}`, {})).toMatchObject({ complete: true });
    });

    it('agree with the full URL where {org} is in the host (PUBLIC_SITES_URL https://{org}.docs.folio.test)', async () => {
      const other = await startServer({ env: { PUBLIC_SITES_URL: 'https://{org}.docs.folio.test' } });
      try {
        const cast = await organizationWithRoles(other);
        const client = other.as(cast.ann.token).orgs;
        await client.updateOrganizationById(cast.orgId, { hostname: 'acme' } as never);
        const a = (await client.createSpace(cast.orgId, { title: 'Guide' })).data.id;
        const b = (await client.createSpace(cast.orgId, { title: 'Reference' })).data.id;
        const created = (await client.createSite(cast.orgId, { title: 'Docs', spaces: [a, b] } as never)).data;
        await client.updateSiteById(cast.orgId, created.id, { basename: 'docs' } as never);
        await client.publishSite(cast.orgId, created.id);
        expect((await client.getSiteById(cast.orgId, created.id)).data.urls.published).toBe('https://acme.docs.folio.test/docs');
        const resolved = (await new GitBookAPI({ endpoint: other.url }).urls.resolvePublishedContentByUrl({ url: 'https://acme.docs.folio.test/docs/reference/a/b' })).data as Resolved;
        expect(resolved).toMatchObject({ site: created.id, siteBasePath: '/docs/', basePath: '/docs/reference/', pathname: 'a/b', canonicalUrl: 'https://acme.docs.folio.test/docs/reference/a/b' });
        const previous = server;
        server = other;
        try {
          for (const url of ['https://acme.docs.folio.test/docs/reference/a/b', 'https://acme.docs.folio.test/docs/a/b/c']) {
            expect({ url, disagreements: (await disagreements(url)).out }).toEqual({ url, disagreements: [] });
          }
        } finally {
          server = previous;
        }
      } finally {
        await other.stop();
      }
    }, 60_000);
  });
});
