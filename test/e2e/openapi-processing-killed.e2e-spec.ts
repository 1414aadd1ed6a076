import { GitBookAPI } from '@gitbook/api';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapiSpecStream } from '@folio/content/openapi/spec/openapi-spec.events';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { freePort } from '../../bench/children';
import { specFixture } from '../support/openapi-specs';
import { exitOf, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess, waitUntil } from '../support/processes';

/**
 * The API killed (-9) while its processor is in the middle of a spec's processing (its URL fetched, the
 * answer not come yet): restarted, the API listens at once (the processor works through its backlog in the
 * background), the processor re-runs the reaction from its checkpoint, and the submission gets exactly
 * one result and one version.
 */
describe('OpenAPI spec processing killed in the middle', () => {
  let dataDir: string;
  let remote: LocalHttpServer;
  /** The requests for the spec, each held until the test answers it. */
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-openapi-killed-'));
    remote = await startLocalHttpServer((_request, response) => void held.push(response));
  });
  afterAll(async () => {
    killStartedProcesses();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'resumes after a restart and records one result, one version',
    async () => {
      const port = await freePort();
      const env = { FETCH_ALLOW_PRIVATE: 'true' };
      const first = await startApiProcess(dataDir, port, env);
      const api = new GitBookAPI({ endpoint: `http://127.0.0.1:${port}`, authToken: readFileSync(join(dataDir, 'admin-token'), 'utf8').trim() });
      const orgId = (await api.orgs.createOrganization({ title: 'Acme' })).data.id;
      const spec = (await api.orgs.createOpenApiSpec(orgId, { slug: 'pets', source: { url: `${remote.url}/pets.yaml` } })).data;
      await waitUntil(async () => held.length === 1, 'the processor fetching the spec');
      expect((await api.orgs.getOpenApiSpecBySlug(orgId, 'pets')).data.processingState).toBe('progress');

      first.kill('SIGKILL');
      await exitOf(first);
      held[0].destroy();

      // Up while the re-run's fetch still waits for its answer.
      const second = await startApiProcess(dataDir, port, env);
      const current = async () => (await api.orgs.getOpenApiSpecBySlug(orgId, 'pets')).data;
      await waitUntil(async () => held.length === 2, 'the processor fetching the spec again');
      expect((await current()).processingState).toBe('progress');
      held[1].writeHead(200, { 'content-type': 'application/yaml' }).end(specFixture('pets-3.1.yaml'));
      await waitUntil(async () => (await current()).processingState === 'complete', 'the spec processed after the restart');
      expect(await current()).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
      expect((await api.orgs.listOpenApiSpecVersions(orgId, 'pets')).data.items).toHaveLength(1);
      expect(held).toHaveLength(2);
      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);

      const events = new SqliteEventStore(join(dataDir, 'events.db'));
      try {
        const types = (await events.readStream(openapiSpecStream(spec.id))).map((e) => e.type);
        expect(types).toEqual(['OpenAPISpecCreated', 'OpenAPISpecSubmitted', 'OpenAPISpecProcessingStarted', 'OpenAPISpecVersionAdded', 'OpenAPISpecProcessed']);
      } finally {
        await events.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
