import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { LocalHttpServer } from '@folio/platform/testing/local-http-server';
import { LibreTranslateState, startLibreTranslate } from '../support/libretranslate';
import { seedMain } from '../support/content-seed';
import { expectMatchesSpec } from '../support/openapi';
import { waitUntil } from '../support/processes';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

type Json = Record<string, unknown>;
type Node = { object: string; type?: string; key?: string; nodes?: Node[]; leaves?: { text: string }[]; data?: Json };

const TRANSLATIONS = '/orgs/{organizationId}/translations';
const TRANSLATION = '/orgs/{organizationId}/translations/{translationId}';
const GLOSSARY = '/orgs/{organizationId}/translations-glossary';
const GLOSSARY_ENTRY = '/orgs/{organizationId}/translations-glossary/{glossaryEntryId}';
/** How long a run may take on a loaded machine, and a test that waits on runs (an explicit timeout: Jest's 5 s is less). */
const RUN_WAIT_MS = 60_000;
const RUN_TEST_MS = 3 * RUN_WAIT_MS;
const doc = (md: string) => markdownToDocument(md).document;
const EMPTY = { object: 'document', data: {}, nodes: [] };

/** A document's blocks as kinds and keys, code blocks whole: what a translation must keep. */
function structure(nodes: Node[] = []): unknown[] {
  return nodes
    .filter((node) => node.object === 'block')
    .map((node) => (node.type === 'code' ? node : { type: node.type, key: node.key, nodes: structure(node.nodes) }));
}

/** Every text leaf of a document, in order. */
function texts(nodes: Node[] = []): string[] {
  return nodes.flatMap((node) => [...(node.leaves ?? []).map((leaf) => leaf.text), ...texts(node.nodes)]);
}

describe('translations', () => {
  let server: TestServer;
  let orgId: string;
  let ann: User; // admin
  let ed: User; // edit role: reads, may not write translations
  let rita: User; // member (read)
  let cat: User; // stranger
  let guide: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
    guide = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Guide' })).data.id;
    await seedMain(server, ann.id, guide, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction', description: 'Where to start' }, document: doc('Hello **world**, see [the install](https://example.com/install).\n'), now });
      await tree.insertPage({ id: 'guides', into: null, type: 'group', meta: { title: 'Guides' }, document: null, now });
      await tree.insertPage({ id: 'install', into: 'guides', meta: { title: 'Install' }, document: doc('Run `npm install` first.\n\n```bash\nnpm install folio\n```\n\n- one\n- two\n'), now });
      await tree.insertPage({ id: 'use', into: 'guides', meta: { title: 'Use it' }, document: doc('> Open the space.\n'), now });
    });
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  async function create(body: Json, user: User = ann) {
    const { status, data } = await orgs(user).createTranslation(orgId, body as never);
    expect(status).toBe(201);
    expectMatchesSpec('POST', TRANSLATIONS, 201, data);
    return data;
  }

  async function get(translationId: string, user: User = ann) {
    const { status, data } = await orgs(user).getTranslation(orgId, translationId);
    expect(status).toBe(200);
    expectMatchesSpec('GET', TRANSLATION, 200, data);
    return data;
  }

  /** The translation once its latest run ended (`runs` reached, no run waiting or going). */
  async function completed(translationId: string, runs: number) {
    await waitUntil(async () => {
      const t = await get(translationId);
      return t.status === 'completed' && t.stats.runs >= runs;
    }, `translation ${translationId} completing run ${runs}`, RUN_WAIT_MS);
    return get(translationId);
  }

  describe('the glossary', () => {
    const put = (operations: unknown[], user: User = ann) => orgs(user).updateGlossaryEntries(orgId, { operations } as never);

    it('inserts, lists (by a language too), reads, updates and deletes entries; the list and entries match the spec', async () => {
      const { status } = await put([
        { type: 'insert', translations: { en: 'space', fr: 'espace' } },
        { type: 'insert', translations: { en: 'Folio', fr: 'Folio', de: 'Folio' } },
        { type: 'insert', translations: { en: 'audit', fr: 'Audit' } },
      ]);
      expect(status).toBe(204);
      const { data: listed } = await orgs(rita).listGlossaryEntries(orgId);
      expectMatchesSpec('GET', GLOSSARY, 200, listed);
      expect(listed.items).toHaveLength(3);
      const byFrench = (await orgs(rita).listGlossaryEntries(orgId, { orderBy: 'fr' } as never)).data.items.map((e) => e.translations.fr);
      expect(byFrench).toEqual(['Audit', 'espace', 'Folio']);
      const paged: string[] = [];
      for (let page: string | undefined, n = 0; n === 0 || page; n++) {
        const { data } = await orgs(rita).listGlossaryEntries(orgId, { orderBy: 'fr', limit: 2, ...(page ? { page } : {}) } as never);
        paged.push(...data.items.map((e) => e.translations.fr!));
        page = data.next?.page;
      }
      expect(paged).toEqual(byFrench);

      const folio = listed.items.find((e) => e.translations.en === 'Folio')!;
      const audit = listed.items.find((e) => e.translations.en === 'audit')!;
      const { data: entry } = await orgs(rita).getGlossaryEntry(orgId, folio.id);
      expectMatchesSpec('GET', GLOSSARY_ENTRY, 200, entry);
      expect(entry).toMatchObject({ object: 'glossary-entry', id: folio.id, translations: { en: 'Folio', fr: 'Folio', de: 'Folio' }, urls: { location: `${server.url}/v1/orgs/${orgId}/translations-glossary/${folio.id}` } });

      await put([{ type: 'update', id: folio.id, translations: { en: 'Folio', es: 'Folio' } }, { type: 'delete', id: audit.id }]);
      expect((await orgs(rita).getGlossaryEntry(orgId, folio.id)).data.translations).toEqual({ en: 'Folio', es: 'Folio' });
      await expectStatus(orgs(rita).getGlossaryEntry(orgId, audit.id), 404);
    });

    it('refuses a batch with one bad operation whole (400 naming it, nothing written)', async () => {
      const [entry] = (await orgs(ann).listGlossaryEntries(orgId)).data.items;
      const path = `/v1/orgs/${orgId}/translations-glossary`;
      const refused = (operations: unknown) => server.expectRefused(ann.token, 'PUT', path, { operations });
      expect(await refused([{ type: 'insert', translations: { en: 'ok' } }, { type: 'update', id: 'noSuchEntry', translations: { en: 'x' } }])).toMatch(/operations\[1\]: no glossary entry/);
      expect(await refused([{ type: 'insert', translations: { en: 'ok', xx: 'nope' } }])).toMatch(/operations\[0\]\.translations: "xx" is not a translation language/);
      // The body parser refuses `__proto__` and `constructor` anywhere; other keys of Object.prototype are no languages either.
      expect(await refused([{ type: 'insert', translations: JSON.parse('{"__proto__": "x"}') }])).toMatch(/__proto__/);
      expect(await refused([{ type: 'insert', translations: { en: 'ok', toString: 'x' } }])).toMatch(/"toString" is not a translation language/);
      expect(await refused([{ type: 'insert', translations: { en: 'two\nlines' } }])).toMatch(/operations\[0\]\.translations\.en/);
      expect(await refused([{ type: 'insert', translations: { en: 'x'.repeat(256) } }])).toMatch(/1 to 255/);
      expect(await refused([{ type: 'insert', translations: {} }])).toMatch(/at least one language/);
      expect(await refused([{ type: 'rename', id: entry.id }])).toMatch(/insert, update or delete/);
      expect(await refused([{ type: 'delete', id: entry.id, translations: { en: 'x' } }])).toMatch(/unexpected field/);
      expect(await refused('all')).toMatch(/operations/);
      await server.expectRefused(ann.token, 'GET', `/v1/orgs/${orgId}/translations-glossary?orderBy=klingon`);
      expect((await orgs(ann).getGlossaryEntry(orgId, entry.id)).data).toEqual(entry);
    });

    it('lets members read and only content creators write; strangers see nothing', async () => {
      const [entry] = (await orgs(ann).listGlossaryEntries(orgId)).data.items;
      const path = `/v1/orgs/${orgId}/translations-glossary`;
      await server.expectRefused(ed.token, 'PUT', path, { operations: [{ type: 'delete', id: entry.id }] }, 403);
      await server.expectRefused(rita.token, 'PUT', path, { operations: [] }, 403);
      await server.expectRefused(cat.token, 'PUT', path, { operations: [] }, 404);
      await expectStatus(orgs(cat).listGlossaryEntries(orgId), 404);
      await expectStatus(orgs(cat).getGlossaryEntry(orgId, entry.id), 404);
      await expectStatus(orgs(ann).getGlossaryEntry(orgId, 'noSuchEntry'), 404);
    });
  });

  describe('translations and their runs', () => {
    it('creates a translation (201) that runs at once into a new space mirroring the source, with the pseudo engine', async () => {
      const created = await create({ source: { space: guide, language: 'en' }, language: 'fr' });
      expect(created).toMatchObject({
        object: 'translation',
        status: 'pending',
        source: { space: guide, language: 'en' },
        language: 'fr',
        instructions: EMPTY,
        stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
        permissions: { view: true, edit: true },
        urls: { location: `${server.url}/v1/orgs/${orgId}/translations/${created.id}` },
      });
      expect(created).not.toHaveProperty('result');

      const done = await completed(created.id, 1);
      expect(done.stats).toMatchObject({ runs: 1, totalPages: 4, latestPages: 4 });
      expect(done.stats.latestWords).toBeGreaterThan(10);
      expect(done.stats.totalWords).toBe(done.stats.latestWords);
      const target = done.result!.space;
      expect(done.result).toEqual({ space: target, revision: expect.any(String), language: 'fr' });

      const { data: space } = await server.as(rita.token).spaces.getSpaceById(target);
      expect(space).toMatchObject({ organization: orgId, title: 'Guide (fr)', language: 'fr', revision: done.result!.revision });

      const source = (await server.as(ann.token).spaces.listPages(guide)).data.pages as unknown as (Json & { pages?: Json[] })[];
      const translated = (await server.as(ann.token).spaces.listPages(target)).data.pages as unknown as (Json & { pages?: Json[] })[];
      const tree = (pages: (Json & { pages?: Json[] })[]): unknown[] => pages.map((p) => [p.id, p.type, p.slug, tree((p.pages ?? []) as never)]);
      expect(tree(translated)).toEqual(tree(source));
      expect(translated[0].title).not.toBe('Introduction');

      for (const pageId of ['intro', 'install', 'use']) {
        const before = (await server.as(ann.token).spaces.getPageById(guide, pageId)).data as unknown as { document: { nodes: Node[] } };
        const after = (await server.as(ann.token).spaces.getPageById(target, pageId)).data as unknown as { document: { nodes: Node[] }; title: string };
        expect(structure(after.document.nodes)).toEqual(structure(before.document.nodes));
        expect(texts(after.document.nodes)).not.toEqual(texts(before.document.nodes));
      }
      const install = (await server.as(ann.token).spaces.getPageById(target, 'install', { format: 'markdown' })).data as unknown as { markdown: string };
      expect(install.markdown).toContain('`npm install`');
      expect(install.markdown).toContain('npm install folio');
    }, RUN_TEST_MS);

    it('runs again on request (204), translating only the page whose source changed', async () => {
      const { id } = await create({ source: { space: guide, language: 'en' }, language: 'de' });
      const first = await completed(id, 1);
      await seedMain(server, ann.id, guide, async (tree, now) => {
        await tree.updatePage('use', { document: doc('> Open the space, then read it.\n'), now });
      });
      const { status, data: ran } = await orgs(ann).runTranslation(orgId, id);
      expect(status).toBe(204);
      expectMatchesSpec('POST', `${TRANSLATION}/run`, 204, ran);
      const second = await completed(id, 2);
      expect(second.stats).toMatchObject({ runs: 2, totalPages: 4, latestPages: 1 });
      expect(second.stats.totalWords).toBe(first.stats.totalWords + second.stats.latestWords);
      expect(second.result!.revision).not.toBe(first.result!.revision);
      const use = (await server.as(ann.token).spaces.getPageById(second.result!.space, 'use', { format: 'markdown' })).data as unknown as { markdown: string };
      expect(use.markdown).not.toContain('Open the space, then read it');
      expect(use.markdown.length).toBeGreaterThan(20);
    }, RUN_TEST_MS);

    it('changes the instructions (PUT 200), lists newest first, and deletes (205, then 204)', async () => {
      server.clock.advance(60_000); // the newest by its creation time, not by a tie
      const { id } = await create({ source: { space: guide, language: 'en' }, language: 'es', instructions: doc('Use the formal register.\n') });
      const instructions = doc('Use the informal register.\n');
      const { status, data } = await orgs(ann).updateTranslation(orgId, id, { instructions } as never);
      expect(status).toBe(200);
      expectMatchesSpec('PUT', TRANSLATION, 200, data);
      expect(data.instructions).toEqual(instructions);

      const { data: listed } = await orgs(rita).listTranslations(orgId, { limit: 2 });
      expectMatchesSpec('GET', TRANSLATIONS, 200, listed);
      expect(listed.items.map((t) => t.id)[0]).toBe(id);
      expect(listed.items[0].permissions).toEqual({ view: true, edit: false });
      const next = (await orgs(rita).listTranslations(orgId, { limit: 2, page: listed.next!.page })).data;
      expect(next.items.length).toBeGreaterThan(0);

      await completed(id, 1);
      const deleted = await orgs(ann).deleteTranslation(orgId, id);
      expect(deleted.status).toBe(205);
      expectMatchesSpec('DELETE', TRANSLATION, 205, deleted.data);
      expect((await orgs(ann).deleteTranslation(orgId, id)).status).toBe(204);
      await expectStatus(orgs(ann).getTranslation(orgId, id), 404);
      await expectStatus(orgs(ann).runTranslation(orgId, id), 404);
    }, RUN_TEST_MS);

    it('refuses bad input with 400, writing nothing', async () => {
      const other = (await server.as(cat.token).orgs.createOrganization({ title: 'Elsewhere' })).data.id;
      const elsewhere = (await server.as(cat.token).orgs.createSpace(other, { title: 'Theirs' })).data.id;
      const path = `/v1/orgs/${orgId}/translations`;
      const refused = (body: unknown) => server.expectRefused(ann.token, 'POST', path, body);
      expect(await refused({ source: { space: guide, language: 'en' }, language: 'en' })).toMatch(/language must differ/);
      expect(await refused({ source: { space: guide, language: 'en' }, language: 'klingon' })).toMatch(/language must be one of/);
      expect(await refused({ source: { space: guide, language: 'xx' }, language: 'fr' })).toMatch(/source\.language/);
      expect(await refused({ source: { space: elsewhere, language: 'en' }, language: 'fr' })).toMatch(/source\.space/);
      expect(await refused({ source: { space: 'noSuchSpace', language: 'en' }, language: 'fr' })).toMatch(/source\.space/);
      expect(await refused({ language: 'fr' })).toMatch(/source/);
      expect(await refused({ source: { space: guide, language: 'en' }, language: 'fr', instructions: { object: 'document', nodes: [{ object: 'block', type: 'no-such-block' }] } })).toMatch(/instructions/);

      const { id } = await create({ source: { space: guide, language: 'en' }, language: 'it' });
      await completed(id, 1);
      await server.expectRefused(ann.token, 'PUT', `${path}/${id}`, {});
      await server.expectRefused(ann.token, 'PUT', `${path}/${id}`, { instructions: 'formal' });
      await server.expectRefused(ann.token, 'PUT', `${path}/${id}`, { instructions: { object: 'document', nodes: [{ object: 'nonsense' }] } });
      await server.expectRefused(ann.token, 'GET', `${path}?limit=0`);
    }, RUN_TEST_MS);

    it('lets members read translations, content creators write and run them; strangers get 404', async () => {
      const { id } = await create({ source: { space: guide, language: 'en' }, language: 'nl' });
      await completed(id, 1);
      const path = `/v1/orgs/${orgId}/translations`;
      expect((await get(id, rita)).permissions).toEqual({ view: true, edit: false });
      await server.expectRefused(ed.token, 'POST', path, { source: { space: guide, language: 'en' }, language: 'pl' }, 403);
      await server.expectRefused(rita.token, 'PUT', `${path}/${id}`, { instructions: EMPTY }, 403);
      await server.expectRefused(rita.token, 'POST', `${path}/${id}/run`, undefined, 403);
      await server.expectRefused(rita.token, 'DELETE', `${path}/${id}`, undefined, 403);
      await server.expectRefused(cat.token, 'POST', path, { source: { space: guide, language: 'en' }, language: 'pl' }, 404);
      await server.expectRefused(cat.token, 'PUT', `${path}/${id}`, { instructions: EMPTY }, 404);
      await server.expectRefused(cat.token, 'POST', `${path}/${id}/run`, undefined, 404);
      await server.expectRefused(cat.token, 'DELETE', `${path}/${id}`, undefined, 404);
      await expectStatus(orgs(cat).getTranslation(orgId, id), 404);
      await expectStatus(orgs(cat).listTranslations(orgId), 404);
      await expectStatus(orgs(ann).runTranslation(orgId, 'noSuchTranslation'), 404);
    }, RUN_TEST_MS);
  });
});

describe('a translation whose engine fails', () => {
  let engine: LocalHttpServer & { state: LibreTranslateState };
  let server: TestServer;

  beforeAll(async () => {
    engine = await startLibreTranslate({ up: false });
    server = await startServer({ env: { TRANSLATION_ENGINE: 'libretranslate', TRANSLATION_URL: engine.url } });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await engine.close();
  });

  it('leaves the translation pending with the reason shown, and completes when run again', async () => {
    const { orgId, ann } = await organizationWithRoles(server);
    const orgs = server.as(ann.token).orgs;
    const spaceId = (await orgs.createSpace(orgId, { title: 'Guide' })).data.id;
    await seedMain(server, ann.id, spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction' }, document: doc('Hello.\n'), now });
    });
    const { data: created } = await orgs.createTranslation(orgId, { source: { space: spaceId, language: 'en' }, language: 'fr' } as never);
    const current = async () => (await orgs.getTranslation(orgId, created.id)).data as typeof created & { lastRunError?: string };
    await waitUntil(async () => (await current()).lastRunError !== undefined, 'the run failing', RUN_WAIT_MS);
    const failed = await current();
    expectMatchesSpec('GET', TRANSLATION, 200, failed);
    expect(failed).toMatchObject({ status: 'pending', stats: { runs: 0 } });
    expect(failed.lastRunError).toMatch(/503/);
    expect(failed).not.toHaveProperty('result');

    engine.state.up = true;
    expect((await orgs.runTranslation(orgId, created.id)).status).toBe(204);
    await waitUntil(async () => (await current()).status === 'completed', 'the run completing', RUN_WAIT_MS);
    const done = await current();
    expect(done).not.toHaveProperty('lastRunError');
    expect(done.stats).toMatchObject({ runs: 1, totalPages: 1, latestPages: 1 });
    expect((await server.as(ann.token).spaces.listPages(done.result!.space)).data.pages.map((p) => p.title)).toEqual(['fr:Introduction']);
  }, RUN_TEST_MS);
});
