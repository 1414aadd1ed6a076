import { MemberRole } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
type PageHit = { id: string; title: string; path: string; score: number; rank: number; sections?: { id: string; title: string; body: string }[]; ancestors: { title: string }[]; urls: { app: string } };
type SpaceHit = { type: 'space'; id: string; title: string; score: number; pages: PageHit[] };

/** Ranked search of main's content through the official client, answers checked against its spec. */
describe('search', () => {
  let server: TestServer;
  let ann: User; // admin
  let gus: User; // guest: reads only the spaces granted to him
  let cat: User; // stranger
  let orgId: string;
  let docs: string;
  let secret: string;

  const spaces = (user: User = ann) => server.as(user.token).spaces;

  /** Content changes made in a change request and merged into main of `spaceId`; answers the ids of the pages created, by ref. */
  async function mergeChanges(spaceId: string, changes: Record<string, unknown>[]) {
    const { data: cr } = await spaces().createChangeRequest(spaceId, { subject: 'Pages' });
    const { data } = await spaces().updateChangeRequestContent(spaceId, cr.id, { changes } as never, { compat: false });
    expect((await spaces().mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
    const created = (data as unknown as { changes: { object: string; ref?: string; page?: { id: string } }[] }).changes.filter((c) => c.object === 'created_page');
    return new Map(created.map((c) => [c.ref, c.page!.id]));
  }

  /** Pages (title → markdown, or [parent title, markdown]) written and merged into main of `spaceId`. */
  async function publish(spaceId: string, pages: Record<string, string | [string, string]>) {
    const changes = Object.entries(pages).map(([title, page]) => {
      const [into, markdown] = typeof page === 'string' ? [undefined, page] : page;
      return { operation: 'insert_page', ref: title, ...(into ? { into } : {}), title, document: { markdown } };
    });
    await mergeChanges(spaceId, changes);
  }

  const searchSpace = async (query: string, user: User = ann, more: Record<string, unknown> = {}, spaceId = docs) => {
    const { data, status } = await spaces(user).searchSpaceContent(spaceId, { query, ...more } as never);
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/spaces/{spaceId}/search', 200, data);
    return data as unknown as { items: PageHit[]; count: number; next?: { page: string } };
  };
  const titles = async (query: string) => (await searchSpace(query)).items.map((p) => p.title);
  const searchOrg = async (query: string, user: User = ann) => {
    const { data, status } = await server.as(user.token).orgs.searchOrganizationContent(orgId, { query } as never);
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/orgs/{organizationId}/search', 200, data);
    return data as unknown as { items: SpaceHit[]; count: number };
  };

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    gus = await server.createUser('gus@acme.io', 'Gus Guest');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(ann.token).orgs.updateOrganizationById(orgId, { defaultRole: null });
    await server.as(gus.token).orgs.joinOrganization(orgId);
    docs = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    secret = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Secret' })).data.id;
    await spaces().inviteToSpace(docs, { role: MemberRole.Read, users: [gus.id] });
    await publish(docs, {
      'Getting started': 'Read this first.\n\n## Overview\n\nWe configure the gateway step by step.',
      'Gateway configuration': 'All the settings.',
      Installation: 'Run the installer with **npm**.\n\n## Upgrading\n\nKeep the installer at hand.',
      'Advanced topics': ['Installation', 'Kubernetes clusters and Helm charts.'],
      'Café crème': 'A page about déjà vu.',
    });
    await publish(secret, { 'Secret gateway': 'Only admins know the gateway.' });
  }, 60_000);
  afterAll(() => server.stop());

  it('ranks a title hit above a body hit, with rank, score, path, ancestors, sections and urls', async () => {
    const { items, count } = await searchSpace('gateway');
    expect(items.map((p) => p.title)).toEqual(['Gateway configuration', 'Getting started']);
    expect(count).toBe(2);
    expect(items.map((p) => p.rank)).toEqual([1, 2]);
    expect(items[0].score).toBeGreaterThan(items[1].score);
    expect(items[1]).toMatchObject({
      path: 'getting-started',
      ancestors: [],
      sections: [{ id: 'overview', title: 'Overview', body: 'We configure the gateway step by step.' }],
      urls: { app: expect.stringMatching(new RegExp(`/s/${docs}/getting-started$`)) },
    });
    const [sub] = (await searchSpace('helm')).items;
    expect(sub).toMatchObject({ title: 'Advanced topics', path: 'installation/advanced-topics', ancestors: [{ title: 'Installation' }] });
  });

  it('matches the last word as a prefix', async () => {
    expect(await titles('instal')).toEqual(['Installation']);
    expect(await titles('kubernetes hel')).toEqual(['Advanced topics']);
  });

  it('falls back to any word when no page has them all', async () => {
    expect(await titles('installer gateway')).toEqual(expect.arrayContaining(['Installation', 'Gateway configuration', 'Getting started']));
    expect(await titles('helm charts')).toEqual(['Advanced topics']); // all words found: no fallback
  });

  it.each([['"foo AND ('], ['*'], ['NEAR('], ['gateway OR'], ['(((installer']])('answers %j with 200', async (query) => {
    await searchSpace(query);
  });

  it('reads syntax characters as words', async () => {
    expect(await titles('"gateway AND (')).toEqual(expect.arrayContaining(['Gateway configuration', 'Getting started']));
    expect(await titles('*')).toEqual([]);
  });

  it('folds diacritics both ways', async () => {
    expect(await titles('cafe creme')).toEqual(['Café crème']);
    expect(await titles('DÉJÀ')).toEqual(['Café crème']);
  });

  it('pages through the ranking, rank carried across pages', async () => {
    const first = await searchSpace('installer gateway', ann, { limit: 2 });
    expect(first.items.map((p) => p.rank)).toEqual([1, 2]);
    const second = await searchSpace('installer gateway', ann, { limit: 2, page: first.next!.page });
    expect(second.items[0].rank).toBe(3);
    expect(second.items.map((p) => p.id)).not.toContain(first.items[0].id);
    // A cursor is bound to its query.
    await expectStatus(spaces().searchSpaceContent(docs, { query: 'other', page: first.next!.page } as never), 400);
  });

  it('finds what a merge brings to main', async () => {
    expect(await titles('zeppelin')).toEqual([]);
    await publish(docs, { Airships: 'The zeppelin returns.' });
    expect(await titles('zeppelin')).toEqual(['Airships']);
  });

  it('searches the organization: only spaces the caller may read, grouped by space', async () => {
    const all = await searchOrg('gateway');
    expect(all.items.map((s) => s.title).sort()).toEqual(['Docs', 'Secret']);
    const docsHit = all.items.find((s) => s.id === docs)!;
    expect(docsHit.pages.map((p) => p.title)).toEqual(['Gateway configuration', 'Getting started']);
    expect(all.items.flatMap((s) => s.pages.map((p) => p.rank)).sort()).toEqual([1, 2, 3]);
    const guest = await searchOrg('gateway', gus);
    expect(guest.items.map((s) => s.title)).toEqual(['Docs']);
    await expectStatus(spaces(gus).searchSpaceContent(secret, { query: 'gateway' }), 404);
  });

  it('leaves out hidden pages with their subpages and noIndex pages (a field or front matter), in the space and the organization', async () => {
    const hideout = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Hideout' })).data.id;
    const page = (title: string, more: Record<string, unknown> = {}) => ({ operation: 'insert_page', ref: title, title, document: { markdown: 'The xylophone plays.' }, ...more });
    const ids = await mergeChanges(hideout, [
      page('Hidden parent', { hidden: true }),
      page('Child of hidden', { into: 'Hidden parent' }),
      page('Not indexed', { noIndex: true }),
      page('Not indexed by its front matter', { document: { markdown: '---\nnoIndex: true\n---\nThe xylophone plays.' } }),
      page('Shown'),
    ]);
    expect((await searchSpace('xylophone', ann, {}, hideout)).items.map((p) => p.title)).toEqual(['Shown']);
    expect((await searchOrg('xylophone')).items.flatMap((s) => s.pages.map((p) => p.title))).toEqual(['Shown']);

    await mergeChanges(hideout, [{ operation: 'update_page', page: ids.get('Hidden parent'), hidden: false }]);
    expect((await searchSpace('xylophone', ann, {}, hideout)).items.map((p) => p.title).sort()).toEqual(['Child of hidden', 'Hidden parent', 'Shown']);
  });

  it('tells a stranger nothing: 404 for the organization and its spaces', async () => {
    await expectStatus(server.as(cat.token).orgs.searchOrganizationContent(orgId, { query: 'gateway' }), 404);
    await expectStatus(spaces(cat).searchSpaceContent(docs, { query: 'gateway' }), 404);
  });

  it('refuses a query over 512 characters, a missing query and a bad limit with 400', async () => {
    await searchSpace('a'.repeat(512));
    for (const path of [`/v1/spaces/${docs}/search`, `/v1/orgs/${orgId}/search`]) {
      await server.expectRefused(ann.token, 'GET', `${path}?query=${'a'.repeat(513)}`);
      await server.expectRefused(ann.token, 'GET', path);
      await server.expectRefused(ann.token, 'GET', `${path}?query=x&limit=0`);
    }
  });
});
