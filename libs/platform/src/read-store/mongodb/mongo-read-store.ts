import { randomUUID } from 'node:crypto';
import { ClientSession, Collection, Db, Document, IndexDescription, MongoClient, MongoClientOptions, MongoServerError, TransactionOptions } from 'mongodb';
import { readPath } from '../read-path';
import {
  CollectionSpec,
  Doc,
  DocRef,
  Filter,
  FindQuery,
  Page,
  ProjectionBatch,
  ReadStore,
  ReadTransaction,
  SwapInProgress,
} from '../read-store.port';
import {
  fromMongoDoc,
  guardedReplacement,
  indexKey,
  notNewerThan,
  toMongoFilter,
  toMongoFind,
  toMongoPatch,
  undeclaredIndexes,
} from './mongo-filter';
import { TextIndexSpec } from '../../search/search.port';
import { LEGACY_TEXT_INDEX, TERMS_FIELD, termsOf, textIndexes, touchesTextIndex } from '../../search/mongodb/mongo-text-index';
import { BatchedWrites, PendingDocs } from '../batched-writes';
import { bulkLoadOperations } from './mongo-bulk-load';
import { STORE_CALL_MS, STORE_PING_MS, StoreUnanswered, withinCallBound, withinDeadline } from '../../store-deadline';
import {
  Checkpoint,
  finishOperations,
  isFenced,
  leaseEnd,
  markOperations,
  RebuiltCheckpoint,
  recoveryOf,
  SWAP_RECORD_ID,
  SwapRecord,
  swapRecord,
} from './rebuild-swap';

const CHECKPOINTS = '_checkpoints';
/** Where a rebuild swap under way is recorded (its lease): one document at most. */
const SWAPS = '_swaps';
/** Appended to every collection name (checkpoints included) of the copies a rebuild fills. */
const REBUILD_SUFFIX = '__rebuild';
const DEFAULT_DB = 'folio';
const NAMESPACE_EXISTS = 48;
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;

/**
 * Snapshot reads, so a batch sees one consistent state; majority writes, so a committed batch and its
 * checkpoint survive a primary failover together.
 */
const BATCH: TransactionOptions = { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } };

/**
 * Undefined fields are left out, as JSON (and so the SQLite adapter) leaves them, not stored as null.
 * Finding a server and connecting to it give up after 5 s (the driver's 30 s would outlast a request's
 * bound); a stalled connection is left to the call bounds (`withinDeadline`): a socket timeout would
 * also cut a long index build of a rebuild's swap, during which the server says nothing.
 */
export const MONGO_CLIENT_OPTIONS: MongoClientOptions = { ignoreUndefined: true, serverSelectionTimeoutMS: 5_000, connectTimeoutMS: 5_000 };

interface Stored extends Document {
  _id: string;
}

/**
 * The distributed read store: one Mongo collection per read-store collection, `_id` holding the id.
 * Needs a replica set (or sharded cluster): batches are multi-document transactions.
 */
export class MongoReadStore implements ReadStore {
  /** The text indexes of the collections this store was told of: their words are written with each document. */
  private readonly textIndexes = new Map<string, TextIndexSpec>();
  /** Rebuild target: the collections whose indexes wait for the swap (or a filtered query). */
  private readonly deferred = new Map<string, CollectionSpec>();
  /** Rebuild target: a batch failed half-written (nothing is transactional there), so the rebuild is over. */
  private failed: unknown = null;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    /** '' for the live collections, REBUILD_SUFFIX for a rebuild target. */
    private readonly suffix: string,
  ) {}

  /**
   * The database is `dbName`, else the one in the URL path, else `folio`. The client connects on its first
   * call (a start checks beforehand that the server answers: startup/store-reachability.ts), so a server
   * that goes away later shows as down in `/health` instead of failing the open.
   */
  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = new MongoClient(url, MONGO_CLIENT_OPTIONS);
    return new MongoReadStore(client, client.db(dbName ?? databaseInUrl(url) ?? DEFAULT_DB), '');
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    // A start (the projector's, the CLI's) finishes a swap whose process died midway.
    if (!this.loading) await this.recoverSwap();
    const existing = await this.collectionNames();
    for (const name of [CHECKPOINTS, ...specs.map((spec) => spec.name)]) {
      if (!existing.has(name + this.suffix)) await this.createCollection(name + this.suffix);
    }
    for (const spec of specs) {
      if (this.loading) {
        // A bulk load goes into bare collections; the swap indexes them once, full.
        this.deferred.set(spec.name, spec);
        if (spec.textIndex) this.textIndexes.set(spec.name, spec.textIndex);
        continue;
      }
      await this.dropUndeclaredIndexes(spec.name + this.suffix, spec);
      await this.createIndexes(spec.name + this.suffix, spec);
      if (spec.textIndex) {
        await this.dropLegacyTextIndex(spec.name);
        await this.addMissingTerms(spec.name, spec.textIndex);
      }
    }
  }

  /** The database, for the search adapter that reads the same collections. */
  get database(): Db {
    return this.db;
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const stored = await withinCallBound('MongoDB', 'get', this.collection(collection).findOne({ _id: id }, { maxTimeMS: STORE_CALL_MS }));
    return stored && fromMongoDoc<T>(stored);
  }

  /** The projector commits in another process and no change stream tells at once: nothing derived is kept. */
  changes(): null {
    return null;
  }

  snapshot(refs: readonly DocRef[]): Promise<(Doc | null)[]> {
    return Promise.all(refs.map(({ collection, id }) => this.get(collection, id)));
  }

  async find<T extends Doc>(collection: string, query: FindQuery): Promise<Page<T>> {
    const { filter, sort } = toMongoFind(query);
    // One more than asked tells whether a next page exists without a count.
    const stored = await withinCallBound('MongoDB', 'find', this.collection(collection).find(filter, { sort, limit: query.limit + 1, maxTimeMS: STORE_CALL_MS }).toArray());
    const items = stored.slice(0, query.limit).map((s) => fromMongoDoc<T>(s));
    if (stored.length <= query.limit) return { items };
    const last = items[items.length - 1];
    return { items, next: { value: readPath(last, query.sort?.field ?? 'id'), id: last.id } };
  }

  count(collection: string, filter: Filter): Promise<number> {
    return withinCallBound('MongoDB', 'count', this.collection(collection).countDocuments(toMongoFilter(filter), { maxTimeMS: STORE_CALL_MS }));
  }

  async checkpoint(projection: string): Promise<string | null> {
    return (await withinCallBound('MongoDB', 'read a checkpoint', this.checkpointCollection().findOne({ _id: projection }, { maxTimeMS: STORE_CALL_MS })))?.position ?? null;
  }

  async checkpoints(projections: readonly string[]): Promise<(string | null)[]> {
    const stored = await withinCallBound('MongoDB', 'read checkpoints', this.storedCheckpoints(projections));
    return projections.map((p) => stored.get(p)?.position ?? null);
  }

  /**
   * The driver re-runs the callback on transient errors (a write conflict with another process applying
   * the same projection, a failover), so `work` may run more than once; each run reads the checkpoint
   * afresh and sees what the winner committed. The checkpoint write is what makes two processes
   * applying the same batch conflict.
   */
  transaction(
    projection: string,
    position: string,
    work: (tx: ReadTransaction, checkpoint: string | null) => Promise<void>,
  ): Promise<void> {
    return this.transactionAll([{ projection, position, work }]);
  }

  async transactionAll(batches: ProjectionBatch[]): Promise<void> {
    if (this.loading) return this.loadAll(batches);
    try {
      await this.client.withSession((session) =>
        session.withTransaction(async () => {
          // One read and one bulk write of the checkpoints per pass, however many projections it moves.
          const stored = await this.storedCheckpoints(batches.map((b) => b.projection), session);
          // A rebuild swap holds them (see rebuild-swap.ts): its renames are not fenced by anything else.
          if (isFenced([...stored.values()])) throw new SwapInProgress();
          for (const { projection, position, work } of batches) {
            await work(this.writeTransaction(session, position), stored.get(projection)?.position ?? null);
          }
          await this.checkpointCollection().bulkWrite(
            batches.map(({ projection, position }) => ({
              updateOne: { filter: { _id: projection }, update: { $set: { position } }, upsert: true },
            })),
            { session },
          );
        }, BATCH),
      );
    } catch (error) {
      // The swap's owner may be gone: whoever is held by it finishes it once its lease has expired.
      if (error instanceof SwapInProgress) await this.recoverSwap();
      throw error;
    }
  }

  /**
   * The target shares this store's client: closing it is a no-op, the live store owns the connection.
   * It writes without transactions (bulk writes, one per collection and batch): it is the only writer of
   * its collections, and a rebuild that fails starts over from fresh ones.
   */
  async rebuildTarget(): Promise<ReadStore> {
    // The rebuilt copies of a swap still recorded are what it renames: finish it first, or refuse.
    if ((await this.recoverSwap()).kind === 'wait') throw new Error('a rebuild swap is under way in another process');
    for (const name of await this.collectionNames()) {
      if (name.endsWith(REBUILD_SUFFIX)) await this.db.dropCollection(name);
    }
    return new MongoReadStore(this.client, this.db, REBUILD_SUFFIX);
  }

  /**
   * Every rebuilt collection first gets its indexes (built once over the full collection; a failure
   * there leaves the live ones untouched); then the swap is fenced, renamed and finished as
   * rebuild-swap.ts describes, so no projection batch lands between the renames and the new checkpoints
   * and a swap that dies midway is finished by the next process to start or to be held by it. Readers
   * may briefly see some collections rebuilt and others not: Mongo renames one collection at a time.
   * Works the same whether called on the live store or on the rebuild target.
   */
  async swapRebuild(collections: CollectionSpec[], projections: string[]): Promise<void> {
    const existing = await this.collectionNames();
    for (const spec of collections) {
      // A rebuild that wrote nothing to a collection must still empty the live one.
      if (!existing.has(spec.name + REBUILD_SUFFIX)) await this.createCollection(spec.name + REBUILD_SUFFIX);
      await this.createIndexes(spec.name + REBUILD_SUFFIX, spec);
    }
    const rebuilt = await this.db
      .collection<Checkpoint>(CHECKPOINTS + REBUILD_SUFFIX)
      .find({ _id: { $in: projections } })
      .toArray();
    const positions = new Map(rebuilt.map((c) => [c._id, c.position ?? null]));
    const checkpoints: RebuiltCheckpoint[] = projections.map((projection) => ({ projection, position: positions.get(projection) ?? null }));
    const record = swapRecord(randomUUID(), new Date(), collections.map((c) => c.name), checkpoints);
    await this.beginSwap(record);
    await this.finishSwap(record);
    await this.db.dropCollection(CHECKPOINTS + REBUILD_SUFFIX).catch(ignoreCode(NAMESPACE_NOT_FOUND));
  }

  /** Step 1: the record and the marks, in one transaction; a second swap meets the first one's record. */
  private async beginSwap(record: SwapRecord): Promise<void> {
    const projections = record.checkpoints.map((c) => c.projection);
    try {
      await this.client.withSession((session) =>
        session.withTransaction(async () => {
          await this.db.collection<SwapRecord>(SWAPS).insertOne(record, { session });
          await this.db.collection<Checkpoint>(CHECKPOINTS).bulkWrite(markOperations(projections, record.swap), { session });
        }, BATCH),
      );
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new Error('a rebuild swap is under way in another process');
      throw error;
    }
  }

  /**
   * Steps 2 and 3, from the record alone (a recoverer runs them too). Each rename first renews the lease,
   * and stops if the record is no longer this swap's (another process finished it, and a newer rebuild's
   * copies may stand under the same names).
   */
  private async finishSwap(record: SwapRecord): Promise<void> {
    const swaps = this.db.collection<SwapRecord>(SWAPS);
    for (const name of record.collections) {
      const renewed = await swaps.updateOne({ _id: SWAP_RECORD_ID, swap: record.swap }, { $set: { expiresAt: leaseEnd(new Date()) } });
      if (renewed.matchedCount === 0) return;
      // A rebuilt copy that is gone was renamed already, by this swap before it died or by a recoverer.
      await this.db.renameCollection(name + REBUILD_SUFFIX, name, { dropTarget: true }).catch(ignoreCode(NAMESPACE_NOT_FOUND));
    }
    await this.client.withSession((session) =>
      session.withTransaction(async () => {
        const deleted = await swaps.deleteOne({ _id: SWAP_RECORD_ID, swap: record.swap }, { session });
        if (deleted.deletedCount === 0) return; // finished by another process
        await this.db.collection<Checkpoint>(CHECKPOINTS).bulkWrite(finishOperations(record), { session });
      }, BATCH),
    );
  }

  /** Finishes a recorded swap whose lease has expired; tells what it found. */
  private async recoverSwap(): Promise<ReturnType<typeof recoveryOf>> {
    const recovery = recoveryOf(await this.db.collection<SwapRecord>(SWAPS).findOne({ _id: SWAP_RECORD_ID }), new Date());
    if (recovery.kind === 'roll-forward') await this.finishSwap(recovery.record);
    return recovery;
  }

  /** True when the server answers, false when it refuses; a StoreUnanswered when it does not answer in time. */
  async ping(): Promise<boolean> {
    try {
      await withinDeadline('MongoDB', 'ping', STORE_PING_MS, () => this.db.command({ ping: 1 }));
      return true;
    } catch (error) {
      if (error instanceof StoreUnanswered) throw error;
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.suffix === '') await this.client.close();
  }

  private writeTransaction(session: ClientSession, position: string): ReadTransaction {
    return {
      get: async <T extends Doc>(collection: string, id: string) => {
        const stored = await this.collection(collection).findOne({ _id: id }, { session });
        return stored && fromMongoDoc<T>(stored);
      },
      findAll: async <T extends Doc>(collection: string, filter: Filter) => {
        const stored = await this.collection(collection).find(toMongoFilter(filter), { session }).toArray();
        return stored.map((s) => fromMongoDoc<T>(s));
      },
      upsert: async (collection: string, doc: Doc) => {
        const text = this.textIndexes.get(collection);
        const stored = text ? { ...doc, ...termsOf(doc, text) } : doc;
        await this.collection(collection).updateOne({ _id: doc.id }, guardedReplacement(stored, position), {
          upsert: true,
          session,
        });
      },
      patch: async (collection: string, id: string, changes: Record<string, unknown>) => {
        const filter = { _id: id, ...notNewerThan(position) };
        const text = this.textIndexes.get(collection);
        if (text && touchesTextIndex(changes, text)) {
          // The words follow the patched document: read it in this transaction and store them with the patch.
          const current = await this.collection(collection).findOne({ _id: id }, { session });
          if (!current) return;
          changes = { ...changes, ...termsOf({ ...current, ...changes }, text) };
        }
        await this.collection(collection).updateOne(filter, toMongoPatch(changes, position), { session });
      },
      delete: async (collection: string, id: string) => {
        await this.collection(collection).deleteOne({ _id: id, ...notNewerThan(position) }, { session });
      },
      deleteMany: async (collection: string, filter: Filter) => {
        // Port filters only name fields, so the guard's `$expr` cannot clash with them.
        const guarded = { ...toMongoFilter(filter), ...notNewerThan(position) };
        await this.collection(collection).deleteMany(guarded, { session });
      },
    };
  }

  private get loading(): boolean {
    return this.suffix === REBUILD_SUFFIX;
  }

  /** Rebuild target: each projection's batch gathered in memory, then one bulk write per collection. */
  private async loadAll(batches: ProjectionBatch[]): Promise<void> {
    // Every later batch fails as the first did (the runner retries projections one by one): the rebuild is over.
    if (this.failed) throw this.failed;
    try {
      for (const { projection, position, work } of batches) {
        const tx = new BatchedWrites(this.loadWrites(position));
        await work(tx, await this.checkpoint(projection));
        await tx.flush();
        await this.checkpointCollection().updateOne({ _id: projection }, { $set: { position } }, { upsert: true });
      }
    } catch (error) {
      this.failed = error;
      throw error;
    }
  }

  /** A filtered read or delete first gets its collection's indexes, so it does not scan the collection. */
  private loadWrites(position: string) {
    return {
      get: async <T extends Doc>(collection: string, id: string) => {
        const stored = await this.collection(collection).findOne({ _id: id });
        return stored && fromMongoDoc<T>(stored);
      },
      findAll: async <T extends Doc>(collection: string, filter: Filter) => {
        await this.indexNow(collection);
        return (await this.collection(collection).find(toMongoFilter(filter)).toArray()).map((s) => fromMongoDoc<T>(s));
      },
      deleteMany: async (collection: string, filter: Filter) => {
        await this.indexNow(collection);
        await this.collection(collection).deleteMany(toMongoFilter(filter));
      },
      write: async (collection: string, docs: PendingDocs) => {
        await this.collection(collection).bulkWrite(bulkLoadOperations(docs, position, this.textIndexes.get(collection)), { ordered: false });
      },
    };
  }

  private async indexNow(collection: string) {
    const spec = this.deferred.get(collection);
    if (!spec) return;
    this.deferred.delete(collection);
    await this.createIndexes(collection + this.suffix, { ...spec, textIndex: undefined });
  }

  /** createIndexes is a no-op for an index that already exists with the same key and name. */
  private async createIndexes(collection: string, spec: CollectionSpec) {
    const indexes: IndexDescription[] = spec.indexes.map((fields) => ({ key: indexKey(fields) }));
    if (spec.textIndex) indexes.push(...textIndexes());
    if (indexes.length) await this.db.collection(collection).createIndexes(indexes);
  }

  /** An index an earlier version declared is only a cost on every write now. */
  private async dropUndeclaredIndexes(name: string, spec: CollectionSpec) {
    const collection = this.db.collection(name);
    const existing = (await collection.listIndexes().toArray()) as { name: string; key: Record<string, unknown> }[];
    // Another replica may drop it first.
    for (const index of undeclaredIndexes(existing, spec.indexes)) await collection.dropIndex(index).catch(ignoreCode(INDEX_NOT_FOUND));
  }

  /** A `$text` index of an earlier version is only a cost on every write now: search matches on `_terms`. */
  private async dropLegacyTextIndex(name: string): Promise<void> {
    const collection = this.collection(name);
    if (!(await collection.indexExists(LEGACY_TEXT_INDEX))) return;
    // Another replica may drop it first.
    await collection.dropIndex(LEGACY_TEXT_INDEX).catch(ignoreCode(INDEX_NOT_FOUND));
  }

  /** Documents written before their collection declared a text index get their words now. */
  private async addMissingTerms(name: string, text: TextIndexSpec): Promise<void> {
    this.textIndexes.set(name, text);
    const missing = this.collection(name).find({ [TERMS_FIELD]: { $exists: false } });
    for await (const stored of missing) {
      await this.collection(name).updateOne({ _id: stored._id }, { $set: termsOf(stored, text) });
    }
  }

  private collection(name: string): Collection<Stored> {
    return this.db.collection<Stored>(name + this.suffix);
  }

  private checkpointCollection(): Collection<Checkpoint> {
    return this.db.collection<Checkpoint>(CHECKPOINTS + this.suffix);
  }

  private async storedCheckpoints(projections: readonly string[], session?: ClientSession): Promise<Map<string, Checkpoint>> {
    const found = await this.checkpointCollection()
      .find({ _id: { $in: [...projections] } }, { session })
      .toArray();
    return new Map(found.map((c) => [c._id, c]));
  }

  private async collectionNames(): Promise<Set<string>> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return new Set(collections.map((c) => c.name));
  }

  /** Another process (a second replica of the service) may create the same collection concurrently. */
  private async createCollection(name: string): Promise<void> {
    try {
      await this.db.createCollection(name);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
    }
  }
}

/** A rejection handler that swallows the server error with `code` (a step already done) and rethrows any other. */
function ignoreCode(code: number) {
  return (error: unknown) => {
    if (!(error instanceof MongoServerError && error.code === code)) throw error;
  };
}

/** The database named in the path of a `mongodb://` or `mongodb+srv://` URL, if any. */
function databaseInUrl(url: string): string | undefined {
  const name = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(url)?.[1];
  return name ? decodeURIComponent(name) : undefined;
}
