import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;

const SITE = '/orgs/{organizationId}/sites/{siteId}/customization';
const SITE_SPACE = '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization';

const themed = (light: string, dark = light) => ({ light, dark });

/** Settings a site might PUT: a part of every group of kinds, as the client spec's input allows. */
const branded = {
  title: 'Acme Docs',
  styling: { theme: 'muted', primaryColor: themed('#ff6600', '#ffaa77'), corners: 'circular', font: 'Roboto', sidebar: { list: 'pill' } },
  favicon: { emoji: '📘' },
  header: { logo: themed('https://cdn.acme.test/logo.svg'), links: [{ title: 'Product', style: 'button-primary', to: { kind: 'url', url: 'https://acme.test' }, links: [] }] },
  footer: { groups: [{ title: 'Company', links: [{ title: 'Contact', to: { kind: 'url', url: 'mailto:docs@acme.test' } }] }], copyright: '© Acme' },
  announcement: { enabled: true, message: 'Version 2 is out', style: 'success' },
  themes: { default: 'dark', toggeable: false },
  pdf: { enabled: false },
  feedback: { enabled: true },
  ai: { mode: 'search' },
  git: { showEditLink: true },
  pageActions: { items: ['pdf', 'mcp'] },
  externalLinks: { target: 'blank' },
  privacyPolicy: { url: 'https://acme.test/privacy' },
  socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
  insights: { trackingCookie: false },
};

/** Site customization and site-space overrides through the official client, each answer checked against its spec. */
describe('site customization', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let guide: string;
  let api: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
    guide = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Guide' })).data.id;
    api = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'API' })).data.id;
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);
  const sitePath = (siteId: string) => `/orgs/${orgId}/sites/${siteId}/customization`;
  const siteSpacePath = (siteId: string, siteSpaceId: string) => `/orgs/${orgId}/sites/${siteId}/site-spaces/${siteSpaceId}/customization`;

  /** A site showing both spaces; its two site spaces. */
  async function createSite() {
    const site = (await orgs(ann).createSite(orgId, { title: 'Docs', spaces: [guide, api] } as never)).data;
    const siteSpaces = (await orgs(ann).listSiteSpaces(orgId, site.id)).data.items.map((s) => s.id);
    return { siteId: site.id, siteSpaces };
  }
  async function get(siteId: string, user = rita) {
    const { status, data } = await orgs(user).getSiteCustomizationById(orgId, siteId);
    expect(status).toBe(200);
    expectMatchesSpec('GET', SITE, status, data);
    return data as unknown as Json;
  }
  async function put(siteId: string, body: Json) {
    const { status, data } = await orgs(ann).updateSiteCustomizationById(orgId, siteId, body as never);
    expect(status).toBe(200);
    expectMatchesSpec('PUT', SITE, status, data);
    return data as unknown as Json;
  }
  async function getSiteSpace(siteId: string, siteSpaceId: string, user = rita) {
    const { status, data } = await orgs(user).getSiteSpaceCustomizationById(orgId, siteId, siteSpaceId);
    expect(status).toBe(200);
    expectMatchesSpec('GET', SITE_SPACE, status, data);
    return data as unknown as Json;
  }
  async function patch(siteId: string, siteSpaceId: string, body: Json) {
    const { status, data } = await orgs(ann).overrideSiteSpaceCustomizationById(orgId, siteId, siteSpaceId, body as never);
    expect(status).toBe(200);
    expectMatchesSpec('PATCH', SITE_SPACE, status, data);
    return data as unknown as Json;
  }
  async function remove(siteId: string, siteSpaceId: string) {
    const { status, data } = await orgs(ann).deleteSiteSpaceCustomizationById(orgId, siteId, siteSpaceId);
    expectMatchesSpec('DELETE', SITE_SPACE, status, data);
    return status;
  }

  describe('a site', () => {
    it('answers the defaults to a member before anything is set', async () => {
      const { siteId } = await createSite();
      const settings = await get(siteId);
      expect(settings).toMatchObject({
        styling: { theme: 'clean', corners: 'rounded', font: 'Inter', sidebar: { background: 'default', list: 'default' } },
        favicon: {},
        header: { preset: 'default', links: [] },
        themes: { default: 'system', toggeable: true },
        pdf: { enabled: true },
        git: { showEditLink: false },
        pageActions: { items: ['markdown'], markdown: true, externalAI: false, mcp: false },
        insights: { trackingCookie: true },
      });
      expect(settings).not.toHaveProperty('updatedAt');
      expect(await get(siteId, ed)).toEqual(settings);
    });

    it('replaces the settings whole (PUT): what it gives over the defaults, the rest back to its default', async () => {
      const { siteId } = await createSite();
      const answered = await put(siteId, branded);
      expect(answered).toMatchObject({
        ...branded,
        styling: { ...branded.styling, sidebar: { list: 'pill', background: 'default' }, search: 'prominent' },
        pageActions: { items: ['pdf', 'mcp'], mcp: true, markdown: false, externalAI: false },
        updatedAt: '2026-03-01T09:00:00.000Z',
      });
      expect(await get(siteId)).toEqual(answered);
      server.clock.advance(60_000);
      const replaced = await put(siteId, { styling: { corners: 'straight' } });
      expect(replaced).not.toHaveProperty('title');
      const defaults = await get((await createSite()).siteId);
      expect(replaced).toMatchObject({ styling: { corners: 'straight', theme: 'clean', primaryColor: (defaults.styling as Json).primaryColor } });
      expect(replaced.favicon).toEqual({});
      expect(replaced.updatedAt).toBe('2026-03-01T09:01:00.000Z');
    });

    it('takes back what GET answers, and writes nothing when the same settings come again', async () => {
      const { siteId } = await createSite();
      const answered = await put(siteId, branded);
      const before = await server.head();
      expect(await put(siteId, answered)).toEqual(answered);
      expect(await put(siteId, branded)).toEqual(answered);
      expect(await server.head()).toBe(before);
    });

    it("takes the seed's page-action flags", async () => {
      const { siteId } = await createSite();
      expect((await put(siteId, { pageActions: { externalAI: true, markdown: false } })).pageActions).toEqual({ items: ['external-ai'], externalAI: true, markdown: false, mcp: false });
    });
  });

  describe('a site space', () => {
    it("answers its site's settings while it overrides nothing", async () => {
      const { siteId, siteSpaces } = await createSite();
      await put(siteId, branded);
      expect(await getSiteSpace(siteId, siteSpaces[0])).toEqual(await get(siteId));
    });

    it('merges a PATCH into its override, removes what is set to null, and leaves its sibling alone', async () => {
      const { siteId, siteSpaces } = await createSite();
      const [fr, de] = siteSpaces;
      await put(siteId, branded);
      const first = await patch(siteId, fr, { title: 'Docs FR', styling: { primaryColor: themed('#123456') }, themes: { default: 'light' } });
      expect(first).toMatchObject({ title: 'Docs FR', styling: { primaryColor: themed('#123456'), theme: 'muted', corners: 'circular' }, themes: { default: 'light', toggeable: false } });
      const second = await patch(siteId, fr, { styling: { corners: 'straight', primaryColor: null }, announcement: null, favicon: { icon: themed('https://cdn.acme.test/fr.png') } });
      expect(second).toMatchObject({
        title: 'Docs FR',
        styling: { primaryColor: branded.styling.primaryColor, corners: 'straight' },
        themes: { default: 'light' },
        favicon: { icon: themed('https://cdn.acme.test/fr.png') },
        announcement: branded.announcement,
      });
      expect(await getSiteSpace(siteId, fr)).toEqual(second);
      expect(await getSiteSpace(siteId, de)).toEqual(await get(siteId));
      // The site's settings show through where the override is silent, as they change.
      await put(siteId, { ...branded, themes: { default: 'dark', toggeable: true } });
      expect(await getSiteSpace(siteId, fr)).toMatchObject({ title: 'Docs FR', themes: { default: 'light', toggeable: true } });
    });

    it('removes its override (205): its site shows through again; a second DELETE answers 204', async () => {
      const { siteId, siteSpaces } = await createSite();
      await patch(siteId, siteSpaces[0], { title: 'Docs FR' });
      expect(await remove(siteId, siteSpaces[0])).toBe(205);
      expect(await getSiteSpace(siteId, siteSpaces[0])).toEqual(await get(siteId));
      expect(await remove(siteId, siteSpaces[0])).toBe(204);
      expect(await remove(siteId, siteSpaces[1])).toBe(204);
    });

    it('gives the published-content route the site and each site space it shows that overrides it; a removed site space goes', async () => {
      const { siteId, siteSpaces } = await createSite();
      await put(siteId, branded);
      await patch(siteId, siteSpaces[1], { title: 'API FR' });
      await orgs(ann).publishSite(orgId, siteId);
      const customizations = async () => {
        const { status, data } = await orgs(ann).getPublishedContentSite(orgId, siteId);
        expect(status).toBe(200);
        expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/published', status, data);
        return (data as unknown as { customizations: Json }).customizations;
      };
      expect(await customizations()).toEqual({ site: await get(siteId), siteSpaces: { [siteSpaces[1]]: await getSiteSpace(siteId, siteSpaces[1]) } });
      await orgs(ann).deleteSiteSpaceById(orgId, siteId, siteSpaces[1]);
      expect((await customizations()).siteSpaces).toEqual({});
    });

    it('answers 404 for a site space the site does not have', async () => {
      const { siteId } = await createSite();
      const other = await createSite();
      for (const siteSpaceId of ['nope', other.siteSpaces[0]]) {
        await refused(rita, 'GET', siteSpacePath(siteId, siteSpaceId), undefined, 404);
        await refused(ann, 'PATCH', siteSpacePath(siteId, siteSpaceId), { title: 'Docs FR' }, 404);
        await refused(ann, 'DELETE', siteSpacePath(siteId, siteSpaceId), undefined, 404);
      }
    });
  });

  it('answers 404 for a site that is not there, or of another organization', async () => {
    const { siteSpaces } = await createSite();
    const otherOrg = (await orgs(cat).createOrganization({ title: 'Elsewhere' })).data.id;
    const foreign = (await orgs(cat).createSite(otherOrg, { title: 'Theirs' } as never)).data.id;
    for (const siteId of ['nope', foreign]) {
      await refused(ann, 'GET', sitePath(siteId), undefined, 404);
      await refused(ann, 'PUT', sitePath(siteId), branded, 404);
      await refused(ann, 'GET', siteSpacePath(siteId, siteSpaces[0]), undefined, 404);
      await refused(ann, 'PATCH', siteSpacePath(siteId, siteSpaces[0]), { title: 'Docs FR' }, 404);
      await refused(ann, 'DELETE', siteSpacePath(siteId, siteSpaces[0]), undefined, 404);
    }
  });

  it('hides customization from a stranger (404) and refuses changes to a non-admin member (403), writing nothing', async () => {
    const { siteId, siteSpaces } = await createSite();
    await patch(siteId, siteSpaces[0], { title: 'Docs FR' });
    const one = siteSpacePath(siteId, siteSpaces[0]);
    await refused(cat, 'GET', sitePath(siteId), undefined, 404);
    await refused(cat, 'PUT', sitePath(siteId), branded, 404);
    await refused(cat, 'GET', one, undefined, 404);
    await refused(cat, 'PATCH', one, { title: 'Mine' }, 404);
    await refused(cat, 'DELETE', one, undefined, 404);
    for (const user of [ed, rita]) {
      await refused(user, 'PUT', sitePath(siteId), branded, 403);
      await refused(user, 'PATCH', one, { title: 'Mine' }, 403);
      await refused(user, 'DELETE', one, undefined, 403);
    }
    expect((await getSiteSpace(siteId, siteSpaces[0])).title).toBe('Docs FR');
  });

  it.each([
    ['a named color', 'PUT', { styling: { primaryColor: themed('red') } }, 'styling.primaryColor.light must be a color as #rrggbb'],
    ['an unknown property', 'PUT', { ...branded, colour: 'red' }, 'the body has an unknown property "colour"'],
    ['an unknown nested property', 'PUT', { styling: { shadow: 'deep' } }, 'styling has an unknown property "shadow"'],
    ['an unknown theme', 'PUT', { styling: { theme: 'dark' } }, 'styling.theme must be one of'],
    ['an unknown code theme', 'PUT', { styling: { codeTheme: { default: themed('vim') } } }, 'styling.codeTheme.default.light must be one of'],
    ['a javascript: logo', 'PUT', { header: { logo: themed('javascript:alert(1)') } }, 'header.logo.light must be an absolute http(s) URL'],
    ['a boolean as a string', 'PUT', { feedback: { enabled: 'true' } }, 'feedback.enabled must be boolean'],
    ['flags contradicting the list', 'PUT', { pageActions: { items: ['pdf'], mcp: true } }, 'pageActions.mcp'],
    ['an array', 'PUT', [], 'The body must be a JSON object'],
    ['no body', 'PUT', undefined, 'The body must be a JSON object'],
    ['a field a site space does not override', 'PATCH', { ai: { mode: 'none' } }, 'the body has an unknown property "ai"'],
    ['a bad color', 'PATCH', { styling: { dangerColor: themed('#12345') } }, 'styling.dangerColor.light must be a color'],
    ['an unknown theme mode', 'PATCH', { themes: { default: 'sepia' } }, 'themes.default must be one of: light, dark, system'],
    ['a one-letter title', 'PATCH', { title: 'x' }, 'title must NOT have fewer than 2 characters'],
    ['a null body', 'PATCH', null, 'The body must be a JSON object'],
  ])('refuses %s (400, nothing written)', async (_name, method, body, message) => {
    const { siteId, siteSpaces } = await createSite();
    const path = method === 'PUT' ? sitePath(siteId) : siteSpacePath(siteId, siteSpaces[0]);
    expect(await refused(ann, method, path, body)).toContain(message);
  });

  it('refuses a bad unmasked flag (400)', async () => {
    const { siteId, siteSpaces } = await createSite();
    await refused(rita, 'GET', `${sitePath(siteId)}?unmasked=maybe`);
    await refused(rita, 'GET', `${siteSpacePath(siteId, siteSpaces[0])}?unmasked=maybe`);
    expect(await get(siteId)).toEqual((await orgs(rita).getSiteCustomizationById(orgId, siteId, { unmasked: true })).data);
  });
});
