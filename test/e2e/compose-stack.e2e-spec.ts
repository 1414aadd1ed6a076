import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { builtinModules } from 'node:module';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { load } from 'js-yaml';
import { loadConfig } from '@folio/platform/config/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../support/processes';

// The compose stack cannot run here (no Docker engine), so this checks what can be checked without one:
// the file as Compose resolves it (Debian's docker-compose 1.29, as .ci/run does), the healthcheck commands
// against what each image carries, and the CLI run from exactly the files the Dockerfile puts in the image.

const root = join(__dirname, '..', '..');
const has = (command: string) => spawnSync(command, ['--version'], { encoding: 'utf8' }).status === 0 || spawnSync(command, ['-v'], { encoding: 'utf8' }).status === 0;
const itWithCompose = has('docker-compose') ? it : it.skip;
const itWithHaproxy = has('haproxy') ? it : it.skip;

interface Service {
  image?: string;
  build?: unknown;
  pull_policy?: string;
  ports?: (string | { published?: number | string; host_ip?: string })[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

/** docker-compose.yml (and `files` after it) as Compose resolves it with .env.example and `env`, parsed. */
function composeConfig(env: Record<string, string> = {}, files: string[] = []): Record<string, Service> {
  const args = ['--env-file', '.env.example', '-f', 'docker-compose.yml', ...files.flatMap((file) => ['-f', file]), 'config'];
  // A clean environment: the variables of whoever runs the tests must not decide what Compose resolves.
  const result = spawnSync('docker-compose', args, { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`docker-compose config failed: ${result.stderr}`);
  return (load(result.stdout) as { services: Record<string, Service> }).services;
}

/** The host ports a service publishes, as `[host address or '*', port]`. */
function published(service: Service): string[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'string') {
      const parts = port.replace(/\/tcp$/, '').split(':');
      return parts.length === 3 ? `${parts[0]}:${parts[1]}` : `*:${parts[0]}`;
    }
    return `${port.host_ip ?? '*'}:${port.published}`;
  });
}

/**
 * The commands each image of the stack is known to carry, from its build files:
 * - eventstore/eventstore:24.10: curl. EventStore's Dockerfile installs it in the runtime stage, for the
 *   image's own HEALTHCHECK (tags v24.10.0 to v24.10.4).
 * - mongo:7: mongosh. The official image ships the new shell since 6.0 (the legacy `mongo` is gone).
 * - haproxy:3.2-alpine: wget, Busybox's applet in the Alpine base (docker-library/haproxy adds only
 *   ca-certificates and socat; there is no curl).
 * - folio:latest: node, the node:20-bookworm-slim base of our Dockerfile (no curl or wget there), and git,
 *   which its runtime stage installs for Git Sync (checked below against the Dockerfile).
 */
const COMMANDS_OF_IMAGE = new Map([
  ['eventstore/eventstore:24.10', ['curl']],
  ['mongo:7', ['mongosh']],
  ['haproxy:3.2-alpine', ['wget']],
  ['folio:latest', ['node', 'git']],
]);

describe('the compose stack', () => {
  itWithCompose(
    'publishes only the proxy by default; docker-compose.stores.yml publishes the stores on loopback, for the contract tests',
    () => {
      const services = composeConfig();
      const publishing = [...Object.entries(services)].filter(([, service]) => published(service).length > 0);
      expect(publishing.map(([name, service]) => [name, published(service)])).toEqual([['proxy', ['*:3000']]]);

      const withStores = composeConfig({}, ['docker-compose.stores.yml']);
      expect(published(withStores.eventstore)).toEqual(['127.0.0.1:2113']);
      expect(published(withStores.mongo)).toEqual(['127.0.0.1:27017']);
      const moved = composeConfig({ EVENTSTORE_HOST_PORT: '12113', MONGO_HOST_PORT: '37017' }, ['docker-compose.stores.yml']);
      expect([published(moved.eventstore), published(moved.mongo)]).toEqual([['127.0.0.1:12113'], ['127.0.0.1:37017']]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithCompose(
    'builds one image once: one service builds it, the API replicas run it and never pull it',
    () => {
      const services = composeConfig();
      const building = Object.keys(services).filter((name) => services[name].build !== undefined);
      expect(building).toEqual(['projector']);
      expect(services.api.image).toBe(services.projector.image);
      expect(services.api.pull_policy).toBe('never');
      // Compose v1 creates services in dependency order: the builder comes before the API replicas.
      expect(Object.keys(services.api.depends_on ?? {})).toContain('projector');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithCompose(
    'runs every healthcheck with a command its image has',
    () => {
      const services = composeConfig();
      for (const [name, service] of Object.entries(services)) {
        const test = service.healthcheck?.test ?? [];
        // Exec form: the command itself must exist in the image (no shell in between to hide a missing one).
        expect({ name, form: test[0] }).toEqual({ name, form: 'CMD' });
        expect({ name, image: service.image, has: COMMANDS_OF_IMAGE.get(service.image ?? '')?.includes(test[1]) }).toEqual({ name, image: service.image, has: true });
      }
      expect(Object.keys(services).sort()).toEqual(['api', 'eventstore', 'mongo', 'projector', 'proxy']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithCompose(
    'gives the API a configuration it starts with, whose PUBLIC_URL follows FOLIO_PORT unless PUBLIC_URL is set',
    () => {
      const byDefault = composeConfig();
      expect(loadConfig(byDefault.api.environment).publicUrl).toBe('http://localhost:3000');
      expect(() => loadConfig(byDefault.projector.environment)).not.toThrow();

      const moved = composeConfig({ FOLIO_PORT: '8080' });
      expect(published(moved.proxy)).toEqual(['*:8080']);
      expect(loadConfig(moved.api.environment).publicUrl).toBe('http://localhost:8080');

      const explicit = composeConfig({ FOLIO_PORT: '8080', PUBLIC_URL: 'https://folio.example.com' });
      expect(loadConfig(explicit.api.environment).publicUrl).toBe('https://folio.example.com');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithCompose(
    "checks Folio's liveness on the port that serves the health routes, and the proxy checks readiness there",
    async () => {
      const plain = composeConfig();
      expect(plain.proxy.environment?.FOLIO_HEALTH_PORT).toBe('3000');
      const split = composeConfig({ METRICS_PORT: '9100' });
      expect(split.proxy.environment?.FOLIO_HEALTH_PORT).toBe('9100');
      expect(split.api.environment?.METRICS_PORT).toBe('9100');

      // The API's healthcheck, run as Docker runs it (node -e), against stand-ins for the health routes.
      const [, node, flag, script] = plain.api.healthcheck!.test;
      expect(plain.projector.healthcheck!.test).toEqual(plain.api.healthcheck!.test);
      const healthcheck = async (env: Record<string, string>) =>
        new Promise<number | null>((resolve) => spawn(node, [flag, script], { env: { PATH: process.env.PATH, ...env } }).once('exit', resolve));
      const live = await healthServer(200);
      const dead = await healthServer(503);
      try {
        expect(await healthcheck({ PORT: String(live.port), METRICS_PORT: '' })).toBe(0);
        expect(await healthcheck({ PORT: String(dead.port), METRICS_PORT: '' })).toBe(1);
        expect(await healthcheck({ PORT: String(dead.port), METRICS_PORT: String(live.port) })).toBe(0);
        expect(await healthcheck({ PORT: String(live.port), METRICS_PORT: String(dead.port) })).toBe(1);
        expect([...live.paths, ...dead.paths].every((path) => path === '/health/live')).toBe(true);
      } finally {
        live.server.close();
        dead.server.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithHaproxy(
    "has a proxy configuration HAProxy accepts, with the health port Compose gives it",
    () => {
      const result = spawnSync('haproxy', ['-c', '-f', join(root, 'deploy/haproxy.cfg')], {
        env: { PATH: process.env.PATH, FOLIO_HEALTH_PORT: '3000' },
        encoding: 'utf8',
      });
      expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({ status: 0, output: expect.stringContaining('Configuration file is valid') });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

/** A stand-in for a Folio process's health routes: answers `status`, remembers the paths asked. */
async function healthServer(status: number): Promise<{ server: Server; port: number; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, paths };
}

/** The Dockerfile's last stage: the image's runtime. */
function lastStage(): string {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  return dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
}

/** `COPY --from=build /app/<path> ./<path>` and `RUN ln -s <target> <link>` of the Dockerfile's last stage. */
function runtimeStage() {
  const last = lastStage();
  // Each to the same place under /app (`./` for a file, `./<dir>` for a directory).
  const copies = [...last.matchAll(/^COPY --from=build \/app\/(\S+) \.\/(\S*)$/gm)].map((match) => {
    expect([match[1], ''].includes(match[2]) && (match[2] !== '' || !match[1].includes('/'))).toBe(true);
    return match[1];
  });
  const links = [...last.matchAll(/^RUN ln -s \/app\/(\S+) (\S+)$/gm)].map((match) => ({ target: match[1], link: match[2] }));
  return { copies, links };
}

describe('the runtime image', () => {
  it('installs git (Git Sync runs the git command) with the CA certificates https remotes need', () => {
    const installs = [...lastStage().matchAll(/apt-get install -y --no-install-recommends ([^\\\n&]+)/g)].flatMap((match) => match[1].trim().split(/\s+/));
    expect(installs).toEqual(expect.arrayContaining(['git', 'ca-certificates']));
  });
});

describe('the CLI in the image', () => {
  let app: string;
  let work: string;
  let folio: string;

  // /app as the Dockerfile fills it: only what its last stage copies from the build (node_modules linked,
  // not copied: the same packages), the built CLI made executable and linked as `folio`.
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'folio-image-'));
    app = join(work, 'app');
    const { copies, links } = runtimeStage();
    expect(copies.sort()).toEqual(['dist', 'node_modules', 'package.json', 'scripts']);
    for (const path of copies) {
      if (path === 'node_modules') symlinkSync(join(root, path), join(app, path));
      else cpSync(join(root, path), join(app, path), { recursive: true });
    }
    expect(links).toEqual([{ target: 'dist/apps/cli/src/main.js', link: '/usr/local/bin/folio' }]);
    chmodSync(join(app, links[0].target), 0o755);
    folio = join(work, 'bin', 'folio');
    mkdirSync(dirname(folio));
    symlinkSync(join(app, links[0].target), folio);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Runs `command` in /app with the image's environment and nothing else (no TS sources, no repository). */
  const run = (command: string, args: string[]) =>
    spawnSync(command, args, {
      cwd: app,
      env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: work, NODE_ENV: 'production', DATA_DIR: join(work, 'data'), LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it(
    'runs as `folio` from the image\'s files alone: help, then commands on the store',
    () => {
      const help = run(folio, ['--help']);
      expect({ status: help.status, stderr: help.stderr }).toEqual({ status: 0, stderr: '' });
      expect(help.stdout).toContain('usage: folio');

      const created = run(folio, ['users', 'create', '--email', 'operator@example.com']);
      expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
      expect(JSON.parse(created.stdout)).toMatchObject({ email: 'operator@example.com', token: expect.any(String) });
      const listed = run(folio, ['users', 'list']);
      expect(listed.stdout.trim().split('\n').map((line) => JSON.parse(line).email)).toEqual(['operator@example.com']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'runs as `npm run --silent cli -- …` too: the scripts it calls are in the image and build nothing there',
    () => {
      const listed = run('npm', ['run', '--silent', 'cli', '--', 'users', 'list']);
      expect({ status: listed.status, stderr: listed.stderr }).toEqual({ status: 0, stderr: '' });
      expect(listed.stdout).toContain('operator@example.com');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('requires only production dependencies at run time (the image prunes the others)', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const builtins = new Set(builtinModules);
    const required = new Set<string>();
    // What the processes run: the apps and libraries (dist/bench is built too, but never run in the image).
    for (const dir of ['apps', 'libs']) {
      for (const file of filesUnder(join(app, 'dist', dir)).filter((path) => path.endsWith('.js'))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/require(?:\.resolve)?\("([^".][^"]*)"\)/g)) required.add(packageOf(match[1]));
      }
    }
    const missing = [...required].filter((name) => !name.startsWith('node:') && !builtins.has(name) && !Object.hasOwn(manifest.dependencies, name));
    expect(missing).toEqual([]);
    expect(required.size).toBeGreaterThan(20);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => join(dir, path));
}

/** `@scope/name/deep/path` -> `@scope/name`; `name/deep` -> `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
