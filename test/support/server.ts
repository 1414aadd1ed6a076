import { GitBookAPI } from '@gitbook/api';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { freePort } from '../../bench/children';
import { UNREACHED_RATE_LIMITS } from '../../bench/folio';
import { AppModule } from '../../apps/api/src/app.module';
import { createTestApp } from '../../apps/api/src/create-app';
import { systemCaller } from '@folio/platform/auth/caller';
import { Clock, ManualClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { BootstrapAdmin } from '@folio/identity/bootstrap/bootstrap-admin';
import { MetricsListener } from '@folio/platform/metrics/metrics-listener';
import { Projection, PROJECTIONS } from '@folio/platform/projections/projection';
import { CheckpointFollower, ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { CreateUser } from '@folio/identity/users/user.commands';

export interface TestServer {
  url: string;
  app: NestFastifyApplication;
  dataDir: string;
  clock: ManualClock;
  adminToken: string;
  events: EventStore;
  /** The official client, authenticated as the holder of `token`. */
  as(token: string): GitBookAPI;
  createUser(email: string, name?: string): Promise<{ id: string; token: string }>;
  /** The head of the event log: tests compare it before and after a refused request. */
  head(): Promise<string | null>;
  /** A raw request, for what the client cannot send (malformed JSON, huge bodies, no token). */
  fetch(path: string, init?: RequestInit & { token?: string }): Promise<{ status: number; body: unknown; headers: Headers }>;
  /**
   * Sends a JSON request the server must refuse: checks the status (400 unless said), the error body,
   * and that nothing was appended to the log. Answers the error message.
   */
  expectRefused(token: string, method: string, path: string, body?: unknown, status?: number): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real API on a temp embedded store, as `npm start` runs it, but with a clock tests can move (and `env`'s
 * settings; `replica`: as an API replica of the distributed mode). Its rate limits are out of reach unless `env`
 * sets them: suites send many requests with one token.
 */
export async function startServer(options: { dataDir?: string; logger?: pino.Logger; env?: NodeJS.ProcessEnv; replica?: boolean } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'folio-e2e-'));
  const port = await freePort();
  const config = loadConfig({ ...UNREACHED_RATE_LIMITS, ...options.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const clock = new ManualClock(new Date('2026-03-01T09:00:00.000Z'));
  const builder = Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(CONFIG)
    .useValue(config)
    .overrideProvider(Clock)
    .useValue(clock);
  // An API replica of the distributed mode: it projects nothing and runs no process, it follows the checkpoints of
  // a projector on the same data directory (test/support/projector.ts).
  if (options.replica) {
    builder.overrideProvider(ProjectionProgress).useFactory({
      factory: (events: EventStore, reads: ReadStore, projections: Projection[]) => new CheckpointFollower(events, reads, projections),
      inject: [EVENT_STORE, READ_STORE, PROJECTIONS],
    });
  }
  const app = await createTestApp(builder, options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'silent' }));
  await app.listen({ port, host: '127.0.0.1' });
  // Tests run the CLI with spawnSync, which blocks this process's event loop (the server's too) for as long as the
  // CLI runs: past Fastify's 72 s keep-alive on a loaded machine, the server would close an idle kept-alive socket
  // in the same turn as the test's next request is sent on it (ECONNRESET). Sockets here idle as long as a test needs.
  (app.getHttpServer() as import('node:http').Server).keepAliveTimeout = 600_000;
  await app.get(MetricsListener).listen(); // as main.ts: a second listener when `env` sets METRICS_PORT
  await app.get(BootstrapAdmin).run();
  const url = `http://127.0.0.1:${port}`;
  const events = app.get<EventStore>(EVENT_STORE);
  const server: TestServer = {
    url,
    app,
    dataDir,
    clock,
    adminToken: readFileSync(join(dataDir, 'admin-token'), 'utf8').trim(),
    events,
    as: (token) => new GitBookAPI({ endpoint: url, authToken: token }),
    createUser: async (email, name) => {
      const { id, token } = await app.get(CommandBus).execute(new CreateUser(systemCaller('test', 'script'), email, name));
      return { id, token: token! };
    },
    head: () => events.headPosition(),
    fetch: async (path, init = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      const response = await fetch(`${url}${path}`, { ...rest, headers });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    },
    expectRefused: async (token, method, path, body, status = 400) => {
      const before = await events.headPosition();
      const response = await server.fetch(path, {
        method,
        token,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error: { code: status, message: expect.any(String) } });
      expect(await events.headPosition()).toBe(before);
      return (response.body as { error: { message: string } }).error.message;
    },
    stop: async () => {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Awaits a client call expected to fail, and checks its status code. */
export async function expectStatus(call: Promise<unknown>, status: number) {
  await expect(call).rejects.toMatchObject({ code: status });
}
