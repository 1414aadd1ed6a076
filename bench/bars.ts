// Issue 25's bars, the core of `npm run bench`: Folio's API under the read and command loads next to the yardstick (a
// plain Nest app with no Folio code: bench/plain-nest.ts), Nest's ceiling through Folio's set-up and bare Fastify, each
// with its server CPU per request; a 1,000-page import and a 500-page PDF in the same API before its resident memory
// is read; the replay of the API's log (topped up to ≥ 100k events) in this process, then as the CLI's whole
// `projections rebuild` process. The page read of a 5,000-page space, the remaining bar, runs in bench/content.ts.
// Alone (`node dist/bench/bars.js` after a build): these and the content bench, their checks, and the figures as JSON.
import { join } from 'node:path';
import { WORKER_IDLE_MS } from '@folio/platform/workers/worker-pool';
import autocannon from 'autocannon';
import { ApiMemoryFigures, IMPORTED_PAGES, measureApiMemory, PRINTED_PAGES } from './api-memory';
import { runAlone } from './alone';
import { freePort, startChild } from './children';
import { CliRebuildFigures, measureCliRebuild } from './cli-rebuild';
import { LARGE_SPACE_PAGES, measureContent } from './content';
import { createOrganization, createOrganizations, Folio, startFolio } from './folio';
import { LoadFigures, measure, READ_LOAD } from './load';
import { residentMb } from './process-stats';
import { measureReplay, ReplayFigures } from './replay';
import { num, ratio, us } from './report';

/** The replay target is stated over a log of at least this many events (bench/replay-log.ts tops it up). */
export const REPLAY_MIN_EVENTS = 100_000;

export const CONNECTIONS = READ_LOAD.connections;
export const READ_SECONDS = READ_LOAD.seconds;
export const READ_WARMUP_SECONDS = READ_LOAD.warmupSeconds;
export const COMMAND_SECONDS = 8;
/**
 * A command runs far more code than a read (aggregate, store, projections, processes), which V8 compiles in its
 * background threads, counted in the server's CPU, over the first seconds of load: in four-second windows of a fresh
 * server, CPU per PATCH fell from ~1,250 to ~750 µs and held from the third. The yardstick and Folio get the same
 * warm-up, so the measured run is each one's steady state.
 */
const COMMAND_WARMUP_SECONDS = 8;
export const COMMAND_ORGS = 100;

/**
 * The bar of issue 25, checked in every run (a miss is reported, not hidden): server CPU per request as a multiple
 * of the yardstick's (bench/plain-nest.ts) in the same run, replay speed, resident memory. Issue 10's throughput
 * bars (reads ≥ 0.5× bare Fastify and ≥ 0.8× Nest's ceiling, 3,000 commands/s) are reported beside them, not checked.
 */
export const TARGET = {
  getCpuOfPlain: 1.5,
  pageReadCpuOfPlain: 2,
  patchCpuOfPlain: 2.5,
  replayEventsPerSecond: 100_000,
  cliRebuildEventsPerSecond: 50_000,
  residentMb: 300,
};

const log = (message: string) => process.stderr.write(`${message}\n`);

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ReadFigures {
  folio: LoadFigures;
  /** The yardstick: a plain Nest app, no Folio code (bench/plain-nest.ts). */
  plain: LoadFigures;
  /** Nest's own ceiling: a hello-world Nest app with Folio's global set-up (bench/nest-ceiling.ts). */
  ceiling: LoadFigures;
  bare: LoadFigures;
  /** Server CPU per request over the yardstick's: Folio's, and Nest's ceiling's (what Folio's set-up alone costs). */
  cpuOfPlain: number;
  ceilingCpuOfPlain: number;
  /** Folio / the yardstick, and Nest's ceiling / the yardstick, req/s. */
  plainRatio: number;
  ceilingOfPlain: number;
  /** Folio / bare Fastify, req/s. */
  ratio: number;
  /** Folio / Nest's ceiling, req/s. */
  ceilingRatio: number;
  /** Nest's ceiling / bare Fastify, req/s: what the framework alone leaves. */
  ceilingOfBare: number;
}

/** Runs `script` (a server of this folder) as a child, `measure`s it, stops it. */
async function withServer<T>(name: string, script: string, env: NodeJS.ProcessEnv, measure: (url: string, pid: number | undefined) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = await startChild(name, join(__dirname, script), port, { ...env, PORT: String(port) });
  try {
    return await measure(server.url, server.process.pid);
  } finally {
    await server.stop();
  }
}

/** The read figures, and the environment the other servers ran with (Folio's answer as their body), for the commands. */
async function benchReads(folio: Folio): Promise<{ reads: ReadFigures; serverEnv: NodeJS.ProcessEnv }> {
  log('Reads: GET /v1/orgs/{id}');
  const id = await createOrganization(folio, 'Bench read org');
  const path = `/v1/orgs/${id}`;
  const sample = await folio.call('GET', path);
  const load = { connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}` } };
  const measureServer = async (label: string, url: string, pid: number | undefined) =>
    (await measure(label, { ...load, url: url + path }, READ_SECONDS, READ_WARMUP_SECONDS, pid)).measured;

  const folioRead = await measureServer('folio', folio.url, folio.process.pid);

  // The others answer Folio's exact body (and bare Fastify its content type), so all send the same bytes.
  const env = { ...process.env, BODY: sample.text, CONTENT_TYPE: sample.contentType, TOKEN: folio.token, LOG_LEVEL: 'warn' };
  const plainRead = await withServer('plain nest', 'plain-nest.js', env, (url, pid) => measureServer('plain nest', url, pid));
  const ceilingRead = await withServer('nest ceiling', 'nest-ceiling.js', env, (url, pid) => measureServer('nest ceiling', url, pid));
  const bareRead = await withServer('bare fastify', 'bare-server.js', env, (url, pid) => measureServer('bare fastify', url, pid));

  const reads = {
    folio: folioRead,
    plain: plainRead,
    ceiling: ceilingRead,
    bare: bareRead,
    cpuOfPlain: folioRead.cpuUsPerRequest / plainRead.cpuUsPerRequest,
    ceilingCpuOfPlain: ceilingRead.cpuUsPerRequest / plainRead.cpuUsPerRequest,
    plainRatio: folioRead.rps / plainRead.rps,
    ceilingOfPlain: ceilingRead.rps / plainRead.rps,
    ratio: folioRead.rps / bareRead.rps,
    ceilingRatio: folioRead.rps / ceilingRead.rps,
    ceilingOfBare: ceilingRead.rps / bareRead.rps,
  };
  return { reads, serverEnv: env };
}

export interface CommandFigures extends LoadFigures {
  /** The same PATCH load on the yardstick (validation of an equal DTO, constant answer), in the same run. */
  plain: LoadFigures;
  /** The same PATCH load on Nest's ceiling (validation, no domain work), in the same run. */
  ceiling: LoadFigures;
  /** Server CPU per PATCH over the yardstick's: Folio's, and Nest's ceiling's. */
  cpuOfPlain: number;
  ceilingCpuOfPlain: number;
  /** Successful PATCHes including the warm-up: each must have appended an event. */
  ok2xxWithWarmup: number;
  /**
   * PATCHes autocannon built, warm-up included. More than answered: when a run ends, autocannon drops
   * the requests still in flight (up to one per connection), which the server may well have applied.
   */
  sent: number;
}

async function benchCommands(folio: Folio, serverEnv: NodeJS.ProcessEnv): Promise<CommandFigures> {
  log(`Commands: PATCH /v1/orgs/{id} over ${COMMAND_ORGS} organizations`);
  const ids = await createOrganizations(folio, COMMAND_ORGS, 'Bench org');
  const measurePatches = async (label: string, url: string, pid: number | undefined) => {
    // One counter shared by all connections (autocannon runs them on this event loop): consecutive
    // requests go to different organizations, and every title is new, so every PATCH is a real change.
    let n = 0;
    const patch: autocannon.Request = {
      method: 'PATCH',
      setupRequest: (request) => {
        const i = n++;
        return { ...request, path: `/v1/orgs/${ids[i % ids.length]}`, body: JSON.stringify({ title: `Bench title ${i}` }) };
      },
    };
    const load = { url, connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}`, 'content-type': 'application/json' }, requests: [patch] };
    const { measured, warmup } = await measure(label, load, COMMAND_SECONDS, COMMAND_WARMUP_SECONDS, pid);
    return { measured, withWarmup: measured.ok2xx + (warmup?.ok2xx ?? 0), sent: n };
  };
  const folioPatches = await measurePatches('folio', folio.url, folio.process.pid);
  const plain = (await withServer('plain nest', 'plain-nest.js', serverEnv, (url, pid) => measurePatches('plain nest', url, pid))).measured;
  const ceiling = (await withServer('nest ceiling', 'nest-ceiling.js', serverEnv, (url, pid) => measurePatches('nest ceiling', url, pid))).measured;

  return {
    ...folioPatches.measured,
    ok2xxWithWarmup: folioPatches.withWarmup,
    sent: folioPatches.sent,
    plain,
    ceiling,
    cpuOfPlain: folioPatches.measured.cpuUsPerRequest / plain.cpuUsPerRequest,
    ceilingCpuOfPlain: ceiling.cpuUsPerRequest / plain.cpuUsPerRequest,
  };
}

/** Resident memory after each phase, in MB: the API's own (reads, commands, import and PDF), then this process's (replay runs here). */
export interface MemoryFigures {
  apiAfterReadsMb: number;
  apiAfterCommandsMb: number;
  /** The 1,000-page import and the 500-page PDF, in the same API process, with their peaks. */
  phases: ApiMemoryFigures;
  /** Read just before the API is stopped, every phase it runs done: what the bar is on. */
  apiAfterBenchMb: number;
  benchAfterReplayMb: number;
}


export interface CoreFigures {
  reads: ReadFigures;
  commands: CommandFigures;
  memory: MemoryFigures;
  replay: ReplayFigures;
  cliRebuild: CliRebuildFigures;
  /** The API's stop: exit code and time from SIGTERM. */
  stopped: { code: number | null; ms: number };
}

/** The reads, the commands and the memory phases in one API on `tempDir`/data, then the replays of its log. */
export async function measureCore(tempDir: string): Promise<CoreFigures> {
  const dataDir = join(tempDir, 'data');
  log(`Starting Folio's API (embedded, DATA_DIR=${dataDir})…`);
  const folio = await startFolio(dataDir);

  const { reads, serverEnv } = await benchReads(folio);
  const apiAfterReadsMb = residentMb(folio.process.pid!);
  const commands = await benchCommands(folio, serverEnv);
  const apiAfterCommandsMb = residentMb(folio.process.pid!);
  log(`Memory: a ${num(IMPORTED_PAGES)}-page zip import and the PDF of a ${PRINTED_PAGES}-page space in the same API`);
  const apiPhases = await measureApiMemory(folio, tempDir);
  // "After the bench": once the API is idle again. Its worker threads (imports, PDFs) end WORKER_IDLE_MS after their
  // last task and take their heaps with them; read at once, the figure would count threads about to end.
  await new Promise((resolve) => setTimeout(resolve, WORKER_IDLE_MS + 1_000));
  const apiAfterBenchMb = residentMb(folio.process.pid!);

  log('Stopping the API (SIGTERM)…');
  const stopped = await folio.stop();
  log(`Replay: rebuildProjections and rawScan on ${dataDir}`);
  const replay = await measureReplay(dataDir);
  const memory: MemoryFigures = { apiAfterReadsMb, apiAfterCommandsMb, phases: apiPhases, apiAfterBenchMb, benchAfterReplayMb: process.memoryUsage().rss / 2 ** 20 };
  log('Replay: the whole `projections rebuild` process on the same log');
  const cliRebuild = await measureCliRebuild(dataDir);
  return { reads, commands, memory, replay, cliRebuild, stopped };
}

const clean = (f: LoadFigures) => f.non2xx === 0 && f.errors === 0;
const codes = (f: LoadFigures) => `non-2xx ${f.non2xx}, errors ${f.errors}, status ${JSON.stringify(f.statusCodes)}`;
const cpu = (f: LoadFigures, of: LoadFigures) => `${us(f.cpuUsPerRequest)} / ${us(of.cpuUsPerRequest)} per request; req/s ${num(f.rps)} / ${num(of.rps)} (${ratio(f.rps / of.rps)})`;

/** Issue 25's bars; `pageRead`: the 5,000-page space's page read under READ_LOAD (bench/content.ts). */
export function barChecks({ reads, commands, memory, replay, cliRebuild }: Omit<CoreFigures, 'stopped'>, pageRead: LoadFigures): Check[] {
  const pageReadCpuOfPlain = pageRead.cpuUsPerRequest / reads.plain.cpuUsPerRequest;
  return [
    {
      name: `server CPU per GET /v1/orgs/{id} ≤ ${TARGET.getCpuOfPlain}× the plain Nest app's GET`,
      ok: reads.cpuOfPlain <= TARGET.getCpuOfPlain,
      detail: `${ratio(reads.cpuOfPlain)}: ${cpu(reads.folio, reads.plain)}`,
    },
    {
      name: `server CPU per page read of the ${num(LARGE_SPACE_PAGES)}-page space ≤ ${TARGET.pageReadCpuOfPlain}× the plain Nest app's GET`,
      ok: pageReadCpuOfPlain <= TARGET.pageReadCpuOfPlain && clean(pageRead),
      detail: `${ratio(pageReadCpuOfPlain)}: ${cpu(pageRead, reads.plain)}; ${codes(pageRead)}`,
    },
    {
      name: `server CPU per durable PATCH /v1/orgs/{id} ≤ ${TARGET.patchCpuOfPlain}× the plain Nest app's validated PATCH`,
      ok: commands.cpuOfPlain <= TARGET.patchCpuOfPlain,
      detail: `${ratio(commands.cpuOfPlain)}: ${cpu(commands, commands.plain)}`,
    },
    {
      name: `replay in process ≥ ${num(TARGET.replayEventsPerSecond)} events/s over ≥ ${num(REPLAY_MIN_EVENTS)} events`,
      ok: replay.rebuildEventsPerSec >= TARGET.replayEventsPerSecond && replay.events >= REPLAY_MIN_EVENTS,
      detail: `${num(replay.rebuildEventsPerSec)} events/s over ${num(replay.events)}`,
    },
    {
      name: `projections rebuild process (start to exit) ≥ ${num(TARGET.cliRebuildEventsPerSecond)} events/s over the same log`,
      ok: cliRebuild.eventsPerSec >= TARGET.cliRebuildEventsPerSecond && cliRebuild.events === replay.events,
      detail: `${num(cliRebuild.eventsPerSec)} events/s: ${num(cliRebuild.events)} events in ${num(cliRebuild.seconds, 2)} s (the replay alone ${num(cliRebuild.replaySeconds, 2)} s)`,
    },
    {
      name: `API resident memory after the bench (${num(IMPORTED_PAGES)}-page import and ${PRINTED_PAGES}-page PDF included) ≤ ${TARGET.residentMb} MB`,
      ok: memory.apiAfterBenchMb <= TARGET.residentMb,
      detail: `${num(memory.apiAfterBenchMb, 1)} MB; peaks: import ${num(memory.phases.importPeakMb, 1)} MB, PDF ${num(memory.phases.pdfPeakMb, 1)} MB`,
    },
  ];
}

// Alone: `node dist/bench/bars.js` after a build.
if (require.main === module) {
  runAlone(
    'bars',
    async (tempDir) => {
      const core = await measureCore(tempDir);
      const content = await measureContent(tempDir);
      return { ...core, pageRead: content.pageRead, checks: barChecks(core, content.pageRead) };
    },
    (figures) => figures.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} (${c.detail})`).join('\n'),
  );
}
