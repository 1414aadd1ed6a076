// What rate limiting and metrics cost reads: GET /v1/orgs/{id} (a stream-revision ETag) and GET
// /v1/orgs/{id}/spaces (a list: a hashed weak ETag) on two Folio processes started alike, one as it runs by
// default (RATE_LIMIT on with limits the load never reaches, METRICS on) and one with RATE_LIMIT=off and
// METRICS=off. The two are loaded in turn, in alternating order round after round, so that drift of a shared
// machine (other processes, CPU frequency) falls on both alike. The cost is the median over the rounds of each
// round's throughput ratio (a round that another process's burst spoiled weighs no more than one); throughput and
// server CPU per request are also shown summed over the rounds. Target: the limits and metrics cost under 5% of read throughput. Also: what the
// conditional-GET hook's hashing costs an answer of each route's size (it runs in both processes).
import type { FastifyInstance } from 'fastify';
import { hash } from 'node:crypto';
import { join } from 'node:path';
import { installRateLimits } from '@folio/platform/http/rate-limit/rate-limits';
import { runAlone } from './alone';
import { createOrganization, Folio, startFolio } from './folio';
import { LoadFigures, measure } from './load';
import { num, section, table, us } from './report';

export const HTTP_OVERHEAD_TARGET = 0.05;
const ROUNDS = 8;
const SECONDS = 2;
/** The list read keeps getting faster for seconds after start (JIT, caches): each process is warmed this long per read first. */
const WARMUP_SECONDS = 4;
const CONNECTIONS = 8;
/** Spaces in the listed organization: a page of a list as clients read it. */
const SPACES = 20;
const HASHES = 20_000;

export interface OverheadRead {
  name: string;
  bytes: number;
  /** Requests per second and server CPU per request, over all rounds: with limits and metrics on, and off. */
  on: { rps: number; cpuUsPerRequest: number };
  off: { rps: number; cpuUsPerRequest: number };
  /** 1 − on / off throughput, the median over the rounds: the share of read throughput the two cost. */
  cost: number;
  /** The lowest and highest round's cost: how noisy the machine was. */
  costRange: [number, number];
  /** The weak ETag's hash of this answer, in µs (in this process). */
  hashUs: number;
  non2xx: number;
}

export interface HttpOverheadFigures {
  rounds: number;
  seconds: number;
  reads: OverheadRead[];
  /** The reads' costs averaged, each read counting alike (the slower list would weigh little in pooled totals). */
  cost: number;
  /** The rate limiter's hooks (onRequest, onResponse) for one request with an accepted token, in µs. */
  limiterUs: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** The organization and its spaces, made through the API, in one process. */
async function setUp(folio: Folio): Promise<string[]> {
  const organizationId = await createOrganization(folio, 'Bench overhead');
  for (let i = 0; i < SPACES; i++) await folio.call('POST', `/v1/orgs/${organizationId}/spaces`, { title: `Space ${i + 1}` });
  return [`/v1/orgs/${organizationId}`, `/v1/orgs/${organizationId}/spaces`];
}

function hashMicros(text: string): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < HASHES; i++) hash('sha1', text, 'base64url');
  return Number(process.hrtime.bigint() - start) / 1000 / HASHES;
}

interface Tally {
  total: number;
  seconds: number;
  cpuUs: number;
  non2xx: number;
}

/** The limiter's two hooks, called as Fastify calls them for a request with an accepted token, timed per request. */
function limiterMicros(): number {
  const hooks = new Map<string, (request: object, reply: object, done: () => void) => void>();
  const stub = { addHook: (name: string, hook: (request: object, reply: object, done: () => void) => void) => hooks.set(name, hook) };
  const limits = { burst: 1e9, perSecond: 1e9 };
  installRateLimits(stub as unknown as FastifyInstance, { token: limits, ip: limits });
  const [onRequest, onResponse] = [hooks.get('onRequest')!, hooks.get('onResponse')!];
  const reply = { header: () => reply };
  const headers = { authorization: `Bearer ${'t'.repeat(40)}` };
  const done = () => undefined;
  const start = process.hrtime.bigint();
  for (let i = 0; i < HASHES * 10; i++) {
    const request = { url: '/v1/orgs/x', headers, ip: '127.0.0.1', caller: { userId: 'u' } };
    onRequest(request, reply, done);
    onResponse(request, reply, done);
  }
  return Number(process.hrtime.bigint() - start) / 1000 / (HASHES * 10);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function add(tally: Tally, figures: LoadFigures) {
  tally.total += figures.total;
  tally.seconds += figures.total / figures.rps;
  tally.cpuUs += figures.cpuUsPerRequest * figures.total;
  tally.non2xx += figures.non2xx + figures.errors;
}

export async function measureHttpOverhead(tempDir: string): Promise<HttpOverheadFigures> {
  log('HTTP overhead: starting Folio with rate limits and metrics on, and with both off');
  const on = await startFolio(join(tempDir, 'on'));
  const off = await startFolio(join(tempDir, 'off'), undefined, { RATE_LIMIT: 'off', METRICS: 'off' });
  const variants = [
    { name: 'on', folio: on, paths: await setUp(on) },
    { name: 'off', folio: off, paths: await setUp(off) },
  ];
  const names = ['GET /v1/orgs/{id}', 'GET /v1/orgs/{id}/spaces'];
  const tallies = names.map(() => variants.map((): Tally => ({ total: 0, seconds: 0, cpuUs: 0, non2xx: 0 })));
  /** Per read, each round's 1 − on / off throughput. */
  const roundCosts = names.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (let read = 0; read < names.length; read++) {
      const rps: number[] = [];
      for (const v of order) {
        const { name, folio, paths } = variants[v];
        const options = { url: folio.url + paths[read], connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}` } };
        const { measured } = await measure(`round ${round + 1}, ${names[read]}, ${name}`, options, SECONDS, round === 0 ? WARMUP_SECONDS : 0, folio.process.pid);
        add(tallies[read][v], measured);
        rps[v] = measured.rps;
      }
      roundCosts[read].push(1 - rps[0] / rps[1]);
    }
  }
  const reads: OverheadRead[] = [];
  for (let read = 0; read < names.length; read++) {
    const { text } = await on.call('GET', variants[0].paths[read]);
    const [withBoth, without] = tallies[read].map((t) => ({ rps: t.total / t.seconds, cpuUsPerRequest: t.cpuUs / t.total }));
    reads.push({
      name: names[read],
      bytes: Buffer.byteLength(text),
      on: withBoth,
      off: without,
      cost: median(roundCosts[read]),
      costRange: [Math.min(...roundCosts[read]), Math.max(...roundCosts[read])],
      hashUs: hashMicros(text),
      non2xx: tallies[read][0].non2xx + tallies[read][1].non2xx,
    });
  }
  await Promise.all([on.stop(), off.stop()]);
  return { rounds: ROUNDS, seconds: SECONDS, reads, cost: reads.reduce((sum, r) => sum + r.cost, 0) / reads.length, limiterUs: limiterMicros() };
}

const percent = (value: number) => `${num(value * 100, 1)}%`;

export function httpOverheadReport(figures: HttpOverheadFigures): string {
  const passed = figures.cost < HTTP_OVERHEAD_TARGET && figures.reads.every((r) => r.non2xx === 0);
  return section(
    `Rate limits and metrics: what they cost reads (${figures.rounds} alternating rounds of ${figures.seconds} s, ${CONNECTIONS} connections)`,
    table(
      ['read', 'bytes', 'req/s on', 'req/s off', 'cost (median)', 'rounds from … to', 'CPU/req on', 'CPU/req off', 'ETag hash', 'of CPU/req', 'non-2xx'],
      figures.reads.map((r) => [
        r.name,
        num(r.bytes),
        num(r.on.rps),
        num(r.off.rps),
        percent(r.cost),
        `${percent(r.costRange[0])} … ${percent(r.costRange[1])}`,
        us(r.on.cpuUsPerRequest),
        us(r.off.cpuUsPerRequest),
        us(r.hashUs),
        percent(r.hashUs / r.off.cpuUsPerRequest),
        num(r.non2xx),
      ]),
    ) +
      `\n\non: RATE_LIMIT on (limits never reached) and METRICS on; off: RATE_LIMIT=off METRICS=off. Cost (the reads' mean): ${percent(figures.cost)}` +
      ` (check: under ${percent(HTTP_OVERHEAD_TARGET)} and no non-2xx answer: ${passed ? 'pass' : 'FAIL'}).` +
      `\nThe rate limiter's own work (its hooks, in this process): ${us(figures.limiterUs)} per request,` +
      ` ${percent(figures.limiterUs / figures.reads[0].off.cpuUsPerRequest)} of ${figures.reads[0].name}'s server CPU per request (off).` +
      `\n"ETag hash": the weak ETag's SHA-1 of that answer (both processes pay it), measured in the bench's process, and its share of the` +
      ` server's CPU per request (off).`,
  );
}

// Alone: `node dist/bench/http-overhead.js` after a build.
if (require.main === module) runAlone('http-overhead', measureHttpOverhead, httpOverheadReport);
