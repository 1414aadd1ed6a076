import { OpenAPISpecVisibility } from '@gitbook/api';
import { parse as parseYaml } from 'yaml';
import { expectMatchesSpec } from '../support/openapi';
import { processedSpec, specFixture } from '../support/openapi-specs';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

const SPECS = '/orgs/{organizationId}/openapi';
const SPEC = '/orgs/{organizationId}/openapi/{specSlug}';
const VERSIONS = `${SPEC}/versions`;
const LATEST = `${SPEC}/versions/latest`;
const VERSION = `${SPEC}/versions/{versionId}`;
/** A test that waits for the processor (each wait bounded by waitUntil's 15 s). */
const PROCESSING_TEST_MS = 60_000;

describe('OpenAPI specs', () => {
  let server: TestServer;
  let orgId: string;
  let ann: User; // admin: writes specs
  let ed: User; // edit role: reads, may not write (createOpenAPISpec is create and up)
  let rita: User; // read member
  let cat: User; // stranger
  const pets = specFixture('pets-3.1.yaml');
  const library = specFixture('library-2.0.json');

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  const orgs = (user: User) => server.as(user.token).orgs;

  /** Each write a second after the last, so that lists order them (the test clock stands still otherwise). */
  async function create(slug: string, source: { text: string } | { url: string }) {
    server.clock.advance(1000);
    const { status, data } = await orgs(ann).createOpenApiSpec(orgId, { slug, source });
    expect(status).toBe(201);
    expectMatchesSpec('POST', SPECS, 201, data);
    return data;
  }

  describe('writing, reading and deleting', () => {
    it('creates a spec from a text (201, pending at once) and processes it into its first version', async () => {
      const created = await create('pets', { text: pets });
      expect(created).toMatchObject({ object: 'openapi-spec', slug: 'pets', processingState: 'pending', visibility: 'private', lastProcessedErrorCount: 0, permissions: { view: true, edit: true } });
      expect(created).not.toHaveProperty('sourceURL');
      expect(created).not.toHaveProperty('lastVersion');
      expect(created.urls.location).toBe(`${server.url}/v1/orgs/${orgId}/openapi/pets`);

      const spec = await processedSpec(server, rita.token, orgId, 'pets');
      expectMatchesSpec('GET', SPEC, 200, spec);
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0, permissions: { view: true, edit: false } });
      expect(spec.lastProcessedAt).toEqual(expect.any(String));
      expect(spec).not.toHaveProperty('lastProcessErrorCode');

      const latest = (await orgs(rita).getLatestOpenApiSpecVersion(orgId, 'pets')).data;
      expectMatchesSpec('GET', LATEST, 200, latest);
      expect(latest).toMatchObject({ object: 'openapi-spec-version', id: spec.lastVersion });
      const content = (await orgs(rita).getLatestOpenApiSpecVersionContent(orgId, 'pets')).data;
      expectMatchesSpec('GET', `${LATEST}/content`, 200, content);
      expect(content.filesystem).toMatchObject({ openapi: '3.1.0', info: { title: 'Pet Shelter' } });
      expect(Object.keys((content.filesystem as { paths: object }).paths)).toEqual(['/pets', '/pets/{petId}']);
      expect(content.urls).toEqual({ source: latest.url, public: null });
      const raw = (await orgs(rita).getLatestOpenApiSpecVersionContentRaw(orgId, 'pets')).data;
      expectMatchesSpec('GET', `${LATEST}/content/raw`, 200, raw);
      expect(raw).toEqual({ text: pets, format: 'yaml' });
      // A submitted text's version is read where its url says.
      expect((await server.fetch(new URL(latest.url).pathname, { token: rita.token })).body).toEqual({ text: pets, format: 'yaml' });
    }, PROCESSING_TEST_MS);

    it('PUT gives an existing spec a new text (200) and a new version, newest first; the same text again writes nothing', async () => {
      await create('library', { text: library });
      const first = await processedSpec(server, ann.token, orgId, 'library');
      const changed = library.replace('2.3.0', '2.4.0');
      server.clock.advance(1000); // the versions' order is their creation time's, and the test clock stands still
      const put = await orgs(ann).createOrUpdateOpenApiSpecBySlug(orgId, 'library', { source: { text: changed } });
      expect(put.status).toBe(200);
      expectMatchesSpec('PUT', SPEC, 200, put.data);
      expect(put.data.processingState).toBe('pending');
      const second = await processedSpec(server, ann.token, orgId, 'library');
      expect(second.lastVersion).not.toBe(first.lastVersion);

      const versions = (await orgs(rita).listOpenApiSpecVersions(orgId, 'library')).data;
      expectMatchesSpec('GET', VERSIONS, 200, versions);
      expect(versions.items.map((v) => v.id)).toEqual([second.lastVersion, first.lastVersion]);
      const older = (await orgs(rita).getOpenApiSpecVersionById(orgId, 'library', first.lastVersion!)).data;
      expectMatchesSpec('GET', VERSION, 200, older);
      const olderContent = (await orgs(rita).getOpenApiSpecVersionContentById(orgId, 'library', first.lastVersion!)).data;
      expectMatchesSpec('GET', `${VERSION}/content`, 200, olderContent);
      expect(olderContent.filesystem).toMatchObject({ swagger: '2.0', info: { version: '2.3.0' } });
      expect((await orgs(rita).getLatestOpenApiSpecVersionContentRaw(orgId, 'library')).data).toEqual({ text: changed, format: 'json' });

      const before = await server.head();
      const again = await orgs(ann).createOrUpdateOpenApiSpecBySlug(orgId, 'library', { source: { text: changed } });
      expect(again.status).toBe(200);
      expect(again.data).toEqual(second);
      expect(await server.head()).toBe(before);
    }, PROCESSING_TEST_MS);

    it('PUT creates a spec that does not exist (201)', async () => {
      server.clock.advance(1000);
      const put = await orgs(ann).createOrUpdateOpenApiSpecBySlug(orgId, 'put-made', { source: { text: library } });
      expect(put.status).toBe(201);
      expectMatchesSpec('PUT', SPEC, 201, put.data);
      expect(put.data).toMatchObject({ slug: 'put-made', processingState: 'pending' });
      // Processed before the next tests compare the log's head.
      await processedSpec(server, ann.token, orgId, 'put-made');
    }, PROCESSING_TEST_MS);

    it('lists the specs, newest first, paginated', async () => {
      const all = (await orgs(rita).listOpenApiSpecs(orgId)).data;
      expectMatchesSpec('GET', SPECS, 200, all);
      expect(all.items.map((s) => s.slug)).toEqual(['put-made', 'library', 'pets']);
      const first = (await orgs(rita).listOpenApiSpecs(orgId, { limit: 2 })).data;
      expect(first.items.map((s) => s.slug)).toEqual(['put-made', 'library']);
      const next = (await orgs(rita).listOpenApiSpecs(orgId, { limit: 2, page: first.next!.page })).data;
      expect(next.items.map((s) => s.slug)).toEqual(['pets']);
    });

    it("makes a spec public (PATCH 200): its text is then served without a token, and no longer once it is private", async () => {
      const patched = await orgs(ann).updateOpenApiSpecBySlug(orgId, 'pets', { visibility: OpenAPISpecVisibility.Public });
      expect(patched.status).toBe(200);
      expectMatchesSpec('PATCH', SPEC, 200, patched.data);
      expect(patched.data.visibility).toBe('public');
      const content = (await orgs(rita).getLatestOpenApiSpecVersionContent(orgId, 'pets')).data;
      expect(content.urls.public).toEqual(expect.stringMatching(/^http/));
      const open = await fetch(content.urls.public!);
      expect(open.status).toBe(200);
      expect(open.headers.get('content-type')).toMatch(/yaml/);
      expect(parseYaml(await open.text())).toEqual(parseYaml(pets));

      await orgs(ann).updateOpenApiSpecBySlug(orgId, 'pets', { visibility: OpenAPISpecVisibility.Private });
      expect((await fetch(content.urls.public!)).status).toBe(404);
      expect((await orgs(rita).getLatestOpenApiSpecVersionContent(orgId, 'pets')).data.urls.public).toBeNull();
    });

    it('deletes a spec (205), then answers 204 and 404; its slug is free again', async () => {
      await create('doomed', { text: library });
      const deleted = await orgs(ann).deleteOpenApiSpecBySlug(orgId, 'doomed');
      expect(deleted.status).toBe(205);
      expect((await orgs(ann).deleteOpenApiSpecBySlug(orgId, 'doomed')).status).toBe(204);
      await expectStatus(orgs(ann).getOpenApiSpecBySlug(orgId, 'doomed'), 404);
      await expectStatus(orgs(ann).listOpenApiSpecVersions(orgId, 'doomed'), 404);
      await create('doomed', { text: pets });
      await processedSpec(server, ann.token, orgId, 'doomed');
    }, PROCESSING_TEST_MS);

    it('answers 404 for an unknown spec, version, or a spec with no version yet', async () => {
      await expectStatus(orgs(rita).getOpenApiSpecBySlug(orgId, 'nope'), 404);
      await expectStatus(orgs(rita).getLatestOpenApiSpecVersion(orgId, 'nope'), 404);
      await expectStatus(orgs(rita).getOpenApiSpecVersionById(orgId, 'pets', 'unknown1'), 404);
      await expectStatus(orgs(rita).getOpenApiSpecVersionContentById(orgId, 'pets', 'unknown1'), 404);
      await expectStatus(orgs(rita).getLatestOpenApiSpecVersionContentRaw(orgId, 'nope'), 404);
      await expectStatus(orgs(ann).updateOpenApiSpecBySlug(orgId, 'nope', { visibility: OpenAPISpecVisibility.Public }), 404);
    });

    it('refuses a slug another spec of the organization holds, in any case (409), writing nothing', async () => {
      await server.expectRefused(ann.token, 'POST', `/v1/orgs/${orgId}/openapi`, { slug: 'PETS', source: { text: pets } }, 409);
    });

    it('refuses to refresh a spec made from a text (400)', async () => {
      await server.expectRefused(ann.token, 'POST', `/v1/orgs/${orgId}/openapi/pets/refresh`, undefined, 400);
    });
  });

  describe('bad input (400, nothing written)', () => {
    const path = () => `/v1/orgs/${orgId}/openapi`;
    it.each([
      ['no slug', { source: { text: 'openapi: 3.1.0' } }],
      ['a slug with a space', { slug: 'my spec', source: { text: 'openapi: 3.1.0' } }],
      ['a slug with a double hyphen', { slug: 'a--b', source: { text: 'openapi: 3.1.0' } }],
      ['a slug over 100 characters', { slug: 'a'.repeat(101), source: { text: 'openapi: 3.1.0' } }],
      ['no source', { slug: 'ok' }],
      ['an empty text', { slug: 'ok', source: { text: '' } }],
      ['both a url and a text', { slug: 'ok', source: { url: 'https://example.com/a.yaml', text: 'x' } }],
      ['a non-http url', { slug: 'ok', source: { url: 'file:///etc/passwd' } }],
      ['a url that is not one', { slug: 'ok', source: { url: 'not a url' } }],
      ['a text that is not a string', { slug: 'ok', source: { text: { openapi: '3.1.0' } } }],
      ['an unknown property', { slug: 'ok', source: { text: 'openapi: 3.1.0' }, title: 'x' }],
    ])('refuses a POST with %s', async (_case, body) => {
      await server.expectRefused(ann.token, 'POST', path(), body);
    });

    it('refuses a PUT with a bad slug or source, a PATCH with a bad visibility, a list with a bad limit', async () => {
      await server.expectRefused(ann.token, 'PUT', `${path()}/bad--slug`, { source: { text: 'openapi: 3.1.0' } });
      await server.expectRefused(ann.token, 'PUT', `${path()}/pets`, { source: { url: 'ftp://example.com/a.yaml' } });
      await server.expectRefused(ann.token, 'PUT', `${path()}/pets`, {});
      await server.expectRefused(ann.token, 'PATCH', `${path()}/pets`, { visibility: 'published' });
      await server.expectRefused(ann.token, 'PATCH', `${path()}/pets`, {});
      await expectStatus(orgs(rita).listOpenApiSpecs(orgId, { limit: 5000 }), 400);
    });

    it('refuses a text over 10 MiB (400) and a body over its limit (413)', async () => {
      await server.expectRefused(ann.token, 'POST', path(), { slug: 'huge', source: { text: 'a'.repeat(10 * 1024 * 1024 + 1) } });
      await server.expectRefused(ann.token, 'POST', path(), { slug: 'huge', source: { text: 'a'.repeat(20 * 1024 * 1024) } }, 413);
    });
  });

  describe('callers', () => {
    const path = () => `/v1/orgs/${orgId}/openapi`;
    const body = { slug: 'theirs', source: { text: library } };

    it('lets every member read (ed and rita), without edit permission', async () => {
      for (const user of [ed, rita]) {
        const spec = (await orgs(user).getOpenApiSpecBySlug(orgId, 'pets')).data;
        expect(spec.permissions).toEqual({ view: true, edit: false });
        expect((await orgs(user).listOpenApiSpecs(orgId)).data.items.length).toBeGreaterThan(0);
      }
    });

    it('refuses writes to a member without createOpenAPISpec (403), nothing written', async () => {
      for (const user of [ed, rita]) {
        await server.expectRefused(user.token, 'POST', path(), body, 403);
        await server.expectRefused(user.token, 'PUT', `${path()}/pets`, { source: { text: library } }, 403);
        await server.expectRefused(user.token, 'PATCH', `${path()}/pets`, { visibility: 'public' }, 403);
        await server.expectRefused(user.token, 'DELETE', `${path()}/pets`, undefined, 403);
        await server.expectRefused(user.token, 'POST', `${path()}/pets/refresh`, undefined, 403);
      }
    });

    it('hides everything from a stranger (404), nothing written', async () => {
      await server.expectRefused(cat.token, 'POST', path(), body, 404);
      await server.expectRefused(cat.token, 'PUT', `${path()}/pets`, { source: { text: library } }, 404);
      await server.expectRefused(cat.token, 'PATCH', `${path()}/pets`, { visibility: 'public' }, 404);
      await server.expectRefused(cat.token, 'DELETE', `${path()}/pets`, undefined, 404);
      await expectStatus(orgs(cat).listOpenApiSpecs(orgId), 404);
      await expectStatus(orgs(cat).getOpenApiSpecBySlug(orgId, 'pets'), 404);
      await expectStatus(orgs(cat).listOpenApiSpecVersions(orgId, 'pets'), 404);
      await expectStatus(orgs(cat).getLatestOpenApiSpecVersion(orgId, 'pets'), 404);
      await expectStatus(orgs(cat).getLatestOpenApiSpecVersionContent(orgId, 'pets'), 404);
      await expectStatus(orgs(cat).getLatestOpenApiSpecVersionContentRaw(orgId, 'pets'), 404);
    });
  });
});
