import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/children';
import { InstrumentedEventStore } from '@folio/platform/metrics/instrumented-event-store';
import { MetricsRegistry } from '@folio/platform/metrics/metrics-registry';
import { allProjections } from '../../apps/api/src/projections';
import { createServer } from 'node:net';
import { killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess, startProjectorProcess, startRefused, waitUntil } from '../support/processes';
import { startServer, TestServer } from '../support/server';

/** The process managers whose queues operators watch (spec processing, translation runs, conversation extraction). */
const PROCESSES = ['content-openapi-spec-processing', 'content-translation-runs', 'insights-issue-extraction'];

interface Scrape {
  status: number;
  contentType: string | null;
  text: string;
}

async function scrape(base: string): Promise<Scrape> {
  const response = await fetch(`${base}/metrics`);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

/** The labels of a sample line as written by prom-client: `name{a="x",b="y"} value`. */
function labelsOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = labelsOf(match[2] ?? '');
    if (Object.entries(labels).every(([key, value]) => have.get(key) === value)) found.push(Number(match[3]));
  }
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0];
}

describe('GET /metrics and the health probes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('serves the Prometheus text format without a token', async () => {
    const { status, contentType, text } = await scrape(server.url);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(/^# HELP folio_http_requests_total /m);
    expect(text).toMatch(/^# TYPE folio_http_request_duration_seconds histogram$/m);
  });

  it('counts requests by route template, method and status, never by the path asked', async () => {
    const orgId = (await server.as(server.adminToken).orgs.createOrganization({ title: 'Metered' })).data.id;
    const route = { route: '/v1/orgs/:organizationId', method: 'GET' };
    const before = await scrape(server.url);
    for (let i = 0; i < 3; i++) expect((await server.fetch(`/v1/orgs/${orgId}`, { token: server.adminToken })).status).toBe(200);
    expect((await server.fetch('/v1/orgs/unknownOrganization', { token: server.adminToken })).status).toBe(404);
    expect((await server.fetch(`/v1/orgs/${orgId}`)).status).toBe(401);
    expect((await server.fetch('/no/such/route/at/all')).status).toBe(404);
    const after = (await scrape(server.url)).text;

    const ok = { ...route, status: '200' };
    expect(sample(after, 'folio_http_requests_total', ok)).toBe((sample(before.text, 'folio_http_requests_total', ok) ?? 0) + 3);
    expect(sample(after, 'folio_http_request_duration_seconds_count', ok)).toBe((sample(before.text, 'folio_http_request_duration_seconds_count', ok) ?? 0) + 3);
    expect(sample(after, 'folio_http_request_duration_seconds_bucket', { ...ok, le: '+Inf' })).toBe(sample(after, 'folio_http_request_duration_seconds_count', ok));
    expect(sample(after, 'folio_http_request_duration_seconds_sum', ok)).toBeGreaterThan(0);
    expect(sample(after, 'folio_http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(sample(after, 'folio_http_requests_total', { ...route, status: '401' })).toBe(1);
    expect(sample(after, 'folio_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    // Ids never become labels: the number of series follows the routes, not the traffic.
    expect(after).not.toContain(orgId);
    expect(after).not.toContain('unknownOrganization');
    expect(after).not.toContain('/no/such/route');
  });

  it('counts event-store appends, their latency and their size', async () => {
    const before = (await scrape(server.url)).text;
    await server.as(server.adminToken).orgs.createOrganization({ title: 'Appended' });
    const after = (await scrape(server.url)).text;
    const ok = { outcome: 'ok' };
    expect(sample(after, 'folio_event_store_appends_total', ok)).toBeGreaterThan(sample(before, 'folio_event_store_appends_total', ok)!);
    expect(sample(after, 'folio_event_store_append_duration_seconds_count', ok)).toBe(sample(after, 'folio_event_store_appends_total', ok));
    expect(sample(after, 'folio_event_store_appended_events_sum')).toBeGreaterThan(sample(before, 'folio_event_store_appended_events_sum')!);
    expect(sample(after, 'folio_event_store_appends_total', { outcome: 'conflict' })).toBe(sample(before, 'folio_event_store_appends_total', { outcome: 'conflict' }));
  });

  it('reports every projection’s lag and every process queue, at 0 once they have caught up', async () => {
    await server.as(server.adminToken).orgs.createOrganization({ title: 'Lagging' });
    const names = allProjections.map((p) => p.name);
    const caughtUp = async () => {
      const { text } = await scrape(server.url);
      return [...names.map((projection) => sample(text, 'folio_projection_lag', { projection })), ...PROCESSES.map((process) => sample(text, 'folio_process_queue', { process }))].every((v) => v === 0);
    };
    await waitUntil(caughtUp, 'projections and processes at the head');
    const { text } = await scrape(server.url);
    for (const projection of names) expect(sample(text, 'folio_projection_lag', { projection })).toBe(0);
    for (const process of PROCESSES) expect(sample(text, 'folio_process_queue', { process })).toBe(0);
  });

  it('includes Node’s default metrics', async () => {
    const { text } = await scrape(server.url);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('answers /health/live and /health/ready without a token, ready as /health', async () => {
    const live = await server.fetch('/health/live');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await server.fetch('/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok', stores: { events: 'up', reads: 'up' } } });
    expect(Object.keys((ready.body as { projections: object }).projections).sort()).toEqual(allProjections.map((p) => p.name).sort());
    const health = await server.fetch('/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok', stores: { events: 'up', reads: 'up' } } });
    expect(Object.keys((health.body as { projections: object }).projections)).toEqual(Object.keys((ready.body as { projections: object }).projections));
  });
});

describe('METRICS_PORT: a second listener for the scrape and the probes', () => {
  let server: TestServer;
  let metricsBase: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsBase = `http://127.0.0.1:${port}`;
    server = await startServer({ env: { METRICS_PORT: String(port) } });
  });
  afterAll(() => server.stop());

  it('serves /metrics there, counting the main port’s requests, and 404 on the main port', async () => {
    expect((await server.fetch('/v1/user', { token: server.adminToken })).status).toBe(200);
    const { status, text } = await scrape(metricsBase);
    expect(status).toBe(200);
    expect(sample(text, 'folio_http_requests_total', { route: '/v1/user', method: 'GET', status: '200' })).toBe(1);
    const main = await server.fetch('/metrics');
    expect(main).toMatchObject({ status: 404, body: { error: { code: 404 } } });
  });

  it('serves the health routes on both ports', async () => {
    for (const base of [metricsBase, server.url]) {
      for (const path of ['/health', '/health/live', '/health/ready']) expect([path, (await fetch(`${base}${path}`)).status]).toEqual([path, 200]);
    }
    const ready = await (await fetch(`${metricsBase}/health/ready`)).json();
    expect(ready).toMatchObject({ status: 'ok', stores: { events: 'up', reads: 'up' } });
    const other = await fetch(`${metricsBase}/v1/user`);
    expect([other.status, await other.json()]).toEqual([404, { error: { code: 404, message: 'Cannot GET /v1/user' } }]);
  });

  it('closes the second listener with the application', async () => {
    const other = await freePort();
    const stopping = await startServer({ env: { METRICS_PORT: String(other) } });
    expect((await fetch(`http://127.0.0.1:${other}/health/live`)).status).toBe(200);
    await stopping.stop();
    await expect(fetch(`http://127.0.0.1:${other}/health/live`)).rejects.toThrow();
  });
});

describe('METRICS=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { METRICS: 'off' } });
  });
  afterAll(() => server.stop());

  it('serves no /metrics and measures nothing: the event store is not wrapped', async () => {
    expect((await server.fetch('/v1/user', { token: server.adminToken })).status).toBe(200);
    expect(await server.fetch('/metrics')).toMatchObject({ status: 404, body: { error: { code: 404 } } });
    expect(server.events).not.toBeInstanceOf(InstrumentedEventStore);
    // Nothing registered: no request series, no gauges, no Node sampling.
    expect(await server.app.get(MetricsRegistry).registry.getMetricsAsJSON()).toEqual([]);
    expect((await server.fetch('/health/ready')).status).toBe(200);
  });
});

describe('the built processes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-projector-metrics-'));
  });
  afterAll(() => {
    killStartedProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'the projector serves /health/live, /health/ready and /metrics with the projections’ lag',
    async () => {
      const port = await freePort();
      await startProjectorProcess(dataDir, port);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      const { status, text } = await scrape(base);
      expect(status).toBe(200);
      expect(sample(text, 'folio_projection_lag', { projection: 'identity-users' })).toBe(0);
      expect(sample(text, 'folio_http_requests_total', { route: '/health/ready', method: 'GET', status: '200' })).toBe(1);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'the API started with METRICS_PORT serves /metrics there only, and says where in its start log',
    async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const api = await startApiProcess(join(dataDir, 'api'), port, { METRICS_PORT: String(metricsPort) });
      expect(api.startLog).toContain(`"metrics":"http://127.0.0.1:${metricsPort}/metrics"`);
      const queue = async () => sample((await scrape(`http://127.0.0.1:${metricsPort}`)).text, 'folio_process_queue', { process: 'content-openapi-spec-processing' });
      // Spec processing starts in the background: its queue empties once it has read the bootstrap's events.
      await waitUntil(async () => (await queue()) === 0, 'spec processing caught up');
      expect((await scrape(`http://127.0.0.1:${port}`)).status).toBe(404);
      for (const base of [`http://127.0.0.1:${port}`, `http://127.0.0.1:${metricsPort}`]) expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a METRICS_PORT already in use with one line naming it, before writing anything',
    async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const metricsPort = (taken.address() as { port: number }).port;
      try {
        for (const app of ['api', 'projector'] as const) {
          const refusedDir = join(dataDir, `refused-${app}`);
          const result = startRefused(app, { DATA_DIR: refusedDir, PORT: String(await freePort()), METRICS_PORT: String(metricsPort) });
          expect(result.status).toBe(1);
          expect(existsSync(refusedDir)).toBe(false);
          expect(result.stderr.trim()).toMatch(new RegExp(`^Port ${metricsPort} on 127\\.0\\.0\\.1 is already in use.*set METRICS_PORT to another port$`));
        }
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
