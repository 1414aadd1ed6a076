import { EventStore, StoredEvent } from '../event-store/event-store.port';
import { ContentObjectStore } from '../object-store/content-object-store.port';
import { ProjectionBatch, ReadStore } from '../read-store/read-store.port';
import { Projection, ProjectionContext, ProjectionHandler } from './projection';
import { NO_OBJECTS } from './projection-runner';

export interface RebuildResult {
  events: number;
  seconds: number;
  /** Of `seconds`, the swap: copying the rebuilt collections in and building their indexes. */
  swapSeconds: number;
}

/** Events per batch: a batch's documents are written once each, so larger batches write less. */
export const REBUILD_BATCH_SIZE = 5_000;

/**
 * Replays the whole log into fresh collections, then swaps them in. The live read models keep serving
 * (and the live runner keeps projecting into them) until the swap; after it, the live runner resumes
 * from the rebuilt checkpoints, so events appended during the rebuild are not lost. A rebuild that fails
 * or is killed before the swap leaves the live read models as they were.
 */
export async function rebuildProjections(
  events: EventStore,
  reads: ReadStore,
  projections: Projection[],
  /** For projections that read content (their documents, trees): write-side truth a rebuild needs too. */
  objects?: ContentObjectStore,
  onProgress?: (position: string, applied: number) => void,
): Promise<RebuildResult> {
  const started = process.hrtime.bigint();
  const target = await reads.rebuildTarget();
  let applied = 0;
  let swapStarted = started;
  try {
    await target.ensureCollections(projections.flatMap((p) => p.collections));
    const replay = new Replay(projections, { objects: objects ?? NO_OBJECTS });
    for (let after: string | null = null; ; ) {
      const batch = await events.readAll(after, REBUILD_BATCH_SIZE);
      if (batch.length === 0) break;
      after = batch[batch.length - 1].position;
      await target.transactionAll(replay.batches(batch, after));
      applied += batch.length;
      onProgress?.(after, applied);
    }
    swapStarted = process.hrtime.bigint();
    await reads.swapRebuild(
      projections.flatMap((p) => p.collections),
      projections.map((p) => p.name),
    );
  } finally {
    await target.close();
  }
  const ended = process.hrtime.bigint();
  return { events: applied, seconds: Number(ended - started) / 1e9, swapSeconds: Number(ended - swapStarted) / 1e9 };
}

/**
 * The log fed to every projection in one pass per batch, as the live runner would apply it, minus what a
 * private, fresh target makes moot (checkpoints read back, other writers, one projection failing alone:
 * any failure fails the rebuild). Each event is handed straight to the handlers of its type, found once per
 * type: most projections handle a few types of the dozens in a log, and asking each of them about every
 * event was a tenth of a rebuild's CPU.
 */
class Replay {
  private readonly handlers = new Map<string, { projection: number; handle: ProjectionHandler }[]>();

  constructor(
    private readonly projections: Projection[],
    private readonly context: ProjectionContext,
  ) {}

  /** One batch per projection (each with its events, maybe none), all moving to `position`. */
  batches(events: StoredEvent[], position: string): ProjectionBatch[] {
    const mine: StoredEvent[][] = this.projections.map(() => []);
    const handles: ProjectionHandler[][] = this.projections.map(() => []);
    for (const event of events) {
      for (const { projection, handle } of this.of(event.type)) {
        mine[projection].push(event);
        handles[projection].push(handle);
      }
    }
    return this.projections.map((p, i) => ({
      projection: p.name,
      position,
      work: async (tx) => {
        for (let e = 0; e < mine[i].length; e++) await handles[i][e](mine[i][e], tx, this.context);
      },
    }));
  }

  private of(type: string) {
    let found = this.handlers.get(type);
    if (!found) {
      found = this.projections.flatMap((p, projection) => (Object.hasOwn(p.handlers, type) ? [{ projection, handle: p.handlers[type] }] : []));
      this.handlers.set(type, found);
    }
    return found;
  }
}
