import { CommandBus } from '@nestjs/cqrs';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { CopySpace } from '@folio/content/public/copy-space.command';
import { PurgeExpiredSpaces } from '@folio/content/spaces/space-retention';
import { SITE_SPACE_DUPLICATION, SiteSpaceDuplication } from '@folio/publishing/sites/site-space-duplication';
import { SITE_SPACE_PURGE, SiteSpacePurgeProcess } from '@folio/publishing/sites/site-space-purge';
import { seedMain } from '../support/content-seed';
import { expectMatchesSchema, expectMatchesSpec } from '../support/openapi';
import { processReached } from '../support/processes';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;

/** Docs sites and their site spaces, through the official client, each answer checked against its spec. */
describe('sites', () => {
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
    guide = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Getting Started' })).data.id;
    api = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'API Reference' })).data.id;
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);
  const sitePath = (siteId: string) => `/orgs/${orgId}/sites/${siteId}`;

  async function createSite(body: Json = { title: 'Docs' }) {
    const { status, data, headers } = await orgs(ann).createSite(orgId, body as never);
    expect(status).toBe(201);
    expectMatchesSpec('POST', '/orgs/{organizationId}/sites', 201, data);
    expect(headers.get('location')).toBe(data.urls.location);
    return data;
  }
  async function siteSpaces(siteId: string, query?: Json) {
    const { status, data } = await orgs(rita).listSiteSpaces(orgId, siteId, query as never);
    expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/site-spaces', status, data);
    return data.items;
  }

  describe('sites', () => {
    it('creates a basic, public, unpublished site by default, with its spaces as site spaces', async () => {
      const site = await createSite({ title: 'Docs', spaces: [guide, api] });
      expect(site).toMatchObject({ object: 'site', type: 'basic', title: 'Docs', visibility: 'public', published: false, siteSpaces: 2, defaultLevel: 'inherit' });
      expect(site.permissions).toMatchObject({ view: true, admin: true, edit: true });
      const items = await siteSpaces(site.id);
      expect(items.map((s) => [s.path, s.space.id, s.default])).toEqual([
        ['getting-started', guide, true],
        ['api-reference', api, false],
      ]);
      expect(items[0]).toMatchObject({ object: 'site-space', title: 'Getting Started', draft: false, hidden: false });
    });

    it('creates a site with no body at all', async () => {
      const site = await createSite({});
      expect(site.title).toBe('Untitled site');
    });

    it('reads a site as a member, with the permissions of a member', async () => {
      const site = await createSite();
      const { status, data } = await orgs(rita).getSiteById(orgId, site.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}', status, data);
      expect(data.permissions).toMatchObject({ view: true, admin: false, edit: false });
    });

    it('lists sites with the space, title, published and type filters, a page at a time', async () => {
      const a = await createSite({ title: 'Alpha handbook', type: 'premium', spaces: [guide] });
      const b = await createSite({ title: 'Beta handbook' });
      await orgs(ann).publishSite(orgId, b.id);
      const list = async (query: Json) => {
        const { status, data } = await orgs(rita).listSites(orgId, query as never);
        expectMatchesSpec('GET', '/orgs/{organizationId}/sites', status, data);
        return data.items.map((s) => s.id);
      };
      expect(await list({ space: guide })).toContain(a.id);
      expect(await list({ space: guide })).not.toContain(b.id);
      expect(await list({ title: 'ALPHA handbook' })).toEqual([a.id]);
      expect(await list({ published: true })).toEqual([b.id]);
      expect(await list({ type: ['premium'] })).toEqual([a.id]);
      const all = await list({});
      const first = await orgs(rita).listSites(orgId, { limit: 1 });
      const second = await orgs(rita).listSites(orgId, { limit: 1, page: first.data.next!.page });
      expect([first.data.items[0].id, second.data.items[0].id]).toEqual(all.slice(0, 2));
    });

    it('changes settings, removes the optional ones with null, and publishes and unpublishes', async () => {
      const site = await createSite({ spaces: [guide] });
      const patch = async (body: Json) => {
        const { status, data } = await orgs(ann).updateSiteById(orgId, site.id, body as never);
        expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}', status, data);
        return data as unknown as Json;
      };
      const changed = await patch({ title: 'Handbook', visibility: 'unlisted', basename: 'handbook', adaptiveContent: { enabled: true }, proxy: 'acme.io/docs' });
      expect(changed).toMatchObject({ title: 'Handbook', visibility: 'unlisted', basename: 'handbook', adaptiveContent: { enabled: true }, proxy: { origin: 'acme.io/docs' } });
      const cleared = await patch({ basename: null, proxy: null });
      expect(cleared).not.toHaveProperty('basename');
      expect(cleared).not.toHaveProperty('proxy');
      const published = await orgs(ann).publishSite(orgId, site.id);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/publish', 200, published.data);
      expect(published.data).toMatchObject({ published: true, urls: { published: expect.any(String) } });
      const unpublished = await orgs(ann).unpublishSite(orgId, site.id);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/unpublish', 200, unpublished.data);
      expect(unpublished.data.published).toBe(false);
    });

    it('deletes a site (205), then answers 204 and 404 for it', async () => {
      const site = await createSite();
      expect((await orgs(ann).deleteSiteById(orgId, site.id)).status).toBe(205);
      expect((await orgs(ann).deleteSiteById(orgId, site.id)).status).toBe(204);
      await expectStatus(orgs(rita).getSiteById(orgId, site.id), 404);
    });

    it('records publication and deletion in the audit trail', async () => {
      const site = await createSite();
      await orgs(ann).publishSite(orgId, site.id);
      await orgs(ann).deleteSiteById(orgId, site.id);
      const { body } = await server.fetch(`/v1/orgs/${orgId}/audit-events?limit=3`, { token: ann.token });
      expect((body as { items: { action: string }[] }).items.map((e) => e.action)).toEqual(['site.deleted', 'site.published', 'site.created']);
    });

    it('hides sites from a stranger (404) and refuses changes to a non-admin member (403), writing nothing', async () => {
      const site = await createSite();
      for (const path of [`/orgs/${orgId}/sites`, sitePath(site.id), `${sitePath(site.id)}/site-spaces`]) await refused(cat, 'GET', path, undefined, 404);
      await refused(cat, 'POST', `/orgs/${orgId}/sites`, { title: 'Mine' }, 404);
      for (const user of [ed, rita]) {
        await refused(user, 'POST', `/orgs/${orgId}/sites`, { title: 'Mine' }, 403);
        await refused(user, 'PATCH', sitePath(site.id), { title: 'Mine' }, 403);
        await refused(user, 'DELETE', sitePath(site.id), undefined, 403);
        await refused(user, 'POST', `${sitePath(site.id)}/publish`, undefined, 403);
        await refused(user, 'POST', `${sitePath(site.id)}/unpublish`, undefined, 403);
        await refused(user, 'POST', `${sitePath(site.id)}/site-spaces`, { spaceId: guide }, 403);
      }
    });

    it.each([
      ['a one-letter title', 'POST', '', { title: 'x' }],
      ['an unknown type', 'POST', '', { type: 'gold' }],
      ['an unknown visibility', 'POST', '', { visibility: 'secret' }],
      ['a space of nobody', 'POST', '', { spaces: ['nope'] }],
      ['a title as a number', 'PATCH', '/:site', { title: 7 }],
      ['a basename with a slash', 'PATCH', '/:site', { basename: 'a/b' }],
      ['a proxy without a path', 'PATCH', '/:site', { proxy: 'acme.io' }],
      ['an unknown default site space', 'PATCH', '/:site', { defaultSiteSpace: 'nope' }],
      ['an unknown property', 'PATCH', '/:site', { color: 'red' }],
      ['an unknown list filter value', 'GET', '?type=gold', undefined],
      ['a bad published filter', 'GET', '?published=maybe', undefined],
    ])('refuses %s (400, nothing written)', async (_name, method, suffix, body) => {
      const site = await createSite();
      await refused(ann, method, `/orgs/${orgId}/sites${suffix.replace('/:site', `/${site.id}`)}`, body);
    });
  });

  describe('structure', () => {
    const structure = async (siteId: string) => {
      const { status, data } = await orgs(rita).getSiteStructure(orgId, siteId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/structure', status, data);
      return data as unknown as { type: string; structure: Json[] };
    };
    const outline = (items: Json[]): unknown[] =>
      items.map((i) =>
        i.object === 'site-section-group'
          ? { [i.title as string]: outline(i.children as Json[]) }
          : i.object === 'site-section'
            ? [i.title, (i.siteSpaces as Json[]).map((s) => s.path)]
            : i.path,
      );

    it('answers the site spaces of a site without sections, then gathers them into a first section when one is added', async () => {
      const site = await createSite({ title: 'Handbook', spaces: [guide] });
      expect(await structure(site.id)).toMatchObject({ type: 'siteSpaces', structure: [{ object: 'site-space', path: 'getting-started', default: true }] });
      const { status, data, headers } = await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api, title: 'API' } as never);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/sections', 201, data);
      expect(headers.get('location')).toContain(`/sections/${data.id}`);
      const after = await structure(site.id);
      expect(after.type).toBe('sections');
      expect(outline(after.structure)).toEqual([['Handbook', ['getting-started']], ['API', ['api-reference']]]);
      const sections = await orgs(rita).listSiteSections(orgId, site.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/sections', 200, sections.data);
      expect(sections.data.items.map((s) => [s.title, s.default])).toEqual([['Handbook', true], ['API', false]]);
    });

    it('groups sections, nests groups, changes and deletes them, and moves their content up', async () => {
      const site = await createSite({ title: 'Handbook' });
      const a = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide, title: 'Guides' } as never)).data;
      const b = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api, title: 'Reference' } as never)).data;
      const { status, data: group } = await orgs(ann).addSectionGroupToSite(orgId, site.id, { title: 'Docs', sections: [a.id, b.id] } as never);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/section-groups', 201, group);
      expect(outline((await structure(site.id)).structure)).toEqual([{ Docs: [['Guides', ['getting-started']], ['Reference', ['api-reference']]] }]);
      const renamed = await orgs(ann).updateSiteSectionGroupById(orgId, site.id, group.id, { title: 'Documentation' } as never);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', 200, renamed.data);
      const groups = await orgs(rita).listSiteSectionGroups(orgId, site.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/section-groups', 200, groups.data);
      expect(groups.data.items.map((g) => g.title)).toEqual(['Documentation']);
      const section = await orgs(ann).updateSiteSectionById(orgId, site.id, b.id, { title: 'API', path: 'api', description: 'Endpoints', siteSectionGroupId: null } as never);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', 200, section.data);
      expect(outline((await structure(site.id)).structure)).toEqual([{ Documentation: [['Guides', ['getting-started']]] }, ['API', ['api-reference']]]);
      const back = await server.fetch(`/v1${sitePath(site.id)}/section-groups/${group.id}/sections`, {
        method: 'POST',
        token: ann.token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sectionId: b.id }),
      });
      expect(back.status).toBe(201);
      expectMatchesSchema('SiteSectionGroup', back.body);
      expect(outline((await structure(site.id)).structure)).toEqual([{ Documentation: [['Guides', ['getting-started']], ['API', ['api-reference']]] }]);
      await refused(ann, 'POST', `${sitePath(site.id)}/section-groups/${group.id}/sections`, { sectionId: 'nope' }, 404);
      // An unknown group in the path is missing too (it was a 400).
      await refused(ann, 'POST', `${sitePath(site.id)}/section-groups/nope/sections`, { sectionId: b.id }, 404);
      await refused(ann, 'POST', `${sitePath(site.id)}/section-groups/${group.id}/sections`, {});
      await refused(rita, 'POST', `${sitePath(site.id)}/section-groups/${group.id}/sections`, { sectionId: b.id }, 403);
      await orgs(ann).updateSiteSectionById(orgId, site.id, b.id, { siteSectionGroupId: null } as never);
      expect((await orgs(ann).deleteSiteSectionGroupById(orgId, site.id, group.id)).status).toBe(205);
      expect(outline((await structure(site.id)).structure)).toEqual([['API', ['api-reference']], ['Guides', ['getting-started']]]);
      expect((await orgs(ann).deleteSiteSectionById(orgId, site.id, b.id)).status).toBe(205);
      expect((await orgs(ann).deleteSiteSectionById(orgId, site.id, b.id)).status).toBe(204);
      expect((await orgs(rita).getSiteById(orgId, site.id)).data.siteSpaces).toBe(1);
    });

    it('sorts sections and site spaces among their siblings, answering the item or nothing', async () => {
      const site = await createSite({ title: 'Handbook' });
      const a = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide, title: 'Guides' } as never)).data;
      const b = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api, title: 'Reference' } as never)).data;
      const { status, data } = await orgs(ann).sortSiteStructure(orgId, site.id, { item: { type: 'site-section', id: b.id }, position: { before: { type: 'site-section', id: a.id } } } as never);
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/structure/sort', 200, data);
      expect(outline((await structure(site.id)).structure)).toEqual([['Reference', ['api-reference']], ['Guides', ['getting-started']]]);
      const minimal = await server.fetch(`/v1${sitePath(site.id)}/structure/sort`, {
        method: 'PATCH',
        token: ann.token,
        headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ item: { type: 'site-section', id: b.id }, position: {} }),
      });
      expect(minimal.status).toBe(204);
      expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
      const moved = await orgs(ann).moveSiteSection(orgId, site.id, b.id, { position: { before: { type: 'site-section', siteSection: a.id } } } as never);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move', 200, moved.data);
      await refused(ann, 'PATCH', `${sitePath(site.id)}/structure/sort`, { item: { type: 'site-section', id: b.id }, position: { before: { type: 'site-section', id: a.id } } });
      await refused(ann, 'PATCH', `${sitePath(site.id)}/structure/sort`, { item: { type: 'site-section', id: b.id }, position: { before: { type: 'site-space', id: 'x' } } });
      await refused(ann, 'PATCH', `${sitePath(site.id)}/structure/sort`, { item: { type: 'site-section', id: 'nope' } }, 404);
      await refused(ed, 'PATCH', `${sitePath(site.id)}/structure/sort`, { item: { type: 'site-section', id: b.id } }, 403);
    });

    it.each([
      ['a section without a space', 'POST', '/sections', {}],
      ['a section title of one letter', 'POST', '/sections', { spaceId: 'GUIDE', title: 'x' }],
      ['a section in a group the site does not have', 'POST', '/sections', { spaceId: 'GUIDE', siteSectionGroupId: 'nope' }],
      ['a group without a title', 'POST', '/section-groups', {}],
      ['a group of unknown sections', 'POST', '/section-groups', { title: 'G', sections: ['nope'] }],
      ['a sort without an item', 'PATCH', '/structure/sort', {}],
      ['a sort of an unknown type', 'PATCH', '/structure/sort', { item: { type: 'page', id: 'x' } }],
    ])('refuses %s (400, nothing written)', async (_name, method, suffix, body) => {
      const site = await createSite();
      await refused(ann, method, `${sitePath(site.id)}${suffix}`, JSON.parse(JSON.stringify(body).replace('GUIDE', guide)));
    });

    /** A site with a group holding a section with one site space, and the ids of each. */
    async function fullSite() {
      const site = await createSite({ title: 'Handbook' });
      const section = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide, title: 'Guides' } as never)).data;
      const group = (await orgs(ann).addSectionGroupToSite(orgId, site.id, { title: 'Docs', sections: [section.id] } as never)).data;
      const siteSpace = section.siteSpaces[0].id;
      return { site: site.id, section: section.id, group: group.id, siteSpace };
    }
    const route = (ids: Record<string, string>, path: string) => path.replace(/:(\w+)/g, (_m, name: string) => ids[name]);
    const WRITES: [string, string, Json?][] = [
      ['PATCH', '/sites/:site', { title: 'Mine' }],
      ['DELETE', '/sites/:site'],
      ['POST', '/sites/:site/publish'],
      ['POST', '/sites/:site/unpublish'],
      ['PATCH', '/sites/:site/structure/sort', { item: { type: 'site-section-group', id: 'GROUP' } }],
      ['POST', '/sites/:site/site-spaces', { spaceId: 'API' }],
      ['PATCH', '/sites/:site/site-spaces/:siteSpace', { hidden: true }],
      ['DELETE', '/sites/:site/site-spaces/:siteSpace'],
      ['POST', '/sites/:site/site-spaces/:siteSpace/duplicate', {}],
      ['POST', '/sites/:site/site-spaces/:siteSpace/move', {}],
      ['POST', '/sites/:site/sections', { spaceId: 'API' }],
      ['PATCH', '/sites/:site/sections/:section', { title: 'Mine' }],
      ['DELETE', '/sites/:site/sections/:section'],
      ['POST', '/sites/:site/sections/:section/move', {}],
      ['POST', '/sites/:site/section-groups', { title: 'G' }],
      ['PATCH', '/sites/:site/section-groups/:group', { title: 'Mine' }],
      ['DELETE', '/sites/:site/section-groups/:group'],
      ['POST', '/sites/:site/section-groups/:group/sections', { sectionId: 'SECTION' }],
      ['POST', '/sites/:site/section-groups/:group/move', {}],
    ];
    const READS = ['/sites/:site', '/sites/:site/structure', '/sites/:site/site-spaces', '/sites/:site/sections', '/sites/:site/section-groups'];

    it('hides every site route from a stranger (404) and refuses every change to members who are not admins (403), writing nothing', async () => {
      const ids = await fullSite();
      const body = (json?: Json) => json && JSON.parse(JSON.stringify(json).replace('API', api).replace('GROUP', ids.group).replace('SECTION', ids.section));
      for (const path of READS) await refused(cat, 'GET', `/orgs/${orgId}${route(ids, path)}`, undefined, 404);
      for (const [method, path, json] of WRITES) {
        await refused(cat, method, `/orgs/${orgId}${route(ids, path)}`, body(json), 404);
        for (const member of [ed, rita]) await refused(member, method, `/orgs/${orgId}${route(ids, path)}`, body(json), 403);
      }
    });

    it.each([
      ['a section title of one letter', 'PATCH', '/sites/:site/sections/:section', { title: 'x' }],
      ['a section path with a slash', 'PATCH', '/sites/:site/sections/:section', { path: 'a/b' }],
      ['a section description over 256 characters', 'PATCH', '/sites/:site/sections/:section', { description: 'x'.repeat(257) }],
      ['a section moved into a group the site does not have', 'PATCH', '/sites/:site/sections/:section', { siteSectionGroupId: 'nope' }],
      ['a condition naming a claim the schema lacks', 'PATCH', '/sites/:site/sections/:section', { condition: 'visitor.claims.nope' }],
      ['a condition that does not parse', 'PATCH', '/sites/:site/sections/:section', { condition: 'visitor.claims.(' }],
      ['a hostile condition', 'PATCH', '/sites/:site/sections/:section', { condition: 'visitor.constructor.constructor' }],
      ['an empty group title', 'PATCH', '/sites/:site/section-groups/:group', { title: '' }],
      ['a group inside itself', 'PATCH', '/sites/:site/section-groups/:group', { parentSectionGroupId: 'GROUP' }],
      ['a deprecated move next to a sibling elsewhere', 'POST', '/sites/:site/sections/:section/move', { position: { before: { type: 'site-section', siteSection: 'nope' } } }],
      ['a deprecated group move of a bad pointer', 'POST', '/sites/:site/section-groups/:group/move', { position: { after: { type: 'page', id: 'x' } } }],
      ['a list limit of 0', 'GET', '/sites/:site/sections?limit=0', undefined],
      ['a group list limit over 1000', 'GET', '/sites/:site/section-groups?limit=1001', undefined],
    ])('refuses %s (400, nothing written)', async (_name, method, path, json) => {
      const ids = await fullSite();
      await refused(ann, method, `/orgs/${orgId}${route(ids, path)}`, json && JSON.parse(JSON.stringify(json).replace('GROUP', ids.group)));
    });

    it('answers 404 for structure parts the site does not have', async () => {
      const ids = await fullSite();
      for (const [method, path, json] of [
        ['PATCH', '/sites/:site/sections/nope', { title: 'Xy' }],
        ['PATCH', '/sites/:site/section-groups/nope', { title: 'Xy' }],
        ['PATCH', '/sites/:site/site-spaces/nope', { hidden: true }],
        ['POST', '/sites/:site/sections/nope/move', {}],
      ] as const) {
        await refused(ann, method, `/orgs/${orgId}${route(ids, path)}`, json, 404);
      }
      expect((await orgs(ann).deleteSiteSectionById(orgId, ids.site, 'nope')).status).toBe(204);
      expect((await orgs(ann).deleteSiteSectionGroupById(orgId, ids.site, 'nope')).status).toBe(204);
    });
  });

  describe('site spaces', () => {
    it('adds a space (201), changes its path, condition and visibility, and removes it', async () => {
      const site = await createSite({ spaces: [guide] });
      const { status, data, headers } = await orgs(ann).addSpaceToSite(orgId, site.id, { spaceId: api } as never);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces', 201, data);
      expect(headers.get('location')).toContain(`/site-spaces/${data.id}`);
      expect(data).toMatchObject({ path: 'api-reference', default: false, space: { id: api } });
      await refused(ann, 'PATCH', `${sitePath(site.id)}/site-spaces/${data.id}`, { condition: 'visitor.claims.beta' });
      await orgs(ann).updateSiteAdaptiveSchema(orgId, site.id, { jsonSchema: { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta testers' } }, additionalProperties: false } } as never);
      const patched = await orgs(ann).updateSiteSpaceById(orgId, site.id, data.id, { path: 'api', hidden: true, condition: 'visitor.claims.beta' } as never);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', 200, patched.data);
      expect(patched.data).toMatchObject({ path: 'api', hidden: true, condition: 'visitor.claims.beta' });
      const kept = await orgs(ann).updateSiteSpaceById(orgId, site.id, data.id, { condition: null } as never);
      expect(kept.data).toMatchObject({ path: 'api', hidden: true });
      expect(kept.data).not.toHaveProperty('condition');
      expect((await orgs(ann).deleteSiteSpaceById(orgId, site.id, data.id)).status).toBe(205);
      expect((await orgs(ann).deleteSiteSpaceById(orgId, site.id, data.id)).status).toBe(204);
      expect((await orgs(rita).getSiteById(orgId, site.id)).data.siteSpaces).toBe(1);
    });

    it('answers the default site space alone, or all but it', async () => {
      const site = await createSite({ spaces: [guide, api] });
      const [first, second] = await siteSpaces(site.id);
      expect((await siteSpaces(site.id, { default: true })).map((s) => s.id)).toEqual([first.id]);
      expect((await siteSpaces(site.id, { default: false })).map((s) => s.id)).toEqual([second.id]);
      await orgs(ann).updateSiteById(orgId, site.id, { defaultSiteSpace: second.id } as never);
      expect((await siteSpaces(site.id, { default: true })).map((s) => s.id)).toEqual([second.id]);
    });

    it.each([
      ['no space', 'POST', '', {}],
      ['a space of nobody', 'POST', '', { spaceId: 'nope' }],
      ['a section the site does not have', 'POST', '', { spaceId: 'API' }],
      ['a path with a slash', 'PATCH', '/:ss', { path: 'a/b' }],
      ['an empty path', 'PATCH', '/:ss', { path: '' }],
      ['hidden as a string', 'PATCH', '/:ss', { hidden: 'yes' }],
      ['a bad default filter', 'GET', '?default=sometimes', undefined],
    ])('refuses %s (400, nothing written)', async (_name, method, suffix, body) => {
      const site = await createSite({ spaces: [guide] });
      const [siteSpace] = await siteSpaces(site.id);
      const json = body && 'spaceId' in body && body.spaceId === 'API' ? { spaceId: api, sectionId: 'nope' } : body;
      await refused(ann, method, `${sitePath(site.id)}/site-spaces${suffix.replace('/:ss', `/${siteSpace.id}`)}`, json);
    });

    const duplicate = async (siteId: string, siteSpaceId: string, body: Json = {}) => {
      const { status, data, headers } = await orgs(ann).duplicateSiteSpace(orgId, siteId, siteSpaceId, body as never);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate', 201, data);
      expect(headers.get('location')).toContain(`/site-spaces/${data.id}`);
      return data;
    };

    it('duplicates a site space into a variant right after it, showing a full copy of its space (201)', async () => {
      const source = (await orgs(ann).createSpace(orgId, { title: 'Handbook' })).data.id;
      await seedMain(server, ann.id, source, async (tree, now) => {
        await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Intro' }, document: markdownToDocument('The original text').document, now });
      });
      const site = await createSite({ spaces: [source, api] });
      const [first] = await siteSpaces(site.id);
      const copy = await duplicate(site.id, first.id);
      expect(copy.space.id).not.toBe(source);
      expect(copy).toMatchObject({ title: 'Handbook', draft: false, space: { title: 'Handbook' } });
      expect((await siteSpaces(site.id)).map((s) => [s.path, s.space.id])).toEqual([
        ['handbook', source],
        ['handbook-2', copy.space.id],
        ['api-reference', api],
      ]);
      // A space of its own, with the original's content, that then goes its own way.
      const spaces = server.as(ann.token).spaces;
      expect((await spaces.listPages(copy.space.id)).data.pages.map((p) => p.title)).toEqual(['Intro']);
      const page = (await spaces.getPageById(copy.space.id, 'intro', { format: 'markdown' } as never)).data as unknown as { markdown: string };
      expect(page.markdown).toContain('The original text');
      await spaces.updateSpaceById(copy.space.id, { title: 'Handbook v2' });
      expect((await spaces.getSpaceById(source)).data.title).toBe('Handbook');
      await refused(rita, 'POST', `${sitePath(site.id)}/site-spaces/${first.id}/duplicate`, {}, 403);
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces/nope/duplicate`, {}, 404);
    });

    it("puts the copy of a section's only variant into a new sibling section, both drafts when asked, left out of the published site", async () => {
      const site = await createSite({ title: 'Handbook' });
      const guides = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide, title: 'Guides' } as never)).data;
      const reference = (await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: api, title: 'Reference' } as never)).data;
      const copy = await duplicate(site.id, guides.siteSpaces[0].id, { draft: true });
      expect(copy.draft).toBe(true);
      expect(copy.section).not.toBe(guides.id);
      const { data: sections } = await orgs(rita).listSiteSections(orgId, site.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/sites/{siteId}/sections', 200, sections);
      expect(sections.items.map((s) => [s.id, s.title, s.draft])).toEqual([
        [guides.id, 'Guides', false],
        [copy.section, 'Guides', true],
        [reference.id, 'Reference', false],
      ]);
      await orgs(ann).publishSite(orgId, site.id);
      const published = async () =>
        ((await server.fetch(`/v1/orgs/${orgId}/sites/${site.id}/published`, { token: rita.token })).body as { structure: { structure: { id: string }[] } }).structure.structure.map((s) => s.id);
      expect(await published()).toEqual([guides.id, reference.id]);
      // Live once both are set so.
      await orgs(ann).updateSiteSpaceById(orgId, site.id, copy.id, { draft: false } as never);
      const { status, data: section } = await orgs(ann).updateSiteSectionById(orgId, site.id, copy.section!, { draft: false } as never);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', status, section);
      expect(section).toMatchObject({ draft: false, siteSpaces: [{ id: copy.id, draft: false }] });
      expect(await published()).toEqual([guides.id, copy.section, reference.id]);
    });

    it.each([
      ['a number', { draft: 1 }],
      ['a string', { draft: 'true' }],
      ['null', { draft: null }],
      ['an object', { draft: {} }],
      ['an unknown property', { draft: true, title: 'Copy' }],
      ['an array body', [true]],
    ])('refuses a duplication whose body has %s (400, nothing written)', async (_name, body) => {
      const site = await createSite({ spaces: [guide] });
      const [first] = await siteSpaces(site.id);
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces/${first.id}/duplicate`, body);
      expect(await siteSpaces(site.id)).toHaveLength(1);
    });

    it('adds draft site spaces and sections, live once set so, and refuses a draft that is not a boolean', async () => {
      const site = await createSite({ title: 'Drafts' });
      const { status, data: section } = await orgs(ann).addSectionToSite(orgId, site.id, { spaceId: guide, draft: true } as never);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/sections', status, section);
      expect(section).toMatchObject({ draft: true, siteSpaces: [{ draft: true }] });
      const added = await orgs(ann).addSpaceToSite(orgId, site.id, { spaceId: api, sectionId: section.id, draft: true } as never);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces', added.status, added.data);
      expect(added.data.draft).toBe(true);
      const live = await orgs(ann).updateSiteSpaceById(orgId, site.id, added.data.id, { draft: false } as never);
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', live.status, live.data);
      expect(live.data.draft).toBe(false);
      await refused(ann, 'POST', `${sitePath(site.id)}/sections`, { spaceId: api, draft: 'yes' });
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces`, { spaceId: api, draft: 0 });
      await refused(ann, 'PATCH', `${sitePath(site.id)}/site-spaces/${added.data.id}`, { draft: null });
      await refused(ann, 'PATCH', `${sitePath(site.id)}/sections/${section.id}`, { draft: {} });
    });

    it('refuses to copy a space in the bin (409, nothing written)', async () => {
      const binned = (await orgs(ann).createSpace(orgId, { title: 'Binned' })).data.id;
      const site = await createSite({ spaces: [binned] });
      const [first] = await siteSpaces(site.id);
      await server.as(ann.token).spaces.deleteSpaceById(binned);
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces/${first.id}/duplicate`, {}, 409);
    });

    it('completes a duplication the request left half done, at the next run of its process, once', async () => {
      const site = await createSite({ spaces: [guide, api] });
      const [first] = await siteSpaces(site.id);
      const caller = { userId: ann.id, source: 'api' as const, correlationId: 'crashed-request' };
      const duplication = server.app.get(SiteSpaceDuplication);
      // The request died after the first step: only the site's record of the duplication is in the log.
      const newSiteSpaceId = await duplication.start(caller, site.id, first.id, false);
      const [started] = (await server.events.readStream(`site-${site.id}`)).filter((e) => e.type === 'SiteSpaceDuplicationStarted');
      await processReached(server, SITE_SPACE_DUPLICATION, started.position);
      const copyId = String(started.data.copySpaceId);
      expect((await siteSpaces(site.id)).map((s) => [s.id, s.space.id])).toEqual([
        [first.id, guide],
        [newSiteSpaceId, copyId],
        [expect.any(String), api],
      ]);
      expect((await server.events.readStream(`space-${copyId}`)).map((e) => e.type)).toEqual(['SpaceCreated']);
      // Run again (a crash before its checkpoint moved), or the copy asked for again: nothing more is written.
      const before = await server.head();
      await duplication.react(started);
      await server.app.get(CommandBus).execute(new CopySpace(caller, guide, copyId));
      expect(await server.head()).toBe(before);
    }, 30_000);

    it('moves a site space with the deprecated move', async () => {
      const site = await createSite({ spaces: [guide, api] });
      const [first, second] = await siteSpaces(site.id);
      const { status, data } = await orgs(ann).moveSiteSpace(orgId, site.id, second.id, { position: { before: { type: 'site-space', siteSpace: first.id } } } as never);
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move', 200, data);
      expect((await siteSpaces(site.id)).map((s) => s.id)).toEqual([second.id, first.id]);
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces/${second.id}/move`, { position: { before: { type: 'site-space', siteSpace: first.id } } });
    });

    it("removes a purged space's site spaces, once", async () => {
      const doomed = (await orgs(ann).createSpace(orgId, { title: 'Doomed' })).data.id;
      const site = await createSite({ spaces: [guide, doomed] });
      await server.as(ann.token).spaces.deleteSpaceById(doomed);
      server.clock.advance(8 * 24 * 60 * 60 * 1000);
      await server.app.get(CommandBus).execute(new PurgeExpiredSpaces());
      const [purge] = (await server.events.readStream(`space-${doomed}`)).filter((e) => e.type === 'SpacePurged');
      await processReached(server, SITE_SPACE_PURGE, purge.position);
      expect((await orgs(rita).getSiteById(orgId, site.id)).data.siteSpaces).toBe(1);
      const before = await server.head();
      await server.app.get(SiteSpacePurgeProcess).react(purge);
      expect(await server.head()).toBe(before);
    }, 30_000);

    it('refuses a path another site space has (409), and a space twice (409)', async () => {
      const site = await createSite({ spaces: [guide, api] });
      const [, second] = await siteSpaces(site.id);
      await refused(ann, 'PATCH', `${sitePath(site.id)}/site-spaces/${second.id}`, { path: 'getting-started' }, 409);
      await refused(ann, 'POST', `${sitePath(site.id)}/site-spaces`, { spaceId: guide }, 409);
    });
  });
});
