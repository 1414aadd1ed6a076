import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WAL_CHECKPOINT_WORKER } from './wal-checkpoint-worker';

/** When the WAL is checkpointed, by its size in bytes. */
export interface WalLimits {
  /** Past this, the thread runs a PASSIVE checkpoint (writers go on meanwhile). */
  checkpointBytes: number;
  /**
   * Past this (a PASSIVE checkpoint could not keep up, or readers kept it from finishing), this process's
   * writers wait, without blocking the event loop, for a TRUNCATE checkpoint: the WAL exceeds the cap by
   * at most the one commit that crossed it.
   */
  capBytes: number;
}

/** 4 MiB is what SQLite's own automatic checkpoint lets the WAL reach (1,000 pages of 4 KiB). */
export const DEFAULT_WAL_LIMITS: WalLimits = { checkpointBytes: 4 * 1024 * 1024, capBytes: 64 * 1024 * 1024 };

type Mode = 'PASSIVE' | 'TRUNCATE';

/** What the thread answers after a checkpoint: SQLite's `wal_checkpoint` row. */
interface Outcome {
  mode: Mode;
  busy: number;
  log: number;
  checkpointed: number;
}

/** SQLite's WAL file layout: a file header, then frames of a header and a page each. */
const WAL_HEADER_BYTES = 32;
const WAL_FRAME_HEADER_BYTES = 24;

/** A thread that dies this many times in a row without completing a checkpoint is given up on. */
const MAX_WORKER_FAILURES = 3;
/** How long the thread's TRUNCATE waits for another process's writer or readers before it answers busy. */
const BUSY_TIMEOUT_MS = 5000;
/** SQLite's default, restored on the connections when the thread is given up on. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

const checkpointers = new Map<string, WalCheckpointer>();

/**
 * Takes a WAL connection's checkpoints off the event loop: SQLite's automatic checkpoint runs inside the
 * commit that crosses 1,000 pages and blocked the event loop 5–14 ms one commit in five. The connection's
 * automatic checkpoints are turned off and the file's checkpointer (one per file and process, shared by
 * every connection registered for it) runs them on a worker thread with its own connection.
 */
export function walCheckpointerFor(db: Database.Database, limits: WalLimits = DEFAULT_WAL_LIMITS): WalCheckpointer {
  const file = resolve(db.name);
  let checkpointer = checkpointers.get(file);
  if (!checkpointer) {
    // The limits are the first registered connection's: the stores of one file in one process share them.
    checkpointer = new WalCheckpointer(file, limits);
    checkpointers.set(file, checkpointer);
  }
  checkpointer.register(db);
  return checkpointer;
}

/** Closes a connection through its file's checkpointer (see `WalCheckpointer.close`), or directly if it has none. */
export async function closeWalConnection(db: Database.Database): Promise<void> {
  const checkpointer = checkpointers.get(resolve(db.name));
  if (checkpointer) await checkpointer.close(db);
  else if (db.open) db.close();
}

/** The checkpointer of a file, when a connection of this process has registered one. */
export function walCheckpointerOfFile(file: string): WalCheckpointer | undefined {
  return checkpointers.get(resolve(file));
}

/**
 * Writers of this process call `writable()` before a write transaction and `committed()` after it.
 * `committed()` measures the WAL file (one stat) and asks the thread for a checkpoint when it passed a
 * limit. The thread starts on the first checkpoint (most short-lived processes and tests never need it),
 * is kept referenced only while a checkpoint runs, and is restarted if it dies; after repeated deaths
 * the connections get SQLite's automatic checkpoints back, so the WAL stays bounded either way.
 *
 * Durability is unchanged: commits are made durable by the writers' own `synchronous` setting, a
 * checkpoint only copies committed frames into the database file, and the thread fsyncs that file
 * before SQLite lets the WAL be reused. A thread killed mid-checkpoint leaves a WAL that SQLite
 * finishes checkpointing later, as after a crash.
 */
export class WalCheckpointer {
  private readonly connections = new Set<Database.Database>();
  private readonly walFile: string;
  private worker: Worker | null = null;
  private running: Mode | null = null;
  private queued: Mode | null = null;
  /** Closed (a promise) from the moment a TRUNCATE is asked for until it is done. */
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  private idleWaiters: (() => void)[] = [];
  private failures = 0;
  private givenUp = false;
  /** Checkpoints the thread completed, by mode. */
  readonly completed: Record<Mode, number> = { PASSIVE: 0, TRUNCATE: 0 };
  /**
   * Where in the WAL file the last checkpoint's copying ended: the frames before it are in the database
   * already. Under steady writes a checkpoint never quite catches up, so the WAL does not restart and its
   * file only grows; what the next checkpoint would copy is what lies past this point.
   */
  private backfilledBytes = 0;
  /** The WAL's frame size (page size and frame header), read at the first registration. */
  private frameBytes = 0;

  constructor(
    private readonly file: string,
    readonly limits: WalLimits,
  ) {
    if (!(limits.checkpointBytes > 0 && limits.capBytes >= limits.checkpointBytes)) {
      throw new Error('WAL limits: checkpointBytes must be positive and capBytes at least checkpointBytes');
    }
    this.walFile = `${file}-wal`;
  }

  register(db: Database.Database) {
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') throw new Error(`${this.file}: not in WAL mode`);
    // Once a checkpoint has copied every frame, the next commit restarts the WAL and cuts the file back to
    // what that commit wrote, so the file's size keeps telling how much the WAL holds. Cut back to any more
    // (it was the checkpoint threshold), the size stayed at the threshold and every commit asked the thread
    // for another checkpoint of the few frames written since the last one.
    db.pragma('journal_size_limit = 0');
    db.pragma(`wal_autocheckpoint = ${this.givenUp ? SQLITE_AUTOCHECKPOINT_PAGES : 0}`);
    this.frameBytes ||= (db.pragma('page_size', { simple: true }) as number) + WAL_FRAME_HEADER_BYTES;
    this.connections.add(db);
  }

  /** `null` when this process may write now; otherwise a promise of the TRUNCATE checkpoint being done. */
  writable(): Promise<void> | null {
    return this.gate?.promise ?? null;
  }

  /**
   * After a commit: asks for a checkpoint when the WAL has passed a limit: the cap by its whole size, the
   * threshold by what it holds that no checkpoint copied yet (not by its whole size: a WAL that never
   * restarts would then ask for a checkpoint of the few frames written since the last one at every commit).
   */
  committed(): void {
    if (this.givenUp) return;
    const size = walSize(this.walFile);
    // Smaller than what was copied: the WAL restarted (cut back) or was truncated since.
    if (size < this.backfilledBytes) this.backfilledBytes = 0;
    if (size >= this.limits.capBytes) this.request('TRUNCATE');
    else if (size - this.backfilledBytes >= this.limits.checkpointBytes) this.request('PASSIVE');
  }

  /** Resolves once no checkpoint is running or waiting (the thread has acknowledged the last one). */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  /**
   * Closes a registered connection. Closing the file's last one stops the thread after a last TRUNCATE
   * checkpoint, so a clean shutdown leaves no WAL behind.
   */
  async close(db: Database.Database): Promise<void> {
    if (db.open) db.close();
    this.connections.delete(db);
    if (this.connections.size > 0) return;
    checkpointers.delete(this.file);
    await this.idle();
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise<void>((done) => worker.once('exit', () => done()));
    // Idle, the thread is unref'd: without this, a process with nothing else left to do (the CLI after a
    // rebuild, a script) would end while the thread's last checkpoint runs, mid-close, silently.
    worker.ref();
    worker.postMessage('STOP');
    await exited;
  }

  private request(mode: Mode) {
    if (mode === 'TRUNCATE' && !this.gate) {
      let open!: () => void;
      const promise = new Promise<void>((done) => (open = done));
      this.gate = { promise, open };
    }
    if (!this.running) return this.send(mode);
    // A TRUNCATE asked for while a PASSIVE runs follows it; a PASSIVE asked for meanwhile adds nothing.
    if (mode === 'TRUNCATE' && this.running === 'PASSIVE') this.queued = 'TRUNCATE';
  }

  private send(mode: Mode) {
    this.running = mode;
    const worker = this.worker ?? this.startWorker();
    worker.ref();
    worker.postMessage(mode);
  }

  private startWorker(): Worker {
    const worker = new Worker(WAL_CHECKPOINT_WORKER, {
      eval: true,
      workerData: { file: this.file, driver: require.resolve('better-sqlite3'), busyTimeoutMs: BUSY_TIMEOUT_MS },
    });
    worker.on('message', (outcome: Outcome) => this.onOutcome(outcome));
    // An error ends the thread; its 'exit' is where it is dealt with (without this listener it would throw).
    worker.on('error', () => undefined);
    worker.on('exit', () => this.onExit(worker));
    this.worker = worker;
    return worker;
  }

  private onOutcome(outcome: Outcome) {
    this.failures = 0;
    this.completed[outcome.mode]++;
    // A TRUNCATE leaves no WAL; -1 (the file left WAL mode) or 0 copied nothing.
    this.backfilledBytes = outcome.mode === 'PASSIVE' && outcome.checkpointed > 0 ? WAL_HEADER_BYTES + outcome.checkpointed * this.frameBytes : 0;
    // Busy (another process's reader or writer kept it from finishing): the next commit measures again.
    if (outcome.mode === 'TRUNCATE') this.openGate();
    this.settle();
  }

  private settle() {
    const next = this.queued;
    this.queued = null;
    this.running = null;
    if (next) return this.send(next);
    this.worker?.unref();
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const done of waiters) done();
  }

  private onExit(worker: Worker) {
    if (this.worker !== worker) return; // stopped by close()
    this.worker = null;
    if (!this.running) return;
    this.failures++;
    if (this.failures < MAX_WORKER_FAILURES) return this.send(this.running);
    this.giveUp();
  }

  /** The thread keeps dying: back to SQLite's own checkpoints in the commits (slower, still bounded). */
  private giveUp() {
    this.givenUp = true;
    for (const db of this.connections) if (db.open) db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    process.emitWarning(`${this.file}: the WAL checkpoint thread failed ${MAX_WORKER_FAILURES} times; checkpoints run in the commits again`);
    this.queued = null;
    this.openGate();
    this.settle();
  }

  private openGate() {
    this.gate?.open();
    this.gate = null;
  }
}

/** 0 when there is no WAL yet (or SQLite just deleted it). */
function walSize(walFile: string): number {
  return statSync(walFile, { throwIfNoEntry: false })?.size ?? 0;
}
