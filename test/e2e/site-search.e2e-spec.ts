import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Reader } from '../../libs/platform/src/auth/reader';
import { signSiteToken } from '../../libs/publishing/src/readers/site-token';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type PageHit = { id: string; title: string; path: string; rank: number; ancestors: { title: string }[]; sections?: { id: string; path: string }[]; urls: { app: string } };
type SpaceHit = { type: 'space'; id: string; title: string; pages: PageHit[] };
type Answer = { items: SpaceHit[]; count: number; next?: { page: string } };
const SCHEMA = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta testers' } }, additionalProperties: false };

/** `POST …/sites/{siteId}/search`: a published site's content, as its member or a site token's reader sees it. */
describe('site search', () => {
  let server: TestServer;
  let ann: User; // admin
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  const spaces: Record<string, string> = {};
  let siteId: string;
  /** Site space ids by name: guide (the Guide section's default), guideNext (its other variant), api. */
  const siteSpaces: Record<string, string> = {};
  let unpublishedId: string;

  const orgs = (token: string) => server.as(token).orgs;

  /** Pages merged into main of `spaceId` through a change request. */
  async function pages(spaceId: string, list: Record<string, unknown>[]) {
    const api = server.as(ann.token).spaces;
    const { data: cr } = await api.createChangeRequest(spaceId, { subject: 'Pages' });
    await api.updateChangeRequestContent(spaceId, cr.id, { changes: list.map((p) => ({ operation: 'insert_page', ref: p.title, ...p })) } as never, { compat: false });
    expect((await api.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
  }
  const page = (title: string, markdown = 'The zebra crosses.', more: Record<string, unknown> = {}) => ({ title, document: { markdown }, ...more });

  /** A site token for a visitor of `site` with `claims`, as the resolve mints them. */
  async function siteToken(site: string, claims: Record<string, unknown>, more: Partial<Reader> = {}) {
    const secret = readFileSync(join(server.dataDir, 'secret'), 'utf8').trim();
    const reader: Reader = { siteId: site, organizationId: orgId, claims, visitorType: 'human', siteSpaceId: siteSpaces.guide, spaceId: spaces.guide, ...more };
    return signSiteToken(reader, [reader.spaceId], secret, server.url, server.clock.now(), 600);
  }

  async function search(token: string, body: Record<string, unknown>, query: { page?: string; limit?: number } = {}, site = siteId): Promise<Answer> {
    const { status, data } = await orgs(token).searchSiteContent(orgId, site, body as never, query);
    expect(status).toBe(200);
    expectMatchesSpec('POST', '/orgs/{organizationId}/sites/{siteId}/search', 200, data);
    return data as unknown as Answer;
  }
  /** The titles of the pages found, by space title, spaces sorted. */
  const found = async (token: string, body: Record<string, unknown>, site = siteId) =>
    Object.fromEntries((await search(token, body, {}, site)).items.map((s) => [s.title, s.pages.map((p) => p.title).sort()] as const).sort(([a], [b]) => a.localeCompare(b)));

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
    for (const title of ['Guide', 'Guide next', 'API', 'Beta', 'Drafts', 'Binned']) {
      spaces[title === 'Guide next' ? 'guideNext' : title.toLowerCase()] = (await orgs(ann.token).createSpace(orgId, { title })).data.id;
    }
    await pages(spaces.guide, [
      page('Zebra crossing', 'Look both ways.\n\n## Stripes\n\nThe zebra has stripes.'),
      page('Hidden zebra', undefined, { hidden: true }),
      page('Below the hidden one', undefined, { into: 'Hidden zebra' }),
      page('Unindexed zebra', undefined, { noIndex: true }),
      page('Parent', 'Above the child.'),
      page('Child zebra', 'Deep down.', { into: 'Parent' }),
    ]);
    for (const [key, title] of [['guideNext', 'Next zebra'], ['api', 'API zebra'], ['beta', 'Beta zebra'], ['drafts', 'Draft zebra'], ['binned', 'Binned zebra']]) {
      await pages(spaces[key], [page(title)]);
    }
    const site = (await orgs(ann.token).createSite(orgId, { title: 'Docs' } as never)).data;
    siteId = site.id;
    await orgs(ann.token).updateSiteAdaptiveSchema(orgId, siteId, { jsonSchema: SCHEMA } as never);
    const guide = (await orgs(ann.token).addSectionToSite(orgId, siteId, { spaceId: spaces.guide } as never)).data;
    siteSpaces.guide = guide.siteSpaces[0].id;
    siteSpaces.guideNext = (await orgs(ann.token).addSpaceToSite(orgId, siteId, { spaceId: spaces.guideNext, sectionId: guide.id } as never)).data.id;
    siteSpaces.api = (await orgs(ann.token).addSectionToSite(orgId, siteId, { spaceId: spaces.api } as never)).data.siteSpaces[0].id;
    const beta = (await orgs(ann.token).addSectionToSite(orgId, siteId, { spaceId: spaces.beta } as never)).data;
    await orgs(ann.token).updateSiteSectionById(orgId, siteId, beta.id, { condition: 'visitor.claims.beta' } as never);
    await orgs(ann.token).addSectionToSite(orgId, siteId, { spaceId: spaces.drafts, draft: true } as never);
    await orgs(ann.token).addSectionToSite(orgId, siteId, { spaceId: spaces.binned } as never);
    await server.as(ann.token).spaces.deleteSpaceById(spaces.binned);
    await orgs(ann.token).publishSite(orgId, siteId);
    unpublishedId = (await orgs(ann.token).createSite(orgId, { title: 'Unpublished', spaces: [spaces.guide] } as never)).data.id;
  }, 120_000);
  afterAll(() => server.stop());

  it("finds the published spaces' pages, grouped by space, with paths within the space and the spec's fields", async () => {
    const { items } = await search(rita.token, { query: 'zebra', scope: { mode: 'all' } });
    expect(items.map((s) => s.id).sort()).toEqual([spaces.guide, spaces.guideNext, spaces.api].sort());
    const guide = items.find((s) => s.id === spaces.guide)!;
    expect(guide).toMatchObject({ type: 'space', title: 'Guide' });
    const crossing = guide.pages.find((p) => p.title === 'Zebra crossing')!;
    expect(crossing).toMatchObject({ path: 'zebra-crossing', ancestors: [], sections: [{ id: 'stripes', path: 'zebra-crossing#stripes' }] });
    expect(crossing.urls.app).toMatch(new RegExp(`/s/${spaces.guide}/zebra-crossing$`));
    expect(guide.pages.find((p) => p.title === 'Child zebra')).toMatchObject({ path: 'parent/child-zebra', ancestors: [{ title: 'Parent' }] });
    expect(items.flatMap((s) => s.pages.map((p) => p.rank)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('leaves out drafts, spaces in the bin, hidden pages with their subpages and noIndex pages', async () => {
    expect(await found(rita.token, { query: 'zebra', scope: { mode: 'all' } })).toEqual({
      API: ['API zebra'],
      Guide: ['Child zebra', 'Zebra crossing'],
      'Guide next': ['Next zebra'],
    });
  });

  it('shows a section held back by a condition to a reader whose claims meet it, and only to them', async () => {
    const all = { query: 'zebra', scope: { mode: 'all' } };
    expect(Object.keys(await found(await siteToken(siteId, {}), all))).toEqual(['API', 'Guide', 'Guide next']);
    expect(Object.keys(await found(await siteToken(siteId, { beta: false }), all))).toEqual(['API', 'Guide', 'Guide next']);
    expect(Object.keys(await found(await siteToken(siteId, { beta: true }), all))).toEqual(['API', 'Beta', 'Guide', 'Guide next']);
  });

  it('searches each section’s default, around a current site space, restricted to it or to the others', async () => {
    const titles = async (body: Record<string, unknown>) => Object.keys(await found(rita.token, { query: 'zebra', ...body }));
    expect(await titles({ scope: { mode: 'default' } })).toEqual(['API', 'Guide']);
    expect(await titles({})).toEqual(['API', 'Guide']);
    expect(await titles({ scope: { mode: 'default', currentSiteSpace: siteSpaces.guideNext } })).toEqual(['API', 'Guide next']);
    expect(await titles({ scope: { mode: 'default', currentSiteSpace: siteSpaces.guideNext, restrictTo: 'currentSiteSpace' } })).toEqual(['Guide next']);
    expect(await titles({ scope: { mode: 'default', currentSiteSpace: siteSpaces.guideNext, restrictTo: 'otherSiteSpaces' } })).toEqual(['API']);
    expect(await titles({ scope: { mode: 'specific', siteSpaceIds: [siteSpaces.api, 'noSuchSiteSpace'] } })).toEqual(['API']);
  });

  it('reads the deprecated mode forms GitBook’s renderer sends', async () => {
    const titles = async (body: Record<string, unknown>) => Object.keys(await found(await siteToken(siteId, {}), { query: 'zebra', ...body }));
    expect(await titles({ mode: 'current', siteSpaceId: siteSpaces.guideNext })).toEqual(['API', 'Guide next']);
    expect(await titles({ mode: 'all' })).toEqual(['API', 'Guide', 'Guide next']);
    expect(await titles({ mode: 'specific', siteSpaceIds: [siteSpaces.guideNext] })).toEqual(['Guide next']);
  });

  it('pages through the ranking, rank carried across pages', async () => {
    const body = { query: 'zebra', scope: { mode: 'all' } };
    const first = await search(rita.token, body, { limit: 3 });
    expect(first.items.flatMap((s) => s.pages.map((p) => p.rank))).toEqual([1, 2, 3]);
    const second = await search(rita.token, body, { limit: 3, page: first.next!.page });
    expect(second.items.flatMap((s) => s.pages.map((p) => p.rank))).toEqual([4]);
    expect(second.next).toBeUndefined();
    // A cursor is bound to its scope.
    await expectStatus(orgs(rita.token).searchSiteContent(orgId, siteId, { query: 'zebra', scope: { mode: 'default' } }, { page: first.next!.page }), 400);
  });

  it('answers the prewarm hint with 204 to whoever may search', async () => {
    expect((await orgs(rita.token).prewarmSiteSearch(orgId, siteId)).status).toBe(204);
    expect((await orgs(await siteToken(siteId, {})).prewarmSiteSearch(orgId, siteId)).status).toBe(204);
    await expectStatus(orgs(cat.token).prewarmSiteSearch(orgId, siteId), 404);
    await expectStatus(orgs(rita.token).prewarmSiteSearch(orgId, unpublishedId), 404);
  });

  it('tells a stranger, a reader of another site and anyone asking about an unpublished site nothing: 404', async () => {
    const body = { query: 'zebra', scope: { mode: 'all' as const } };
    await expectStatus(orgs(cat.token).searchSiteContent(orgId, siteId, body), 404);
    await orgs(ann.token).publishSite(orgId, unpublishedId);
    const otherReader = await siteToken(unpublishedId, {});
    expect(Object.keys(await found(otherReader, body, unpublishedId))).toEqual(['Guide']); // its own site shows Guide only
    await expectStatus(orgs(otherReader).searchSiteContent(orgId, siteId, body), 404);
    await orgs(ann.token).unpublishSite(orgId, unpublishedId);
    await expectStatus(orgs(rita.token).searchSiteContent(orgId, unpublishedId, body), 404);
    await expectStatus(orgs(otherReader).searchSiteContent(orgId, unpublishedId, body), 404);
    await expectStatus(orgs(rita.token).searchSiteContent(orgId, 'noSuchSite', body), 404);
  });

  it("opens a share-link site to its reader only while the token's share key is active", async () => {
    const shared = (await orgs(ann.token).createSite(orgId, { title: 'Shared', visibility: 'share-link', spaces: [spaces.api] } as never)).data;
    await orgs(ann.token).publishSite(orgId, shared.id);
    const link = (await orgs(ann.token).createSiteShareLink(orgId, shared.id, { name: 'Partners' })).data;
    const shareKey = new URL(link.urls.published!).pathname.split('/').pop()!;
    const [siteSpace] = (await orgs(ann.token).listSiteSpaces(orgId, shared.id)).data.items;
    const token = (key?: string) => siteToken(shared.id, {}, { siteSpaceId: siteSpace.id, spaceId: spaces.api, ...(key ? { shareKey: key } : {}) });
    const body = { query: 'zebra', scope: { mode: 'all' as const } };
    expect(Object.keys(await found(await token(shareKey), body, shared.id))).toEqual(['API']);
    await expectStatus(orgs(await token()).searchSiteContent(orgId, shared.id, body), 404);
    await orgs(ann.token).deleteSiteShareLinkById(orgId, shared.id, link.id);
    await expectStatus(orgs(await token(shareKey)).searchSiteContent(orgId, shared.id, body), 404);
  });

  it('refuses bad input with 400 and writes nothing, for members and readers alike', async () => {
    const path = `/v1/orgs/${orgId}/sites/${siteId}/search`;
    const reader = await siteToken(siteId, {});
    for (const token of [rita.token, reader]) {
      for (const body of [
        {},
        { scope: { mode: 'all' } },
        { query: 'z'.repeat(513), scope: { mode: 'all' } },
        { query: 7, scope: { mode: 'all' } },
        { query: 'zebra', scope: { mode: 'everything' } },
        { query: 'zebra', mode: 'everything' },
        { query: 'zebra', scope: { mode: 'default', restrictTo: 'currentSiteSpace' } },
        { query: 'zebra', scope: { mode: 'specific', siteSpaceIds: [] } },
        { query: 'zebra', scope: { mode: 'all' }, mode: 'all' },
        { query: 'zebra', mode: 'current' },
        { query: 'zebra', scope: { mode: 'all' }, extra: true },
      ]) {
        await server.expectRefused(token, 'POST', path, body);
      }
      await server.expectRefused(token, 'POST', `${path}?limit=0`, { query: 'zebra' });
    }
    await search(rita.token, { query: 'z'.repeat(512), scope: { mode: 'all' } });
  });
});
