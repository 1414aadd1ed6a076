/**
 * The read store port: JSON documents in named collections, written only by projections and read by
 * query handlers. Two adapters implement it (SQLite for the embedded mode, MongoDB for the distributed
 * one) and both pass `test/contract/read-store.contract.ts`.
 */
import type { TextIndexSpec } from '../search/search.port';

export type Scalar = string | number | boolean | null;

/** Every document has a string `id`; the rest is plain JSON. */
export type Doc = { id: string } & Record<string, unknown>;

/**
 * A small Mongo-style filter. Field names may be dotted paths into nested objects.
 * `$contains` is a substring match; it is case-sensitive on purpose: case-insensitive filters match a
 * case-folded copy of the field that the projection stores (see `fold`), so every adapter folds alike.
 */
export type Condition =
  | Scalar
  | {
      $eq?: Scalar;
      $ne?: Scalar;
      $in?: Scalar[];
      $exists?: boolean;
      $gt?: Scalar;
      $gte?: Scalar;
      $lt?: Scalar;
      $lte?: Scalar;
      $contains?: string;
    };

export type Filter = Record<string, Condition>;

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

/** The last item of a page: its sort value and its id (the tie-break). */
export interface CursorKey {
  value: Scalar;
  id: string;
}

export interface FindQuery {
  filter?: Filter;
  /** Defaults to `id` ascending. Documents lacking the sort field are not listed by a sorted find. */
  sort?: Sort;
  limit: number;
  /** Keyset pagination: only documents strictly after this key in the sort order. */
  after?: CursorKey;
}

export interface Page<T extends Doc = Doc> {
  items: T[];
  /** Present when more documents may follow. */
  next?: CursorKey;
}

export interface CollectionSpec {
  name: string;
  /** Fields (dotted paths) to index; each entry is one index over those fields, in order. */
  indexes: string[][];
  /** A full-text index over string fields, kept in step with every write and searched through the search port. */
  textIndex?: TextIndexSpec;
}

/** One document to read among several: which collection, which id. */
export interface DocRef {
  collection: string;
  id: string;
}

/** Reads and writes inside one projection batch; they commit together with the checkpoint. */
export interface ReadTransaction {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  findAll<T extends Doc = Doc>(collection: string, filter: Filter): Promise<T[]>;
  /** Inserts or replaces the whole document. */
  upsert(collection: string, doc: Doc): Promise<void>;
  /** Sets the given top-level fields; a missing document is left missing. `undefined` values unset. */
  patch(collection: string, id: string, changes: Record<string, unknown>): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  deleteMany(collection: string, filter: Filter): Promise<void>;
}

/** One projection's part of a batch: its work, and the checkpoint to store with it. */
export interface ProjectionBatch {
  projection: string;
  position: string;
  /** Receives the checkpoint stored when the transaction began (read inside it). */
  work: (tx: ReadTransaction, checkpoint: string | null) => Promise<void>;
}

export interface ReadStore {
  /** Creates the collection and its indexes when missing. Idempotent. */
  ensureCollections(specs: CollectionSpec[]): Promise<void>;
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  /**
   * Several documents a request needs together, each answered at its ref's index (null when missing).
   * SQLite answers them as of one moment: from its document cache (frozen documents, as `get` answers)
   * and, for the rest, one read transaction instead of one per get. MongoDB reads them at once, each as `get` would (no snapshot session: it would cost a round
   * trip more than it saves).
   */
  snapshot(refs: readonly DocRef[]): Promise<(Doc | null)[]>;
  find<T extends Doc = Doc>(collection: string, query: FindQuery): Promise<Page<T>>;
  /**
   * A mark that moves whenever the read models may have changed, for what is derived from many documents
   * and kept (a rendered answer): equal marks mean nothing was committed in between. Null where that
   * cannot be told cheaply (MongoDB, a store without its document cache): keep nothing.
   */
  changes(): number | null;
  /** How many documents match; backed by the collection's indexes when the filter fits one. */
  count(collection: string, filter: Filter): Promise<number>;
  checkpoint(projection: string): Promise<string | null>;
  /** Several checkpoints in one read, each at its name's index: a pass of many projections reads them all. */
  checkpoints(projections: readonly string[]): Promise<(string | null)[]>;
  /**
   * Runs `work` and stores `position` as `projection`'s checkpoint, all or nothing. `work` receives the
   * checkpoint stored when the batch began (inside the same transaction), so a batch that another
   * process already applied can be skipped.
   */
  transaction(
    projection: string,
    position: string,
    work: (tx: ReadTransaction, checkpoint: string | null) => Promise<void>,
  ): Promise<void>;
  /**
   * Several projections' batches in one transaction, all or nothing: the runner's usual pass, so
   * that a pass costs one commit however many projections there are.
   */
  transactionAll(batches: ProjectionBatch[]): Promise<void>;
  /**
   * A store writing to fresh copies of the collections (and checkpoints), for rebuilds: the live ones
   * keep serving until `swapRebuild` replaces them. It is tuned for one bulk load by one writer: a batch
   * that fails leaves it unusable (the rebuild starts over), and it builds indexes when it pleases.
   */
  rebuildTarget(): Promise<ReadStore>;
  /** Replaces the live collections (created with the given specs' indexes) and checkpoints by the rebuilt ones. */
  swapRebuild(collections: CollectionSpec[], projections: string[]): Promise<void>;
  /** True when the store answers, false when it refuses; rejects with a StoreUnanswered when it does not answer in time. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Refuses a batch while a rebuild swap holds its projections (MongoDB, whose swap is several steps): nothing
 * was applied, and the batch applies once the swap has ended (its checkpoints will have moved).
 */
export class SwapInProgress extends Error {
  constructor() {
    super('a rebuild swap holds the projections');
  }
}

export const READ_STORE = Symbol('ReadStore');

/** The case folding every adapter relies on for case-insensitive filters. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}
