import { EventStore } from '../event-store/event-store.port';
import { ContentObjectStore } from '../object-store/content-object-store.port';
import { ReadStore } from '../read-store/read-store.port';
import { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

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
    const runner = new ProjectionRunner(events, target, projections, { objects, batchSize: REBUILD_BATCH_SIZE });
    await runner.catchUp((position, batch) => {
      applied += batch;
      onProgress?.(position, applied);
    });
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
