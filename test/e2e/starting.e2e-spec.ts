import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/children';
import { stalledPeer } from '@folio/platform/testing/stalled-peer';
import {
  cli,
  exitOf,
  killStartedProcesses,
  npmStart,
  PROCESS_TEST_TIMEOUT_MS,
  processTree,
  startApiProcess,
  startProjectorProcess,
  startRefused,
  waitUntilGone,
} from '../support/processes';

/** The uid that cannot write a directory root owns with mode 0555 (root writes anywhere). */
const NOBODY = 65534;

describe('starting and stopping', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'folio-start-'));
  });
  afterEach(() => {
    killStartedProcesses();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** What a refused start must look like: exit 1 and exactly one line on stderr, no stack. */
  const expectOneLine = (result: { status: number | null; stderr: string }, message: RegExp) => {
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  };

  it(
    'refuses a port already in use with one line, before writing anything',
    async () => {
      const port = await freePort();
      const taken: Server = createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
      try {
        const dataDir = join(scratch, 'data');
        const result = startRefused('api', { DATA_DIR: dataDir, PORT: String(port) });
        expectOneLine(result, new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use.*set PORT`));
        expect(existsSync(dataDir)).toBe(false); // no store, no secret, no admin token
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a DATA_DIR it may not write with one line saying so (EACCES, not ENOENT), writing nothing',
    async () => {
      const dataDir = join(scratch, 'readonly');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o555);
      chmodSync(scratch, 0o755);
      // Root writes through 0555, so as root the server runs as nobody (spawn's uid), as an unprivileged
      // deployment would.
      const asUser = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
      const result = startRefused('api', { DATA_DIR: join(dataDir, 'data'), PORT: String(await freePort()) }, asUser);
      expectOneLine(result, /^DATA_DIR .*readonly\/data is not writable \(permission denied\)/);
      expect(readdirSync(dataDir)).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses an unknown LOG_LEVEL with the list of valid ones, in every process',
    async () => {
      for (const app of ['api', 'projector', 'cli'] as const) {
        const result = startRefused(app, { DATA_DIR: join(scratch, 'data'), PORT: String(await freePort()), LOG_LEVEL: 'verbose' });
        expectOneLine(result, /^LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "verbose"$/);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start the API in distributed mode without FOLIO_SECRET, saying how to set it',
    async () => {
      const result = startRefused('api', {
        DATA_DIR: join(scratch, 'data'),
        PORT: String(await freePort()),
        // Never contacted: the secret is checked before any store is opened.
        EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
        MONGODB_URL: 'mongodb://127.0.0.1:1/folio',
      });
      expectOneLine(result, /^FOLIO_SECRET is not set: .*\.env.*openssl rand -hex 32/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses unreachable distributed stores with one line naming the variable and the host, in every process',
    async () => {
      // A closed port refuses at once; a stalled peer (the kernel accepts for it, while this process waits
      // on the child) never answers: the start gives up on it after its 4 s bound, well within 10 s.
      const closed = await freePort();
      const peer = await stalledPeer();
      try {
        for (const app of ['api', 'projector', 'cli'] as const) {
          const result = startRefused(
            app,
            {
              DATA_DIR: join(scratch, 'data'),
              PORT: String(await freePort()),
              FOLIO_SECRET: 'a-secret-of-at-least-32-characters-for-this-test',
              EVENTSTORE_URL: `esdb://admin:changeit@127.0.0.1:${closed}?tls=false`,
              MONGODB_URL: `mongodb://127.0.0.1:${peer.port}/folio?directConnection=true`,
            },
            // A start that hung on a store would be killed here (status null) and fail the test.
            { timeout: 20_000 },
          );
          expectOneLine(
            result,
            new RegExp(
              `^EVENTSTORE_URL 127\\.0\\.0\\.1:${closed} unreachable: connection refused .*; MONGODB_URL 127\\.0\\.0\\.1:${peer.port} unreachable: no answer within 4 s$`,
            ),
          );
          expect(result.stderr).not.toContain('changeit');
        }
      } finally {
        await peer.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'loads the secret only in the API: the CLI and the projector run without it, and the projector serves /health',
    async () => {
      const dataDir = join(scratch, 'data');
      expect(cli(dataDir, ['projections', 'status']).status).toBe(0);
      const port = await freePort();
      const projector = await startProjectorProcess(dataDir, port);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', stores: { events: 'up', reads: 'up' }, projections: { 'identity-users': { lag: '0' } } });
      expect((await fetch(`http://127.0.0.1:${port}/v1/user`)).status).toBe(404);
      projector.kill('SIGTERM');
      expect(await exitOf(projector)).toBe(0);
      // In embedded mode a process that loads the secret generates DATA_DIR/secret.
      expect(existsSync(join(dataDir, 'secret'))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'logs the URL, the health URL and the admin token file on every start, and the route table only at debug',
    async () => {
      const dataDir = join(scratch, 'data');
      const port = await freePort();
      const startLine = new RegExp(
        `Folio API listening on http://127\\.0\\.0\\.1:${port}/v1 \\(health: http://127\\.0\\.0\\.1:${port}/health\\); admin token in ${dataDir}/admin-token`,
      );
      for (const logLevel of ['info', 'debug']) {
        const api = await startApiProcess(dataDir, port, { LOG_LEVEL: logLevel });
        expect(api.startLog).toMatch(startLine);
        const routeLines = api.startLog.split('\n').filter((line) => /"context":"(RoutesResolver|RouterExplorer)"/.test(line));
        if (logLevel === 'info') expect(routeLines).toEqual([]);
        else expect(routeLines).toContainEqual(expect.stringContaining('"level":20'));
        api.kill('SIGTERM');
        expect(await exitOf(api)).toBe(0);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'starts an embedded API without loading the distributed stores\' clients or the PDF drawing code',
    async () => {
      // Each stays in memory for the server's life: the MongoDB driver's BSON module alone keeps a 17 MB buffer.
      // PDFs are drawn in worker threads, which load pdfkit themselves.
      const list = join(scratch, 'modules.txt');
      const root = join(__dirname, '../..');
      const api = await startApiProcess(join(scratch, 'data'), await freePort(), {
        NODE_OPTIONS: `--require ${join(root, 'test/support/loaded-modules.js')}`,
        FOLIO_TEST_LOADED_MODULES: list,
      });
      api.kill('SIGTERM');
      expect(await exitOf(api)).toBe(0);
      const loaded = readFileSync(list, 'utf8').split('\n');
      expect(loaded.some((file) => file.includes('/node_modules/@nestjs/core/'))).toBe(true);
      for (const heavy of ['mongodb', 'bson', '@eventstore/db-client', '@grpc/grpc-js', 'pdfkit', 'fontkit']) {
        expect({ heavy, loaded: loaded.some((file) => file.includes(`/node_modules/${heavy}/`)) }).toEqual({ heavy, loaded: false });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    "loads in a worker thread's program only what it runs: neither Nest nor the HTTP bodies' validation",
    () => {
      // Each of the pool's threads holds what its program loads until it ends: a document thread that loaded Nest and
      // class-validator (through the content batch's validation) started at 51 MB of heap instead of 28.
      const root = join(__dirname, '../..');
      for (const program of ['dist/libs/content/src/documents/document.worker.js', 'dist/libs/content/src/pdf/pdf.worker.js']) {
        const script = `require(${JSON.stringify(join(root, program))}); process.stdout.write(Object.keys(require.cache).join('\\n'))`;
        const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: PROCESS_TEST_TIMEOUT_MS });
        expect(result.status).toBe(0);
        const loaded = result.stdout.split('\n');
        for (const heavy of ['@nestjs/common', 'class-validator', 'class-transformer', 'rxjs']) {
          expect({ program, heavy, loaded: loaded.some((file) => file.includes(`/node_modules/${heavy}/`)) }).toEqual({ program, heavy, loaded: false });
        }
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    '`npm start` then SIGTERM to npm: the server gets the signal, the port closes and no process is left',
    async () => {
      const port = await freePort();
      const npm = await npmStart(join(scratch, 'data'), port);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      const tree = processTree(npm.pid!);
      try {
        expect(tree.length).toBeGreaterThan(1); // npm and the server at least
        npm.kill('SIGTERM');
        await waitUntilGone(tree, 60_000);
        await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
      } finally {
        for (const pid of tree) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone, as it should be.
          }
        }
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
