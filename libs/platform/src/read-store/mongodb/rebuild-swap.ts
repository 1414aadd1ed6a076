import { AnyBulkWriteOperation } from 'mongodb';

/**
 * The decisions of a MongoDB rebuild swap, kept apart from the driver so they can be tested alone.
 *
 * MongoDB renames one collection at a time and not inside a transaction, so the swap is a sequence that
 * a fence makes safe: (1) in one transaction, a swap record (the lease) is inserted, holding everything
 * the swap will do (the collections to rename, the rebuilt checkpoints to set), and every projection's
 * checkpoint is marked with the swap's id; (2) each rebuilt collection is renamed over the live one;
 * (3) in one transaction, the checkpoints are set to the rebuilt ones, which removes the marks, and the
 * record is deleted. A projection batch re-reads its checkpoints inside its own transaction and is
 * refused while one is marked (and a batch that read them before the mark conflicts with it on the
 * checkpoint write and is retried, then refused): no batch lands between the renames and the new
 * checkpoints. A swap that died midway is finished by whoever finds its lease expired, from its record
 * alone: every step is idempotent (a rename whose source is gone was done; the last step applies only
 * while the record is there), so a late original and a recoverer can both run it.
 */

/** How long a swap may hold the projections before another process finishes it from its record. */
export const SWAP_LEASE_MS = 60_000;

/** The one swap record's `_id`: a second swap cannot begin while one is recorded. */
export const SWAP_RECORD_ID = 'rebuild-swap';

export interface Checkpoint {
  _id: string;
  /** Decimal string: positions may exceed 2^53. Absent on a projection that has none, marked by a swap. */
  position?: string;
  /** The id of the swap holding this projection: no batch may apply while it is set. */
  swap?: string;
}

/** A rebuilt projection's checkpoint, null when the rebuild applied no event to it. */
export interface RebuiltCheckpoint {
  projection: string;
  position: string | null;
}

export interface SwapRecord {
  _id: string;
  /** This swap's id, as marked on the checkpoints. */
  swap: string;
  expiresAt: Date;
  /** Live names; each is renamed from its rebuilt copy. */
  collections: string[];
  checkpoints: RebuiltCheckpoint[];
}

export function swapRecord(swap: string, now: Date, collections: string[], checkpoints: RebuiltCheckpoint[]): SwapRecord {
  return { _id: SWAP_RECORD_ID, swap, expiresAt: leaseEnd(now), collections, checkpoints };
}

export function leaseEnd(now: Date): Date {
  return new Date(now.getTime() + SWAP_LEASE_MS);
}

/** What a process that finds (or not) a swap record does about it. */
export type Recovery =
  | { kind: 'none' }
  /** A swap is under way and its lease holds: leave it to its owner. */
  | { kind: 'wait'; until: Date }
  /** Its owner is gone (or too slow): finish it from the record. */
  | { kind: 'roll-forward'; record: SwapRecord };

export function recoveryOf(record: SwapRecord | null, now: Date): Recovery {
  if (!record) return { kind: 'none' };
  if (record.expiresAt.getTime() > now.getTime()) return { kind: 'wait', until: record.expiresAt };
  return { kind: 'roll-forward', record };
}

/** Step 1: every projection swapped is marked, including one that has no checkpoint yet. */
export function markOperations(projections: readonly string[], swap: string): AnyBulkWriteOperation<Checkpoint>[] {
  return projections.map((projection) => ({
    updateOne: { filter: { _id: projection }, update: { $set: { swap } }, upsert: true },
  }));
}

/**
 * Step 3: the rebuilt checkpoints replace the live ones, marks and all. A projection the rebuild applied
 * nothing to has no checkpoint afterwards: the rebuilt data reflects no event, so it starts over.
 */
export function finishOperations(record: SwapRecord): AnyBulkWriteOperation<Checkpoint>[] {
  return record.checkpoints.map(({ projection, position }) =>
    position === null
      ? { deleteOne: { filter: { _id: projection } } }
      : { replaceOne: { filter: { _id: projection }, replacement: { _id: projection, position }, upsert: true } },
  );
}

/** Whether a batch over these checkpoints (read inside its transaction) must be refused. */
export function isFenced(stored: readonly Checkpoint[]): boolean {
  return stored.some((checkpoint) => checkpoint.swap !== undefined);
}
