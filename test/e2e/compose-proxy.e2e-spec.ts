import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createSocket, Socket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS, waitUntil } from '../support/processes';

// The proxy of the compose stack (deploy/haproxy.cfg) run by HAProxy itself, outside Docker: the file with
// only its addresses moved (Docker's DNS server -> a stand-in answering for `api`, the ports -> free ones),
// in front of two stand-in replicas on 127.0.0.2 and 127.0.0.3 (one port, two addresses, as two containers
// of the `api` service). Skipped where HAProxy is not installed.

const root = join(__dirname, '..', '..');
const itWithHaproxy = spawnSync('haproxy', ['-v']).status === 0 ? it : it.skip;

/** A stand-in for Docker's DNS server: answers A queries for any name with `addresses`, nothing else. */
class Dns {
  addresses: string[] = [];
  private readonly socket: Socket = createSocket('udp4');

  async start(): Promise<number> {
    this.socket.on('message', (query, peer) => this.socket.send(this.answer(query), peer.port, peer.address));
    await new Promise<void>((resolve) => this.socket.bind(0, '127.0.0.1', resolve));
    return this.socket.address().port;
  }

  stop() {
    this.socket.close();
  }

  private answer(query: Buffer): Buffer {
    // The question: labels up to the empty one, then type and class.
    let end = 12;
    while (query[end] !== 0) end += query[end] + 1;
    end += 5;
    const question = query.subarray(12, end);
    const isA = question.readUInt16BE(question.length - 4) === 1;
    const records = isA ? this.addresses : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(query.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8180 | (query.readUInt16BE(2) & 0x0100), 2); // a response, recursion as asked
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const answers = records.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name of the question
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(1, 6); // TTL, seconds
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((byte, i) => record.writeUInt8(Number(byte), 12 + i));
      return record;
    });
    return Buffer.concat([header, question, ...answers]);
  }
}

/** A stand-in API replica: /health/live answers 200, /health/ready `ready`, anything else its name. */
class Replica {
  ready = 200;
  readonly paths: string[] = [];
  private readonly server: Server;

  constructor(readonly address: string) {
    this.server = createServer((request, response) => {
      const path = request.url ?? '';
      this.paths.push(path);
      if (path === '/health/live') response.writeHead(200).end();
      else if (path === '/health/ready') response.writeHead(this.ready).end();
      else response.writeHead(200).end(this.address);
    });
  }

  listen(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.server.once('error', () => resolve(false));
      this.server.listen(port, this.address, () => resolve(true));
    });
  }

  get port() {
    return (this.server.address() as AddressInfo).port;
  }

  close() {
    this.server.close();
  }
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** deploy/haproxy.cfg with `replacements` applied, each required to match exactly once. */
function movedConfig(replacements: [string, string][]): string {
  let text = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count < 1) throw new Error(`deploy/haproxy.cfg no longer has "${from}"`);
    text = text.split(from).join(to);
  }
  return text;
}

describe('the proxy of the compose stack', () => {
  const dns = new Dns();
  const a = new Replica('127.0.0.2');
  const b = new Replica('127.0.0.3');
  let haproxy: ChildProcess | undefined;
  let work: string;
  let proxy: string;
  let healthPort: number;

  beforeAll(async () => {
    const dnsPort = await dns.start();
    // One port on both addresses, as every container of a service listens on the same one.
    expect(await a.listen(0)).toBe(true);
    expect(await b.listen(a.port)).toBe(true);
    const proxyPort = await freePort();
    healthPort = await freePort();
    work = mkdtempSync(join(tmpdir(), 'folio-proxy-'));
    const config = join(work, 'haproxy.cfg');
    writeFileSync(
      config,
      movedConfig([
        ['nameserver docker 127.0.0.11:53', `nameserver docker 127.0.0.1:${dnsPort}`],
        ['bind :3000', `bind 127.0.0.1:${proxyPort}`],
        ['bind 127.0.0.1:8404', `bind 127.0.0.1:${healthPort}`],
        ['api:3000', `api:${a.port}`],
      ]),
    );
    dns.addresses = [a.address, b.address];
    proxy = `http://127.0.0.1:${proxyPort}`;
    haproxy = spawn('haproxy', ['-db', '-f', config], { env: { PATH: process.env.PATH, FOLIO_HEALTH_PORT: String(a.port) }, stdio: 'ignore' });
  }, PROCESS_TEST_TIMEOUT_MS);

  afterAll(() => {
    haproxy?.kill('SIGKILL');
    dns.stop();
    a.close();
    b.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Which replicas answered `count` requests through the proxy (`failed` if one was not a 200). */
  async function answering(count = 12): Promise<Set<string>> {
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${proxy}/v1/orgs`).catch(() => null);
      seen.add(response?.status === 200 ? await response.text() : 'failed');
    }
    return seen;
  }
  const only = (...names: string[]) => async () => {
    const seen = await answering();
    return seen.size === names.length && names.every((name) => seen.has(name));
  };

  itWithHaproxy(
    'sends requests to every ready replica it finds in DNS, none to one whose readiness fails, and all live ones when none is ready',
    async () => {
      await waitUntil(only(a.address, b.address), 'both replicas answer');

      b.ready = 503;
      await waitUntil(only(a.address), 'only the ready replica answers');
      // Stable: HAProxy checks every 2 s; a failed check more does not bring the replica back.
      expect(await answering(30)).toEqual(new Set([a.address]));

      // The projections lag everywhere at once: still served, by the replicas that are live.
      a.ready = 503;
      await waitUntil(only(a.address, b.address), 'served by the live replicas while none is ready');

      a.ready = 200;
      b.ready = 200;
      await waitUntil(only(a.address, b.address), 'both ready again');
      // Scaled down: the replica's address leaves DNS, and the proxy stops sending to it.
      dns.addresses = [a.address];
      await waitUntil(only(a.address), 'only the replica still in DNS answers');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  itWithHaproxy(
    'keeps /metrics to the network of the stack, and is healthy while a replica is live',
    async () => {
      const metrics = await fetch(`${proxy}/metrics`);
      expect(metrics.status).toBe(404);
      expect([...a.paths, ...b.paths]).not.toContain('/metrics');
      expect((await fetch(`http://127.0.0.1:${healthPort}/live`)).status).toBe(200);
      // The header the API reads the client's address from.
      expect(readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8')).toMatch(/^\toption forwardfor$/m);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
