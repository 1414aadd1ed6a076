import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { expectMatchesSpec } from '../support/openapi';
import { processedSpec, specFixture } from '../support/openapi-specs';
import { organizationWithRoles, User } from '../support/roles';
import { startServer, TestServer } from '../support/server';

const SPEC = '/orgs/{organizationId}/openapi/{specSlug}';
/** Each test waits for the processor (every wait bounded by waitUntil's 15 s). */
const PROCESSING_TEST_MS = 60_000;
const MIB = 1024 * 1024;

/**
 * The processing of specs given by URL, against a real local HTTP server: documents that parse (3.1
 * YAML, 2.0 JSON), one with a broken `$ref`, an answer of 500, one of 20 MiB, one that never comes, and
 * a loopback URL while private addresses are refused. Folio's servers fetch loopback only where
 * FETCH_ALLOW_PRIVATE=true says so.
 */
describe('OpenAPI spec processing (fetching by URL)', () => {
  let remote: LocalHttpServer;
  /** Requests the local server received, by path. */
  const seen = new Map<string, number>();
  let library = specFixture('library-2.0.json');

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '';
    seen.set(path, (seen.get(path) ?? 0) + 1);
    const send = (status: number, type: string, body: string) => response.writeHead(status, { 'content-type': type }).end(body);
    switch (path) {
      case '/pets.yaml':
        return send(200, 'application/yaml', specFixture('pets-3.1.yaml'));
      case '/library.json':
        return send(200, 'application/json', library);
      case '/broken.yaml':
        return send(200, 'application/yaml', specFixture('broken-ref-3.0.yaml'));
      case '/fails':
        return send(500, 'text/plain', 'the spec server is down');
      case '/huge.yaml': {
        // 20 MiB of a valid YAML document's comment lines, streamed.
        response.writeHead(200, { 'content-type': 'application/yaml' });
        const line = `# ${'x'.repeat(1021)}\n`.repeat(1024);
        let sent = 0;
        const more = () => {
          while (sent < 20 * MIB) {
            sent += line.length;
            if (!response.write(line)) return void response.once('drain', more);
          }
          response.end();
        };
        return more();
      }
      case '/never':
        return; // never answers
      default:
        return send(404, 'text/plain', 'no such document');
    }
  };

  beforeAll(async () => {
    remote = await startLocalHttpServer(answer);
  });
  afterAll(() => remote.close());

  describe('with private fetching allowed (FETCH_ALLOW_PRIVATE=true)', () => {
    let server: TestServer;
    let orgId: string;
    let ann: User;

    beforeAll(async () => {
      server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true' } });
      ({ orgId, ann } = await organizationWithRoles(server));
    }, 60_000);
    afterAll(() => server.stop());

    const create = async (slug: string, path: string) => {
      const { status, data } = await server.as(ann.token).orgs.createOpenApiSpec(orgId, { slug, source: { url: `${remote.url}${path}` } });
      expect(status).toBe(201);
      expect(data).toMatchObject({ processingState: 'pending', sourceURL: `${remote.url}${path}` });
      return processedSpec(server, ann.token, orgId, slug);
    };

    it('processes a valid OpenAPI 3.1 YAML document into a version whose url is its source', async () => {
      const spec = await create('pets', '/pets.yaml');
      expectMatchesSpec('GET', SPEC, 200, spec);
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
      expect(spec).not.toHaveProperty('lastProcessErrorCode');
      const version = (await server.as(ann.token).orgs.getLatestOpenApiSpecVersion(orgId, 'pets')).data;
      expect(version.url).toBe(`${remote.url}/pets.yaml`);
      const content = (await server.as(ann.token).orgs.getLatestOpenApiSpecVersionContent(orgId, 'pets')).data;
      expect(content.filesystem).toMatchObject({ openapi: '3.1.0', components: { schemas: { Pet: { required: ['id', 'name'] } } } });
      expect((await server.as(ann.token).orgs.getLatestOpenApiSpecVersionContentRaw(orgId, 'pets')).data).toEqual({ text: specFixture('pets-3.1.yaml'), format: 'yaml' });
    }, PROCESSING_TEST_MS);

    it('processes a 2.0 JSON document; a refresh fetches it again: a changed text is a new version, an unchanged one is not', async () => {
      const first = await create('library', '/library.json');
      expect(first.lastVersion).toEqual(expect.any(String));
      const content = (await server.as(ann.token).orgs.getLatestOpenApiSpecVersionContent(orgId, 'library')).data;
      expect(content.filesystem).toMatchObject({ swagger: '2.0', definitions: { Book: { required: ['isbn', 'title'] } } });

      const requests = seen.get('/library.json');
      const refreshed = await server.fetch(`/v1/orgs/${orgId}/openapi/library/refresh`, { method: 'POST', token: ann.token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ slug: 'library', processingState: 'pending' });
      const same = await processedSpec(server, ann.token, orgId, 'library');
      expect(seen.get('/library.json')).toBe(requests! + 1);
      expect(same.lastVersion).toBe(first.lastVersion);

      library = library.replace('2.3.0', '2.4.0');
      server.clock.advance(1000); // the versions' order is their creation time's, and the test clock stands still
      await server.fetch(`/v1/orgs/${orgId}/openapi/library/refresh`, { method: 'POST', token: ann.token });
      const changed = await processedSpec(server, ann.token, orgId, 'library');
      expect(changed.lastVersion).not.toBe(first.lastVersion);
      expect((await server.as(ann.token).orgs.listOpenApiSpecVersions(orgId, 'library')).data.items.map((v) => v.id)).toEqual([changed.lastVersion, first.lastVersion]);
    }, PROCESSING_TEST_MS);

    it('records PARSE_ERROR for a document with a broken $ref, naming it, and makes no version', async () => {
      const spec = await create('weather', '/broken.yaml');
      expectMatchesSpec('GET', SPEC, 200, spec);
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
      expect(spec.lastProcessedErrorCount).toBeGreaterThan(0);
      expect(JSON.stringify(spec.lastProcessedErrors)).toContain('#/components/schemas/Reading');
      expect(spec).not.toHaveProperty('lastVersion');
    }, PROCESSING_TEST_MS);

    it('records FETCH_ERROR for a URL answering 500', async () => {
      const spec = await create('down', '/fails');
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR', lastProcessedErrorCount: 1 });
      expect(spec.lastProcessedErrors![0].message).toContain('500');
    }, PROCESSING_TEST_MS);

    it('refuses a 20 MiB document (FETCH_ERROR), past the 10 MiB a spec may be', async () => {
      const spec = await create('huge', '/huge.yaml');
      expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
      expect(spec.lastProcessedErrors![0].message).toContain(`more than ${10 * MIB} bytes`);
    }, PROCESSING_TEST_MS);
  });

  it(
    'records FETCH_TIMEOUT for a URL that never answers (FETCH_TIMEOUT_S=1)',
    async () => {
      const server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true', FETCH_TIMEOUT_S: '1' } });
      try {
        const { orgId, ann } = await organizationWithRoles(server);
        await server.as(ann.token).orgs.createOpenApiSpec(orgId, { slug: 'silent', source: { url: `${remote.url}/never` } });
        const spec = await processedSpec(server, ann.token, orgId, 'silent');
        expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT', lastProcessedErrorCount: 1 });
        expect(spec.lastProcessedErrors![0].message).toContain('longer than 1 s');
      } finally {
        await server.stop();
      }
    },
    PROCESSING_TEST_MS,
  );

  it(
    'refuses a loopback URL while private fetching is off (FETCH_ERROR): the local server sees no request',
    async () => {
      const server = await startServer();
      try {
        const { orgId, ann } = await organizationWithRoles(server);
        const before = seen.get('/pets.yaml') ?? 0;
        await server.as(ann.token).orgs.createOpenApiSpec(orgId, { slug: 'inside', source: { url: `${remote.url}/pets.yaml` } });
        const spec = await processedSpec(server, ann.token, orgId, 'inside');
        expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
        expect(spec.lastProcessedErrors![0].message).toContain('which Folio does not fetch from');
        expect(seen.get('/pets.yaml') ?? 0).toBe(before);
      } finally {
        await server.stop();
      }
    },
    PROCESSING_TEST_MS,
  );
});
