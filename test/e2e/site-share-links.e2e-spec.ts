import { ShareLinkReads } from '@folio/publishing/share-links/share-link.reads';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;

const LIST = '/orgs/{organizationId}/sites/{siteId}/share-links';
const ONE = '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}';

/** Sites' share links through the official client, each answer checked against its spec. */
describe('site share links', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const refused = (user: User, method: string, path: string, body?: unknown, status?: number) => server.expectRefused(user.token, method, `/v1${path}`, body, status);
  const linksPath = (siteId: string) => `/orgs/${orgId}/sites/${siteId}/share-links`;
  /** The key: the path segment after the site's address (GitBook's renderer drops a URL's query). */
  const keyOf = (link: { urls: { published?: string } }) => new URL(link.urls.published!).pathname.split('/').pop()!;
  const opens = (siteId: string, key: string) => server.app.get(ShareLinkReads).activeShareLink(siteId, key);

  async function createSite() {
    const { data } = await orgs(ann).createSite(orgId, { title: 'Docs', visibility: 'share-link' } as never);
    return data;
  }
  async function createLink(siteId: string, name = 'Reviewers') {
    const { status, data, headers } = await orgs(ann).createSiteShareLink(orgId, siteId, { name });
    expect(status).toBe(201);
    expectMatchesSpec('POST', LIST, 201, data);
    expect(headers.get('location')).toBe(`${server.url}/v1${linksPath(siteId)}/${data.id}`);
    // Links made one after another are listed in that order (ids only break ties of one instant).
    server.clock.advance(1000);
    return data;
  }
  async function list(siteId: string, query: Json = {}, user = rita) {
    const { status, data } = await orgs(user).listSiteShareLinks(orgId, siteId, query as never);
    expect(status).toBe(200);
    expectMatchesSpec('GET', LIST, status, data);
    return data;
  }
  async function update(siteId: string, shareLinkId: string, body: Json) {
    const { status, data } = await orgs(ann).updateSiteShareLinkById(orgId, siteId, shareLinkId, body);
    expect(status).toBe(200);
    expectMatchesSpec('PATCH', ONE, status, data);
    return data;
  }
  async function remove(siteId: string, shareLinkId: string) {
    const { status, data } = await orgs(ann).deleteSiteShareLinkById(orgId, siteId, shareLinkId);
    expectMatchesSpec('DELETE', ONE, status, data);
    return status;
  }

  it('creates an active link (201) with a long random key in its URL, which opens its site only', async () => {
    const site = await createSite();
    const other = await createSite();
    const link = await createLink(site.id);
    expect(link).toMatchObject({ object: 'share-link', name: 'Reviewers', active: true, createdAt: '2026-03-01T09:00:00.000Z' });
    // PUBLIC_SITES_URL's default: PUBLIC_URL's host without its port, `/sites/{org}`.
    expect(link.urls.published).toBe(`http://127.0.0.1/sites/${orgId}/${site.id}/${keyOf(link)}`);
    expect(keyOf(link)).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(keyOf(await createLink(site.id))).not.toBe(keyOf(link));
    expect(await opens(site.id, keyOf(link))).toBe(true);
    expect(await opens(other.id, keyOf(link))).toBe(false);
  });

  it('lists the links to members, oldest first, a page at a time, with the search on name or key', async () => {
    const site = await createSite();
    const a = await createLink(site.id, 'Legal team');
    const b = await createLink(site.id, 'Beta testers');
    const c = await createLink(site.id, 'Press');
    const all = await list(site.id);
    expect(all.items.map((l) => l.id)).toEqual([a.id, b.id, c.id]);
    expect(all.count).toBe(3);
    const first = await list(site.id, { limit: 2 });
    expect(first.items.map((l) => l.id)).toEqual([a.id, b.id]);
    const second = await list(site.id, { limit: 2, page: first.next!.page });
    expect(second.items.map((l) => l.id)).toEqual([c.id]);
    expect(second.next).toBeUndefined();
    expect((await list(site.id, { search: 'BETA' })).items.map((l) => l.id)).toEqual([b.id]);
    expect((await list(site.id, { search: keyOf(c) })).items.map((l) => l.id)).toEqual([c.id]);
    expect((await list(site.id, { search: 'nothing' })).items).toEqual([]);
    expect((await list(site.id, {}, ed)).count).toBe(3);
  });

  it('renames, deactivates (the key stops working at once) and reactivates a link', async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    expect(await update(site.id, link.id, { name: 'Legal' })).toMatchObject({ id: link.id, name: 'Legal', active: true });
    const off = await update(site.id, link.id, { active: false });
    expect(off).toMatchObject({ name: 'Legal', active: false, urls: { published: link.urls.published } });
    expect(await opens(site.id, keyOf(link))).toBe(false);
    expect((await list(site.id)).items[0]).toMatchObject({ active: false });
    expect(await update(site.id, link.id, { active: true, name: '' })).toMatchObject({ name: '', active: true });
    expect(await opens(site.id, keyOf(link))).toBe(true);
    // The same values again write nothing.
    const before = await server.head();
    await update(site.id, link.id, { active: true });
    expect(await server.head()).toBe(before);
  });

  it('revokes a link (205): its key stops working at once, it is gone, and a second DELETE answers 204', async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    const kept = await createLink(site.id, 'Kept');
    expect(await remove(site.id, link.id)).toBe(205);
    expect(await opens(site.id, keyOf(link))).toBe(false);
    expect(await opens(site.id, keyOf(kept))).toBe(true);
    expect((await list(site.id)).items.map((l) => l.id)).toEqual([kept.id]);
    expect(await remove(site.id, link.id)).toBe(204);
    expect(await remove(site.id, 'nope')).toBe(204);
    await expectStatus(orgs(ann).updateSiteShareLinkById(orgId, site.id, link.id, { active: true }), 404);
  });

  it("closes a deleted site's links", async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    await orgs(ann).deleteSiteById(orgId, site.id);
    expect(await opens(site.id, keyOf(link))).toBe(false);
    await refused(ann, 'GET', linksPath(site.id), undefined, 404);
  });

  it('records creation, changes and revocation in the audit trail, without the key', async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    await update(site.id, link.id, { active: false });
    await remove(site.id, link.id);
    const { body } = await server.fetch(`/v1/orgs/${orgId}/audit-events?limit=3`, { token: ann.token });
    const items = (body as { items: Json[] }).items;
    expect(items.map((e) => e.action)).toEqual(['site.share_link_revoked', 'site.share_link_changed', 'site.share_link_created']);
    expect(JSON.stringify(items)).not.toContain(keyOf(link));
  });

  it('answers 404 for a site that is not there, or of another organization', async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    const otherOrg = (await orgs(cat).createOrganization({ title: 'Elsewhere' })).data.id;
    const foreign = (await orgs(cat).createSite(otherOrg, { title: 'Theirs' } as never)).data.id;
    for (const siteId of ['nope', foreign]) {
      await refused(ann, 'GET', linksPath(siteId), undefined, 404);
      await refused(ann, 'POST', linksPath(siteId), { name: 'X' }, 404);
      await refused(ann, 'PATCH', `${linksPath(siteId)}/${link.id}`, { name: 'X' }, 404);
      await refused(ann, 'DELETE', `${linksPath(siteId)}/${link.id}`, undefined, 404);
    }
    // A link under another site of the organization is as missing.
    const other = await createSite();
    await refused(ann, 'PATCH', `${linksPath(other.id)}/${link.id}`, { name: 'X' }, 404);
    expect(await remove(other.id, link.id)).toBe(204);
    expect(await opens(site.id, keyOf(link))).toBe(true);
  });

  it('hides the links from a stranger (404) and refuses writes to a non-admin member (403), writing nothing', async () => {
    const site = await createSite();
    const link = await createLink(site.id);
    const one = `${linksPath(site.id)}/${link.id}`;
    await refused(cat, 'GET', linksPath(site.id), undefined, 404);
    await refused(cat, 'POST', linksPath(site.id), { name: 'Mine' }, 404);
    await refused(cat, 'PATCH', one, { active: false }, 404);
    await refused(cat, 'DELETE', one, undefined, 404);
    for (const user of [ed, rita]) {
      await refused(user, 'POST', linksPath(site.id), { name: 'Mine' }, 403);
      await refused(user, 'PATCH', one, { active: false }, 403);
      await refused(user, 'DELETE', one, undefined, 403);
    }
    expect(await opens(site.id, keyOf(link))).toBe(true);
  });

  it.each([
    ['no name', 'POST', '', {}],
    ['no body', 'POST', '', undefined],
    ['a name over 50 characters', 'POST', '', { name: 'x'.repeat(51) }],
    ['a name as a number', 'POST', '', { name: 7 }],
    ['a null name', 'POST', '', { name: null }],
    ['an unknown property', 'POST', '', { name: 'A', key: 'mine' }],
    ['an empty change', 'PATCH', '/:link', {}],
    ['active as a string', 'PATCH', '/:link', { active: 'yes' }],
    ['a null name', 'PATCH', '/:link', { name: null }],
    ['a name over 50 characters', 'PATCH', '/:link', { name: 'x'.repeat(51) }],
    ['an unknown property', 'PATCH', '/:link', { active: true, key: 'mine' }],
    ['a bad limit', 'GET', '?limit=0', undefined],
    ['a foreign cursor', 'GET', '?page=garbage', undefined],
  ])('refuses %s (400, nothing written)', async (_name, method, suffix, body) => {
    const site = await createSite();
    const link = await createLink(site.id);
    await refused(ann, method, `${linksPath(site.id)}${suffix.replace('/:link', `/${link.id}`)}`, body);
    expect((await list(site.id)).items).toEqual([link]);
  });
});
