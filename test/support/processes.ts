import { ChildProcess, spawn, SpawnOptions, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import type { TestServer } from './server';

const root = join(__dirname, '..', '..');

/** Limit for one spawned process: generous, a loaded 2-core machine runs them several times slower. */
const PROCESS_TIMEOUT_MS = 30_000;

/** Timeout for a test that spawns processes (Jest's default 5 s is less than one slow start). */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** The built CLI, as `npm run --silent cli -- …` runs it. */
export function cli(dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps/cli/src/main.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: PROCESS_TIMEOUT_MS,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs a built entry point (`dist/apps/<app>/src/main.js`) that is expected to refuse to start, with
 * `env` over a clean environment (the test runner's LOG_LEVEL or FOLIO_SECRET must not leak in).
 */
export function startRefused(app: 'api' | 'projector' | 'cli', env: NodeJS.ProcessEnv, options: Pick<SpawnOptions, 'uid' | 'gid' | 'timeout'> = {}) {
  const result = spawnSync(process.execPath, [join(root, `dist/apps/${app}/src/main.js`), ...(app === 'cli' ? ['projections', 'status'] : [])], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: PROCESS_TIMEOUT_MS,
    ...options,
  });
  return { status: result.status, stderr: result.stderr };
}

const started = new Set<ChildProcess>();
/** The started processes that lead their own process group (with whatever they spawned). */
const groups = new Set<ChildProcess>();

/**
 * Kills every process a test started and left running (a failed test must not leak one); a group's leader
 * with its whole group, even once the leader is gone (what it spawned may outlive it).
 */
export function killStartedProcesses() {
  for (const child of groups) killGroup(child);
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
  groups.clear();
}

/**
 * SIGKILL to `child`'s process group (started with `ownGroup`): the process and everything it spawned die at
 * once, as on a crash of the machine, none left to finish its work (a `git push` between its request and
 * the answer).
 */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch (error) {
    // ESRCH: nothing of the group runs any more.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Spawns `command` and resolves, with its log so far, once its stderr shows `ready`; rejects if it
 * exits first.
 */
async function spawnUntil(command: string, args: string[], env: NodeJS.ProcessEnv, ready: string, ownGroup = false) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: ownGroup });
  started.add(child);
  if (ownGroup) groups.add(child);
  const log = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(ready)) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${text}`)));
  });
  return { child, log };
}

/**
 * The built API, as `npm start` runs it; resolves once it listens, with its log so far. `ownGroup`: it leads
 * its own process group, for killGroup.
 */
export async function startApiProcess(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}, options: { ownGroup?: boolean } = {}) {
  const { child, log } = await spawnUntil(process.execPath, [join(root, 'dist/apps/api/src/main.js')], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', ...env }, 'Folio API listening', options.ownGroup);
  return Object.assign(child, { startLog: log });
}

/** The built projector; resolves once it serves its health route. */
export async function startProjectorProcess(dataDir: string, port: number) {
  const { child } = await spawnUntil(process.execPath, [join(root, 'dist/apps/projector/src/main.js')], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }, 'Folio projector running');
  return child;
}

/** `npm start` itself, as a user types it; resolves once the API listens. */
export async function npmStart(dataDir: string, port: number) {
  const { child } = await spawnUntil('npm', ['start'], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }, 'Folio API listening');
  return child;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** A process's state letter from /proc (Linux), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    // `pid (comm) S ppid …`: comm may hold spaces and parentheses, so read after the last `)`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/** `pid` and all its descendants, from /proc (Linux). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Exited while we listed it.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

/** Resolves once none of `pids` runs any more (a zombie has exited), polling; rejects after `timeoutMs`. */
export async function waitUntilGone(pids: number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = pids.filter((pid) => {
      const state = stateOf(pid);
      return state !== undefined && state !== 'Z';
    });
    if (alive.length === 0) return;
    if (Date.now() > deadline) throw new Error(`still running after ${timeoutMs} ms: ${alive.map((pid) => `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')}`).join('; ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How long a test waits on background work: generous, a loaded 2-core machine runs it several times slower. */
export const BACKGROUND_WAIT_MS = 15_000;

/** Resolves once `condition` holds, polling; rejects, naming `what`, after `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = BACKGROUND_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Resolves once the process manager `name` has reacted to the event at `position`: its checkpoint, which
 * moves past an event only once the reaction to it has returned, is at or past it.
 */
export function processReached(server: TestServer, name: string, position: string, timeoutMs = BACKGROUND_WAIT_MS): Promise<void> {
  const reads = server.app.get<ReadStore>(READ_STORE);
  return waitUntil(async () => comparePositions(await reads.checkpoint(name), position) >= 0, `process ${name} reaching ${position}`, timeoutMs);
}

/**
 * Resolves once every process manager has reacted to every event in the log: none has anything left to act on,
 * so none appends more until something new is written (a test counting the log's events starts from there).
 */
export function processesSettled(server: TestServer, timeoutMs = BACKGROUND_WAIT_MS): Promise<void> {
  const host = server.app.get(ProcessHost);
  return waitUntil(async () => [...(await host.status()).values()].every(({ queue }) => queue === '0'), 'every process at the head of the log', timeoutMs);
}
