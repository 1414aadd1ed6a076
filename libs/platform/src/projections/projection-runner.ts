import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, EventStore, StoredEvent } from '../event-store/event-store.port';
import { ContentObjectStore } from '../object-store/content-object-store.port';
import { ProjectionBatch, ReadStore, SwapInProgress } from '../read-store/read-store.port';
import { DrainLoop } from './drain-loop';
import { Projection, ProjectionContext } from './projection';
import { DEFAULT_WAIT_MS, ProjectionProgress } from './projection-progress';

/** Another writer moved the checkpoint between our read and our batch: re-read and try again. */
class Superseded extends Error {}

/** How long a pass refused by a rebuild swap waits before reading its checkpoints again. */
const SWAP_RETRY_MS = 200;

/** A projection's events for this pass, read after `checkpoint`. */
interface Pending {
  projection: Projection;
  checkpoint: string | null;
  events: StoredEvent[];
  last: string;
}

/** The batch applies only if the checkpoint is still the one the events were read after. */
function batchOf({ projection, checkpoint, events, last }: Pending, context: ProjectionContext): ProjectionBatch {
  return {
    projection: projection.name,
    position: last,
    work: async (tx, current) => {
      if (current !== checkpoint) throw new Superseded();
      for (const event of events) {
        const handle = projection.handlers[event.type];
        if (handle) await handle(event, tx, context);
      }
    },
  };
}

const refuse = async (): Promise<never> => {
  throw new Error('this projection runner was given no content-object store');
};
/** The store of a runner given none (tests of projections that read no objects). */
export const NO_OBJECTS: ContentObjectStore = { put: refuse, get: refuse, getMany: refuse, has: refuse, close: async () => undefined };

interface Waiter {
  position: string;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

export interface RunnerOptions {
  batchSize?: number;
  /** The content objects projections may read; a runner without them fails any projection that reads one. */
  objects?: ContentObjectStore;
  onError?: (projection: string, error: unknown) => void;
}

/**
 * Feeds the log to the projections, in order, from each one's stored checkpoint. Each batch and its
 * checkpoint commit in one read-store transaction, and the checkpoint is re-read inside it: a batch
 * another process (the CLI, a rebuild swap) got to first is dropped, never applied twice.
 */
export class ProjectionRunner extends ProjectionProgress {
  private readonly known = new Map<string, string | null>();
  /**
   * Whether `known` is what the store holds, as far as this runner can tell: true after a pass it read or
   * committed whole, false once a batch found a checkpoint moved by another writer or a pass failed. A
   * pass then reads its checkpoints from memory, not from the store: the batch still compares them with the
   * stored ones inside its transaction, so a checkpoint moved meanwhile (the CLI, a rebuild's swap) costs
   * one refused batch, then a fresh read.
   */
  private trusted = false;
  private waiters: Waiter[] = [];
  private readonly loop = new DrainLoop(
    () => this.pass(),
    (error) => this.options.onError?.('runner', error),
  );
  private unsubscribe: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly context: ProjectionContext;
  private readonly names: string[];

  constructor(
    events: EventStore,
    reads: ReadStore,
    projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    super(events, reads, projections);
    this.batchSize = options.batchSize ?? 500;
    this.context = { objects: options.objects ?? NO_OBJECTS };
    this.names = projections.map((p) => p.name);
  }

  async start(): Promise<void> {
    await this.reads.ensureCollections(this.projections.flatMap((p) => p.collections));
    this.unsubscribe = this.events.onAppended(() => void this.loop.kick());
    await this.loop.kick();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(false);
    }
    this.waiters = [];
  }

  /**
   * Runs every projection up to the head of the log. `onProgress` hears, after each pass, the newest
   * position applied and how many log events the pass read (each read once, however many projections).
   */
  async catchUp(onProgress?: (position: string, events: number) => void): Promise<void> {
    await this.reads.ensureCollections(this.projections.flatMap((p) => p.collections));
    while (await this.pass(onProgress));
  }

  waitFor(position: string, timeoutMs = DEFAULT_WAIT_MS): Promise<boolean> {
    if (this.reached(position)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
      // A running drain was kicked by every append notified since it read the log (this process's own at
      // once, other processes' as the store notices them): kicking it again would only add an empty pass.
      if (!this.loop.isRunning) void this.loop.kick();
    });
  }

  /**
   * One batch for every projection, committed together with every checkpoint in one read-store
   * transaction; true when another pass may find more: a read filled its batch, or a batch must be read
   * again. A short read reached the head: an append after it kicks the loop again, so a second pass that
   * would only find nothing (a log read and a look at every checkpoint, per append) is not made.
   */
  private async pass(onProgress?: (position: string, events: number) => void): Promise<boolean> {
    // Projections at the same checkpoint (the usual case) share one read of the log.
    const reads = new Map<string | null, Promise<StoredEvent[]>>();
    const pending: Pending[] = [];
    const checkpoints = this.trusted ? this.names.map((name) => this.known.get(name) ?? null) : await this.reads.checkpoints(this.names);
    this.trusted = false;
    for (const [i, projection] of this.projections.entries()) {
      const checkpoint = checkpoints[i];
      if (!reads.has(checkpoint)) reads.set(checkpoint, this.events.readAll(checkpoint, this.batchSize));
      const events = await reads.get(checkpoint)!;
      if (events.length === 0) this.advance(projection.name, checkpoint);
      else pending.push({ projection, checkpoint, events, last: events[events.length - 1].position });
    }
    if (pending.length === 0) {
      this.trusted = true;
      return false;
    }
    const full = pending.some((p) => p.events.length >= this.batchSize);
    try {
      await this.reads.transactionAll(pending.map((p) => batchOf(p, this.context)));
      for (const p of pending) this.advance(p.projection.name, p.last);
      this.trusted = true;
    } catch (error) {
      if (error instanceof Superseded) return true; // another writer moved a checkpoint: read again
      if (error instanceof SwapInProgress) {
        // The swap will move the checkpoints: read them again once it has had a moment.
        await sleep(SWAP_RETRY_MS);
        return true;
      }
      await this.oneByOne(pending);
    }
    if (onProgress) {
      const newest = pending.map((p) => p.last).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      const read = await Promise.all(reads.values());
      onProgress(newest, read.reduce((n, events) => n + events.length, 0));
    }
    return full;
  }

  /** After a failed pass: each projection alone, so one failing projection does not hold the others back. */
  private async oneByOne(pending: Pending[]) {
    let failure: unknown = null;
    for (const p of pending) {
      try {
        await this.reads.transactionAll([batchOf(p, this.context)]);
        this.advance(p.projection.name, p.last);
      } catch (error) {
        if (error instanceof Superseded || error instanceof SwapInProgress) continue;
        this.options.onError?.(p.projection.name, error);
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }

  private advance(projection: string, position: string | null) {
    this.known.set(projection, position);
    if (this.waiters.length === 0) return;
    // What every projection has applied: one look over the projections, not one per waiter.
    const floor = this.floor();
    const ready = this.waiters.filter((w) => comparePositions(floor, w.position) >= 0);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => comparePositions(floor, w.position) < 0);
    for (const w of ready) {
      clearTimeout(w.timer);
      w.resolve(true);
    }
  }

  private reached(position: string): boolean {
    return comparePositions(this.floor(), position) >= 0;
  }

  /** The oldest checkpoint this runner knows of (null while any projection has applied nothing). */
  private floor(): string | null {
    let floor: string | null | undefined;
    for (const p of this.projections) {
      const known = this.known.get(p.name) ?? null;
      if (floor === undefined || comparePositions(known, floor) < 0) floor = known;
    }
    return floor ?? null;
  }
}
