import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { seedChangeRequest, seedMain, seedMerge } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const LOGO = Buffer.from('the logo, first version');
const LOGO_V2 = Buffer.from('the logo, second version');
const SECRET_PLAN = Buffer.from('a private file');
const FILE_GIT = { oid: 'c'.repeat(40), path: '.gitbook/assets/logo.png' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 3_600_000;

type Files = { files: { id: string; downloadURL: string; git?: unknown }[] };

/** Files of a space a public or unlisted published site shows: content-addressed URLs under the site, kept by renderers. */
describe('published files', () => {
  let server: TestServer;
  let ann: User; // admin
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let docs: string; // on a public site
  let hidden: string; // on no site
  let shared: string; // on a share-link site only
  let siteId: string;
  let sectionId: string; // the public site's section showing docs
  let v1: RevisionRecord; // docs with logo.png (LOGO) and a page
  let secret: RevisionRecord; // hidden's, with a private file

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, rita, cat } = await organizationWithRoles(server));
    const space = async (title: string) => (await server.as(ann.token).orgs.createSpace(orgId, { title })).data.id;
    [docs, hidden, shared] = [await space('Docs'), await space('Hidden'), await space('Shared')];
    v1 = await seedMain(server, ann.id, docs, async (tree, now) => {
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: LOGO, git: FILE_GIT, now });
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction' }, document: markdownToDocument('Hello.\n').document, now });
    });
    secret = await seedMain(server, ann.id, hidden, async (tree, now) => {
      await tree.addFile({ id: 'plan', name: 'plan.txt', contentType: 'text/plain', bytes: SECRET_PLAN, now });
    });
    await seedMain(server, ann.id, shared, async (tree, now) => {
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: LOGO, now });
    });
    ({ siteId, sectionId } = await site('public', docs));
    await site('share-link', shared);
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;
  const spaces = (user: User) => server.as(user.token).spaces;

  async function site(visibility: string, spaceId: string) {
    const created = (await orgs(ann).createSite(orgId, { title: `${visibility} site`, visibility } as never)).data;
    const section = (await orgs(ann).addSectionToSite(orgId, created.id, { spaceId } as never)).data;
    await orgs(ann).publishSite(orgId, created.id);
    return { siteId: created.id, sectionId: section.id };
  }

  async function revision(user: User, spaceId: string, revisionId: string, metadata = true) {
    const { status, data } = await spaces(user).getRevisionById(spaceId, revisionId, { metadata });
    expect(status).toBe(200);
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
    return data as unknown as Files;
  }
  const logoUrl = async (revisionId = v1.id) => (await revision(rita, docs, revisionId)).files.find((f) => f.id === 'logo')!.downloadURL;
  const hashOf = (url: string) => new URL(url).pathname.split('/')[5];
  const signedHash = (url: string) => new URL(url).pathname.split('/')[3];
  /** No token: whoever holds the URL (a renderer's cache, an `<img>`) fetches it. */
  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

  it('answers a published space\u2019s files with URLs naming the site and the hash, served immutable to anyone', async () => {
    const url = await logoUrl();
    expect(url).toMatch(new RegExp(`^${server.url}/v1/sites/${siteId}/files/[0-9a-f]{64}/logo\\.png$`));
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(LOGO);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(LOGO.length),
      etag: `"${hashOf(url)}"`,
      'cache-control': IMMUTABLE,
      'content-disposition': `inline; filename="logo.png"; filename*=UTF-8''logo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    // Without the name too, and a cached copy is confirmed with a 304.
    expect((await get(url.slice(0, url.lastIndexOf('/')))).status).toBe(200);
    expect((await get(url, { 'if-none-match': `"${hashOf(url)}"` })).status).toBe(304);
  });

  it('gives the same answer to every reader, and file lists the same URLs', async () => {
    const url = await logoUrl();
    expect((await revision(ann, docs, v1.id)).files[0].downloadURL).toBe(url);
    const { data } = await spaces(rita).listFilesInRevisionById(docs, v1.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/files', 200, data);
    expect(data.items.map((f) => f.downloadURL)).toEqual([url]);
  });

  it('keeps the URL working after a signed link would have expired, and after main moved on (a past revision)', async () => {
    const url = await logoUrl();
    server.clock.advance(2 * HOUR);
    expect((await get(url)).status).toBe(200);
    const v2 = await seedMain(server, ann.id, docs, async (tree, now) => {
      await tree.setFile('logo', null);
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: LOGO_V2, now });
    });
    const next = await logoUrl(v2.id);
    expect(hashOf(next)).not.toBe(hashOf(url));
    expect(Buffer.from(await (await get(next)).arrayBuffer())).toEqual(LOGO_V2);
    // v1's answer is the same as before, and its file still downloads.
    expect(await logoUrl(v1.id)).toBe(url);
    expect(Buffer.from(await (await get(url)).arrayBuffer())).toEqual(LOGO);
  });

  it('answers each metadata option its own answer, kept apart', async () => {
    expect((await revision(rita, docs, v1.id, true)).files[0].git).toEqual(FILE_GIT);
    expect((await revision(rita, docs, v1.id, false)).files[0]).not.toHaveProperty('git');
    expect((await revision(rita, docs, v1.id, true)).files[0].git).toEqual(FILE_GIT);
  });

  it('keeps signed, expiring links for private content: a space on no site, a share-link site, a change request', async () => {
    const [plan] = (await revision(ann, hidden, secret.id)).files;
    expect(plan.downloadURL).toMatch(new RegExp(`^${server.url}/v1/files/[0-9a-f]{64}\\?.*expires=\\d+.*&signature=`));
    const [logo] = (await revision(ann, shared, (await spaces(ann).getSpaceById(shared)).data.revision)).files;
    expect(logo.downloadURL.startsWith(`${server.url}/v1/files/`)).toBe(true);
    const request = (await spaces(ann).createChangeRequest(docs, { subject: 'New file' })).data;
    const draft = await seedChangeRequest(server, ann.id, docs, request.number, async (tree, now) => {
      await tree.addFile({ id: 'draft', name: 'draft.png', contentType: 'image/png', bytes: Buffer.from('not published yet'), now });
    });
    const draftFile = (await revision(ann, docs, draft.id)).files.find((f) => f.id === 'draft')!;
    expect(draftFile.downloadURL.startsWith(`${server.url}/v1/files/`)).toBe(true);
    // Its bytes are under no published revision: the site does not serve them.
    expect((await get(`${server.url}/v1/sites/${siteId}/files/${signedHash(draftFile.downloadURL)}`)).status).toBe(404);
  });

  it('serves nothing of other spaces under the site, nor unknown bytes or sites; a malformed hash is a 400', async () => {
    const [plan] = (await revision(ann, hidden, secret.id)).files;
    for (const path of [`/v1/sites/${siteId}/files/${signedHash(plan.downloadURL)}`, `/v1/sites/${siteId}/files/${'d'.repeat(64)}`, `/v1/sites/nosuchsite/files/${hashOf(await logoUrl())}`]) {
      const response = await get(server.url + path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 404, message: expect.any(String) } });
    }
    for (const hash of ['abc', 'A'.repeat(64), `${'a'.repeat(63)}g`]) {
      const response = await get(`${server.url}/v1/sites/${siteId}/files/${hash}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 400, message: expect.stringMatching(/hash/) } });
    }
  });

  it('checks every reader before a kept answer: a stranger gets 404 for the revision and the page', async () => {
    await revision(rita, docs, v1.id);
    expect((await spaces(rita).getPageInRevisionById(docs, v1.id, 'intro', { format: 'document' as never })).status).toBe(200);
    await expectStatus(spaces(cat).getRevisionById(docs, v1.id, { metadata: true }), 404);
    await expectStatus(spaces(cat).getPageInRevisionById(docs, v1.id, 'intro', { format: 'document' as never }), 404);
  });

  /** The revision as JSON, not compressed, then as soon as Folio sends it gzipped (it compresses a kept answer in the background). */
  async function plainThenGzipped(spaceId: string, revisionId: string) {
    const path = `/v1/spaces/${spaceId}/revisions/${revisionId}?metadata=true`;
    const plain = await fetch(server.url + path, { headers: { authorization: `Bearer ${rita.token}`, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    let response = plain;
    for (const deadline = Date.now() + 15_000; response.headers.get('content-encoding') !== 'gzip' && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await fetch(server.url + path, { headers: { authorization: `Bearer ${rita.token}`, 'accept-encoding': 'gzip' } });
    }
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    return { plain: await plain.json(), gzipped: await response.json() };
  }

  it('sends a kept revision gzipped to a client that accepts it: the same JSON, a merge\u2019s mergedFrom included', async () => {
    const { plain, gzipped } = await plainThenGzipped(docs, v1.id);
    expect(gzipped).toEqual(plain);
    const request = (await spaces(ann).createChangeRequest(docs, { subject: 'Merged' })).data;
    await seedChangeRequest(server, ann.id, docs, request.number, async (tree, now) => {
      await tree.insertPage({ id: 'merged', into: null, meta: { title: 'Merged' }, document: null, now });
    });
    const merge = await seedMerge(server, ann.id, docs, request.number);
    const read = await plainThenGzipped(docs, merge.id);
    expect(read.plain).toMatchObject({ type: 'merge', mergedFrom: { id: request.id, status: 'merged' } });
    expect(read.gzipped).toEqual(read.plain);
  });

  it('answers a page with its document, the same again from the kept answer', async () => {
    const first = await spaces(rita).getPageInRevisionById(docs, v1.id, 'intro', { format: 'document' as never });
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', 200, first.data);
    expect(first.data).toMatchObject({ id: 'intro', title: 'Introduction', document: { object: 'document' } });
    expect((await spaces(rita).getPageInRevisionById(docs, v1.id, 'intro', { format: 'document' as never })).data).toEqual(first.data);
    const markdown = (await spaces(rita).getPageInRevisionById(docs, v1.id, 'intro', { format: 'markdown' as never })).data;
    expect(markdown).toMatchObject({ markdown: expect.stringContaining('Hello.') });
  });

  it('stops serving the URL when the site is unpublished, and answers signed links again; publishing again brings both back', async () => {
    const url = await logoUrl();
    await orgs(ann).unpublishSite(orgId, siteId);
    expect((await get(url)).status).toBe(404);
    expect((await logoUrl()).startsWith(`${server.url}/v1/files/`)).toBe(true);
    await orgs(ann).publishSite(orgId, siteId);
    expect(await logoUrl()).toBe(url);
    expect((await get(url)).status).toBe(200);
  });

  it('stops serving the URL while the space is in the bin, and serves it again once restored', async () => {
    const url = await logoUrl();
    await spaces(ann).deleteSpaceById(docs);
    expect((await get(url)).status).toBe(404);
    await spaces(ann).restoreSpace(docs);
    expect((await get(url)).status).toBe(200);
  });

  it('stops serving the URL when the space leaves the site', async () => {
    const url = await logoUrl();
    await orgs(ann).deleteSiteSectionById(orgId, siteId, sectionId);
    expect((await get(url)).status).toBe(404);
    expect((await logoUrl()).startsWith(`${server.url}/v1/files/`)).toBe(true);
  });
});
