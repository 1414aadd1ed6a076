import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { Piscina } from 'piscina';
import { TooLarge, Unavailable } from '../domain/errors';
import { refusalOf, TaskOutcome } from './worker-task';

/** Threads of the pool: two at most, so request handling keeps a core's share on a small machine. */
export const WORKER_THREADS = Math.min(2, availableParallelism());
/** Tasks that may wait for a thread; past this a task is refused at once (Unavailable, 503). */
export const MAX_QUEUED_TASKS = 64;
/**
 * How long a thread outlives its last task. A thread keeps the heap its largest task grew (a 1,000-page
 * import or a PDF left the two threads holding about 170 MB of the API's resident memory) until it ends;
 * a burst of tasks keeps it alive, and a lone task after a pause pays a thread's start (tens of ms).
 */
export const WORKER_IDLE_MS = 5_000;

/** What a task is, for its refusals ("The markdown took more than 10 s"), and how long it may take. */
export interface TaskLimits {
  what: string;
  timeoutMs: number;
  /**
   * Buffers of the input moved to the thread instead of copied (the caller's become empty): copying a 32 MiB
   * body held the event loop 40 ms.
   */
  transfer?: ArrayBuffer[];
}

/**
 * The repository root when running from sources (this file is libs/platform/src/workers/); running from
 * dist it is dist/, which holds the built tree under the same relative paths.
 */
const ROOT = resolve(__dirname, '../../../..');

/**
 * The built JavaScript of a worker entry file `name` of the directory `dir` (a module's `__dirname`). Worker
 * threads run plain Node, without the TypeScript loader the tests use, so under Jest (sources in .ts) the
 * file is its counterpart in dist/, which the e2e setup builds (scripts/build-if-needed.js).
 */
export function workerFile(dir: string, name: string): string {
  const beside = join(dir, `${name}.js`);
  if (existsSync(beside)) return beside;
  const built = join(ROOT, 'dist', relative(ROOT, dir), `${name}.js`);
  if (!existsSync(built)) throw new Error(`${built} is missing: worker threads run the built code (npm run build)`);
  return built;
}

/**
 * The process's pool of worker threads (piscina) for work that grows with a request's input: parsing and
 * serializing markdown, rendering PDFs. The event loop only hands the input over and takes the answer, so
 * other requests go on meanwhile. Bounded in threads and queue; every task has a time limit, past which
 * its thread is terminated and the task refused (TooLarge, 413: the input is more than the server will do).
 * Threads start on the first task and the pool is destroyed at shutdown (PlatformModule closes it before the
 * stores), so nothing keeps a process alive.
 */
export class WorkerPool {
  private pool: Piscina | null = null;
  /** Tasks running or waiting. Counted here: piscina's own `maxQueue` lets tasks with an abort signal past it. */
  private inFlight = 0;

  constructor(private readonly options: { threads: number; maxQueue: number } = { threads: WORKER_THREADS, maxQueue: MAX_QUEUED_TASKS }) {}

  /** Threads alive now, busy or idle. */
  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  /**
   * Runs the export `task` of the worker file `filename` (wrapped in `workerTask`) on `input`, which is
   * structured-cloned but for `limits.transfer` (as is the answer). A domain error the task throws is thrown here as the same kind.
   */
  async run<T>(filename: string, task: string, input: unknown, limits: TaskLimits): Promise<T> {
    if (this.inFlight >= this.options.threads + this.options.maxQueue) {
      throw new Unavailable('The server is busy with other heavy requests: try again shortly');
    }
    let outcome: TaskOutcome<T>;
    this.inFlight++;
    try {
      outcome = await this.piscina().run(input, { filename, name: task, signal: AbortSignal.timeout(limits.timeoutMs), transferList: limits.transfer });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') {
        throw new TooLarge(`${limits.what} took more than ${limits.timeoutMs / 1000} s of work: the server does not do that much for one request`);
      }
      throw error;
    } finally {
      this.inFlight--;
    }
    if ('refused' in outcome) throw refusalOf(outcome.refused);
    return outcome.value;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private piscina(): Piscina {
    // minThreads 0: no thread before the first task, and none kept once idle.
    this.pool ??= new Piscina({ minThreads: 0, maxThreads: this.options.threads, idleTimeout: WORKER_IDLE_MS });
    return this.pool;
  }
}
