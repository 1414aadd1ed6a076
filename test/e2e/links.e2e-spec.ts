import { expectMatchesSchema } from '../support/openapi';
import { startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
type Ref = { kind: string; page?: string; file?: string; space?: string; url?: string; user?: string; anchor?: string; organization?: string };
type LinkItem = { status: string; relation: string; targetReference: Ref; locationReferences: (Ref & { block?: string })[] };
type LinkList = { items: LinkItem[]; count: number; next?: { page: string }; stats: { total: number; broken: { total: number; changeRequest: number } } };
type Backlinks = { items: Ref[]; count: number; next?: { page: string } };

/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Links and backlinks (issue 9): statuses of every link of main and of a change request's head, written
 * through the real content routes. The routes are not in the client's spec (the seed lists them): they are
 * read with plain requests, and every reference they answer is checked against the spec's ContentRef.
 */
describe('links and backlinks', () => {
  let server: TestServer;
  let ann: User; // admin of Acme
  let rita: User; // read member of Acme
  let cat: User; // stranger, admin of another organization
  let orgId: string;
  let docs: string;
  let guides: string;
  let foreign: string;
  const ids: Record<string, string> = {};

  const api = (user: User) => server.as(user.token).spaces;
  const get = async <T>(path: string, user: User = ann) => {
    const response = await server.fetch(`/v1${path}`, { token: user.token });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    return response.body as T;
  };

  /** Writes `changes` in a new change request of `space` and answers the request and the ids of its changes. */
  async function write(space: string, changes: unknown[]) {
    const cr = (await api(ann).createChangeRequest(space, { subject: 'Edit' })).data;
    const { data } = await api(ann).updateChangeRequestContent(space, cr.id, { changes } as never, { compat: false } as never);
    const result = data as unknown as { changes: { ref?: string; page?: { id: string } }[]; insertedFiles?: { id: string }[] };
    const pages = Object.fromEntries(result.changes.flatMap((change) => (change.ref && change.page ? [[change.ref, change.page.id]] : [])));
    return { cr, pages, files: (result.insertedFiles ?? []).map((file) => file.id) };
  }
  async function merge(space: string, changes: unknown[]) {
    const written = await write(space, changes);
    const { data } = await api(ann).mergeChangeRequest(space, String(written.cr.number));
    expect(data.result).toBe('merge');
    return written;
  }
  const page = (ref: string, title: string, markdown: string) => ({ operation: 'insert_page', ref, title, document: { markdown } });

  /** Every reference an answer holds is a ContentRef of the client's spec. */
  function expectRefsMatchSpec(list: LinkList) {
    for (const item of list.items) {
      expectMatchesSchema('ContentRef', item.targetReference);
      for (const location of item.locationReferences) expectMatchesSchema('ContentRef', location);
    }
  }
  const byTarget = (list: LinkList) =>
    Object.fromEntries(list.items.map((item) => [`${item.relation} ${JSON.stringify(item.targetReference)}`, item.status]));

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann');
    rita = await server.createUser('rita@acme.io', 'Rita');
    cat = await server.createUser('cat@else.io', 'Cat');
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(rita.token).orgs.joinOrganization(orgId);
    const otherOrg = (await server.as(cat.token).orgs.createOrganization({ title: 'Elsewhere' })).data.id;
    foreign = (await server.as(cat.token).orgs.createSpace(otherOrg, { title: 'Theirs' })).data.id;
    docs = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    guides = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Guides' })).data.id;
    ids.guide = (await merge(guides, [page('guide', 'Guide', 'A guide.')])).pages.guide;

    // Intro and Setup link to each other: Intro is inserted first, then given its links once Setup's ref exists.
    const seeded = await merge(docs, [
      { operation: 'insert_files', files: [{ name: 'logo.png', ref: 'logo', contentType: 'image/png', base64: PNG }] },
      page('old', 'Old', 'An old page.'),
      page('intro', 'Intro', 'Soon.'),
      page('setup', 'Setup', `Back to [the intro](/pages/intro#top).\n\n![Logo](/files/logo)\n\n{% content-ref url="/pages/intro" %}\n[/pages/intro](/pages/intro)\n{% endcontent-ref %}`),
      {
        operation: 'update_page',
        page: 'intro',
        document: {
          markdown: [
            `See [setup](/pages/setup), [the web](https://example.com/docs) and [old](/pages/old).`,
            `Elsewhere: [guides](/spaces/${guides}), [a guide](/spaces/${guides}/pages/${ids.guide}), [a lost guide](/spaces/${guides}/pages/nosuchpage1), [theirs](/spaces/${foreign}).`,
            `Ask [](mention:user:${rita.id}) or [](mention:user:nosuchuser1).`,
          ].join('\n\n'),
        },
      },
    ]);
    [ids.logo] = seeded.files;
    Object.assign(ids, seeded.pages);
  }, 60_000);
  afterAll(() => server.stop());

  it('gives every link of main its status: pages and files of the space ok, URLs ok, content of the organization in-app, the rest broken', async () => {
    const list = await get<LinkList>(`/spaces/${docs}/links`);
    expectRefsMatchSpec(list);
    const here = (ref: object) => JSON.stringify({ ...ref, space: docs, organization: orgId });
    expect(byTarget(list)).toEqual({
      [`link ${here({ kind: 'page', page: ids.old })}`]: 'ok',
      [`link ${here({ kind: 'anchor', anchor: 'top', page: ids.intro })}`]: 'ok',
      [`content-ref ${here({ kind: 'page', page: ids.intro })}`]: 'ok',
      [`link ${here({ kind: 'page', page: ids.setup })}`]: 'ok',
      [`image ${here({ kind: 'file', file: ids.logo })}`]: 'ok',
      [`link ${JSON.stringify({ kind: 'page', page: ids.guide, space: guides, organization: orgId })}`]: 'in-app',
      [`link ${JSON.stringify({ kind: 'page', page: 'nosuchpage1', space: guides })}`]: 'broken',
      [`link ${JSON.stringify({ kind: 'space', space: guides, organization: orgId })}`]: 'in-app',
      [`link ${JSON.stringify({ kind: 'space', space: foreign })}`]: 'broken',
      [`link ${JSON.stringify({ kind: 'url', url: 'https://example.com/docs' })}`]: 'ok',
      [`mention ${JSON.stringify({ kind: 'user', user: rita.id })}`]: 'ok',
      [`mention ${JSON.stringify({ kind: 'user', user: 'nosuchuser1' })}`]: 'broken',
    });
    expect(list.count).toBe(12);
    expect(list.stats).toEqual({ total: 12, broken: { total: 3, changeRequest: 0 } });
    // Each link says where it is: its page and block.
    const image = list.items.find((item) => item.relation === 'image')!;
    expect(image.locationReferences).toEqual([{ kind: 'page', page: ids.setup, space: docs, block: expect.any(String) }]);
  });

  it('filters by status, keeping the stats of every link, and pages through the list', async () => {
    const broken = await get<LinkList>(`/spaces/${docs}/links?status=broken`);
    expect(broken.items.map((item) => item.status)).toEqual(['broken', 'broken', 'broken']);
    expect(broken.stats).toEqual({ total: 12, broken: { total: 3, changeRequest: 0 } });
    expect((await get<LinkList>(`/spaces/${docs}/links?status=in-app`)).count).toBe(2);

    const all = await get<LinkList>(`/spaces/${docs}/links`);
    const paged: LinkItem[] = [];
    let next: string | undefined;
    do {
      const page: LinkList = await get<LinkList>(`/spaces/${docs}/links?limit=5${next ? `&page=${next}` : ''}`);
      paged.push(...page.items);
      next = page.next?.page;
    } while (next);
    expect(paged).toEqual(all.items);
  });

  it('lists one page\u2019s links, and its backlinks; a file\u2019s backlinks', async () => {
    const setup = await get<LinkList>(`/spaces/${docs}/content/page/${ids.setup}/links`);
    expectRefsMatchSpec(setup);
    expect(setup.items.map((item) => [item.relation, item.targetReference.kind, item.status])).toEqual([
      ['image', 'file', 'ok'],
      ['content-ref', 'page', 'ok'],
      ['link', 'anchor', 'ok'],
    ]);
    expect(setup.stats).toEqual({ total: 3, broken: { total: 0, changeRequest: 0 } });
    expect((await get<LinkList>(`/spaces/${docs}/content/page/${ids.intro}/links?status=broken`)).count).toBe(3);

    const introBacklinks = await get<Backlinks>(`/spaces/${docs}/content/page/${ids.intro}/backlinks`);
    expect(introBacklinks).toEqual({ items: [{ kind: 'page', page: ids.setup, space: docs }], count: 1 });
    for (const item of introBacklinks.items) expectMatchesSchema('ContentRef', item);
    expect(await get<Backlinks>(`/spaces/${docs}/content/files/${ids.logo}/backlinks`)).toEqual({ items: [{ kind: 'page', page: ids.setup, space: docs }], count: 1 });
    expect(await get<Backlinks>(`/spaces/${docs}/content/page/${ids.setup}/backlinks`)).toEqual({ items: [{ kind: 'page', page: ids.intro, space: docs }], count: 1 });
  });

  it('mends a broken link when its target page comes back, and breaks it when the page goes', async () => {
    const oldLink = async () => (await get<LinkList>(`/spaces/${docs}/links`)).items.find((item) => item.targetReference.page === ids.old)!.status;
    const before = (await api(ann).getSpaceById(docs)).data.revision;
    await merge(docs, [{ operation: 'delete_page', page: ids.old }]);
    expect(await oldLink()).toBe('broken');
    expect((await get<LinkList>(`/spaces/${docs}/links`)).stats.broken.total).toBe(4);
    expect((await server.fetch(`/v1/spaces/${docs}/content/page/${ids.old}/backlinks`, { token: ann.token })).status).toBe(404);

    await merge(docs, [{ operation: 'revert_page', page: ids.old, revision: before }]);
    expect(await oldLink()).toBe('ok');
    expect(await get<Backlinks>(`/spaces/${docs}/content/page/${ids.old}/backlinks`)).toEqual({ items: [{ kind: 'page', page: ids.intro, space: docs }], count: 1 });
  });

  it('reads a change request\u2019s links on its head: its new pages mend links, its broken links are counted as its own', async () => {
    const { cr, pages } = await write(docs, [
      page('fresh', 'Fresh', 'Nothing here yet.'),
      { operation: 'update_page', page: ids.setup, document: { markdown: 'Now to [fresh](/pages/fresh), [nowhere](/pages/nowhere1) and ![Logo](/files/' + ids.logo + ')' } },
    ]);
    const { fresh } = pages;
    const base = `/spaces/${docs}/change-requests/${cr.number}`;
    const list = await get<LinkList>(`${base}/links`);
    expectRefsMatchSpec(list);
    expect(list.items.find((item) => item.targetReference.page === fresh)).toMatchObject({ status: 'ok', locationReferences: [{ page: ids.setup }] });
    expect(list.items.find((item) => item.targetReference.page === 'nowhere1')?.status).toBe('broken');
    // Setup's old links are gone from the request's head; main still has them.
    expect(list.items.some((item) => item.relation === 'content-ref')).toBe(false);
    expect(list.stats).toEqual({ total: 12, broken: { total: 4, changeRequest: 1 } });
    expect((await get<LinkList>(`/spaces/${docs}/links`)).items.some((item) => item.relation === 'content-ref')).toBe(true);

    expect((await get<LinkList>(`${base}/content/page/${ids.setup}/links`)).stats).toEqual({ total: 3, broken: { total: 1, changeRequest: 1 } });
    expect(await get<Backlinks>(`${base}/content/page/${fresh}/backlinks`)).toEqual({ items: [{ kind: 'page', page: ids.setup, space: docs }], count: 1 });
    expect(await get<Backlinks>(`${base}/content/page/${ids.intro}/backlinks`)).toEqual({ items: [], count: 0 });
    expect(await get<Backlinks>(`${base}/content/files/${ids.logo}/backlinks`)).toEqual({ items: [{ kind: 'page', page: ids.setup, space: docs }], count: 1 });
    expect((await server.fetch(`/v1/spaces/${docs}/content/page/${fresh}/backlinks`, { token: ann.token })).status).toBe(404);
  });

  it('lets a reader of the space read its links', async () => {
    expect((await get<LinkList>(`/spaces/${docs}/links`, rita)).stats.total).toBeGreaterThan(0);
    await get<Backlinks>(`/spaces/${docs}/content/files/${ids.logo}/backlinks`, rita);
  });

  it('refuses a bad status filter, a bad cursor, a bad limit', async () => {
    expect(await server.expectRefused(ann.token, 'GET', `/v1/spaces/${docs}/links?status=dead`)).toContain('status must be one of: ok, broken, in-app');
    await server.expectRefused(ann.token, 'GET', `/v1/spaces/${docs}/content/page/${ids.intro}/links?status=OK`);
    await server.expectRefused(ann.token, 'GET', `/v1/spaces/${docs}/links?page=nonsense`);
    await server.expectRefused(ann.token, 'GET', `/v1/spaces/${docs}/content/page/${ids.intro}/backlinks?limit=0`);
    // A cursor of one list is no cursor of another.
    const { next } = await get<LinkList>(`/spaces/${docs}/links?limit=1`);
    await server.expectRefused(ann.token, 'GET', `/v1/spaces/${docs}/links?status=ok&page=${next!.page}`);
  });

  it('answers 404 for unknown pages, files and change requests', async () => {
    for (const path of [
      `/spaces/${docs}/content/page/nosuchpage1/links`,
      `/spaces/${docs}/content/page/nosuchpage1/backlinks`,
      `/spaces/${docs}/content/files/nosuchfile1/backlinks`,
      `/spaces/${docs}/change-requests/999/links`,
      `/spaces/nosuchspace1/links`,
    ]) {
      await server.expectRefused(ann.token, 'GET', `/v1${path}`, undefined, 404);
    }
  });

  it('hides every listing from a stranger (404)', async () => {
    const { cr } = await write(docs, [page('x', 'X', 'x')]);
    for (const path of [
      `/spaces/${docs}/links`,
      `/spaces/${docs}/content/page/${ids.intro}/links`,
      `/spaces/${docs}/content/page/${ids.intro}/backlinks`,
      `/spaces/${docs}/content/files/${ids.logo}/backlinks`,
      `/spaces/${docs}/change-requests/${cr.number}/links`,
      `/spaces/${docs}/change-requests/${cr.id}/content/page/${ids.intro}/links`,
      `/spaces/${docs}/change-requests/${cr.id}/content/page/${ids.intro}/backlinks`,
      `/spaces/${docs}/change-requests/${cr.id}/content/files/${ids.logo}/backlinks`,
    ]) {
      await server.expectRefused(cat.token, 'GET', `/v1${path}`, undefined, 404);
    }
  });
});
