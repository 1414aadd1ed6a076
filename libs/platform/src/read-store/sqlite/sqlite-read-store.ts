import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
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
} from '../read-store.port';
import { fieldExpr, orderClause, whereClause } from './sqlite-filter';
import { readPath } from '../read-path';
import { BatchedWrites, PendingDocs } from '../batched-writes';
import { DocumentCache } from '../document-cache';
import { CommitsByOthers } from './commits-by-others';
import { ensureFtsIndex, ftsTable } from '../../search/sqlite/fts-index';
import { closeWalConnection, walCheckpointerFor, walCheckpointerOfFile } from '../../sqlite/wal-checkpointer';

const TABLES = 'c_';
const CHECKPOINTS = '_checkpoints';
/** The rebuild's database file, beside the live one; only one rebuild of a data directory runs at a time. */
const rebuildFile = (file: string) => `${file}.rebuild`;
/** The schema name the live connection attaches the rebuild's file under, to copy it in. */
const REBUILT = 'rebuilt';

/**
 * `live`: the read models queries read. `load`: a rebuild's own file, written by one process that
 * discards it on any failure, so it is tuned for a bulk load: no journal, no fsync, indexes deferred.
 */
type Mode = 'live' | 'load';

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The document cache's default budget, in JSON characters (`READ_CACHE_MB` sets it in the apps). */
export const DEFAULT_CACHE_CHARACTERS = 16 * 1024 * 1024;

/**
 * Write work on one file, per process, runs one piece at a time. A batch holds SQLite's write lock
 * across `await`s; another connection of the same process asking for the lock meanwhile would block
 * the event loop in busy-wait and so never let the holder finish. Other processes just wait their turn.
 */
const writeQueues = new Map<string, Promise<unknown>>();

function exclusive<T>(file: string, work: () => Promise<T> | T): Promise<T> {
  const previous = writeQueues.get(file) ?? Promise.resolve();
  // Each piece also waits for a capped WAL's checkpoint, and lets the checkpointer measure the WAL after it.
  const wal = walCheckpointerOfFile(file);
  const checkpointed = async () => {
    await wal?.writable();
    try {
      return await work();
    } finally {
      wal?.committed();
    }
  };
  const result = previous.then(checkpointed, checkpointed);
  const settled = result.catch(() => undefined);
  writeQueues.set(file, settled);
  void settled.then(() => {
    if (writeQueues.get(file) === settled) writeQueues.delete(file);
  });
  return result;
}

/**
 * The embedded read store: one table per collection, `(id, doc JSON)`, with expression indexes on the
 * declared fields. Queries use their own connection, which in WAL mode only ever sees committed batches;
 * projections write through a second one, one batch at a time.
 *
 * `get` answers from a cache of parsed documents. A batch committed here forgets the documents it
 * wrote, right after its commit; a commit by any other connection (the CLI, another store on the file)
 * empties the cache before the next `get` answers, so no read ever sees less than a plain query would.
 */
export class SqliteReadStore implements ReadStore {
  private readonly reader: Database.Database;
  private readonly writer: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** Runs synchronous reads in one read transaction of the query connection (deferred: no lock taken). */
  private readonly readTogether: <T>(work: () => T) => T;
  private readonly swapListeners = new Set<() => void>();
  /** Load mode: the collections whose indexes wait for the end of the load (or a filtered query). */
  private readonly deferred = new Map<string, CollectionSpec>();
  /** Load mode: a batch failed half-written (there is no journal to roll back), so the file is unusable. */
  private failed: unknown = null;
  private readonly documents: DocumentCache;
  private readonly othersCommitted: CommitsByOthers;
  /** See `changes()`. */
  private changeCount = 0;

  constructor(
    private readonly file: string,
    private readonly mode: Mode = 'live',
    cacheCharacters = DEFAULT_CACHE_CHARACTERS,
  ) {
    this.writer = mode === 'live' ? open(file) : openForLoad(file);
    this.writer.exec(`CREATE TABLE IF NOT EXISTS ${CHECKPOINTS} (projection TEXT PRIMARY KEY, position TEXT NOT NULL)`);
    // Without a journal there is nothing for a second connection to isolate it from.
    this.reader = mode === 'live' ? open(file) : this.writer;
    this.readTogether = this.reader.transaction(<T>(work: () => T): T => work()) as <T>(work: () => T) => T;
    // A rebuild's file is read by its own load only, through its batch buffer: nothing to cache there.
    this.documents = new DocumentCache(mode === 'live' ? cacheCharacters : 0);
    // Asked on the writer, whose own commits invalidate by id: the reader would count those too.
    this.othersCommitted = new CommitsByOthers(this.writer);
  }

  ensureCollections(specs: CollectionSpec[]): Promise<void> {
    return exclusive(this.file, () => {
      for (const spec of specs) {
        this.writer.exec(`CREATE TABLE IF NOT EXISTS ${this.table(spec.name)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
        // A bulk load is faster into bare tables, indexed once at the end (in the live file, by the swap).
        if (this.mode === 'load') this.deferred.set(spec.name, spec);
        else this.ensureIndexes(spec);
      }
    });
  }

  /** Called after a rebuild was swapped in: whatever this process cached of the read models is stale. */
  onSwap(listener: () => void): () => void {
    this.swapListeners.add(listener);
    return () => this.swapListeners.delete(listener);
  }

  /**
   * Moves with every commit this store makes and every one another process is seen to make (on the
   * document cache's own `data_version` check), and with a rebuild's swap. Null when the cache is off:
   * then nothing tells, and nothing derived may be kept.
   */
  changes(): number | null {
    if (!this.documents.enabled) return null;
    if (this.othersCommitted.happened()) this.othersWrote();
    return this.changeCount;
  }

  /** Another process committed: nothing cached from before holds. */
  private othersWrote() {
    this.documents.clear();
    this.changeCount++;
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    if (!this.documents.enabled) return getDoc<T>(this.selectDoc(collection), id);
    if (this.othersCommitted.happened()) this.othersWrote();
    return this.documents.get<T>(this.table(collection), id) ?? this.readAndFill<T>(collection, id);
  }

  /** The committed document, read on the query connection and kept in the cache. */
  private readAndFill<T extends Doc>(collection: string, id: string): T | null {
    const row = this.selectDoc(collection).get(id) as { doc: string } | undefined;
    return row ? this.documents.fill<T>(this.table(collection), id, row.doc) : null;
  }

  private selectDoc(collection: string): Database.Statement {
    return this.stmt(this.reader, `SELECT doc FROM ${this.table(collection)} WHERE id = ?`);
  }

  /**
   * Cached documents where the cache has them, the rest read together. Synchronous inside, so no write of
   * this process lands in between: a cached document is the newest committed one, like a fresh read. A
   * commit by another process during the fresh reads could pair a cached old document with a new one, so
   * that case (seen on `data_version`) is read again, all of it, in one read transaction.
   */
  async snapshot(refs: readonly DocRef[]): Promise<(Doc | null)[]> {
    if (!this.documents.enabled) return this.readTogether(() => refs.map((ref) => getDoc(this.selectDoc(ref.collection), ref.id)));
    if (this.othersCommitted.happened()) this.othersWrote();
    const found: (Doc | null | undefined)[] = refs.map(({ collection, id }) => this.documents.get(this.table(collection), id));
    const missing = found.flatMap((doc, i) => (doc ? [] : [i]));
    if (missing.length === 0) return found as Doc[];
    const fill = () => {
      for (const i of missing) found[i] = this.readAndFill(refs[i].collection, refs[i].id);
    };
    if (missing.length === 1) fill();
    else this.readTogether(fill);
    if (missing.length === refs.length || !this.othersCommitted.happenedNow()) return found as (Doc | null)[];
    this.othersWrote();
    return this.readTogether(() => refs.map((ref) => this.readAndFill(ref.collection, ref.id)));
  }

  async find<T extends Doc>(collection: string, query: FindQuery): Promise<Page<T>> {
    const where = whereClause(query.filter, query.sort, query.after);
    const sql = `SELECT doc FROM ${this.table(collection)} ${where.sql} ${orderClause(query.sort)} LIMIT ?`;
    const rows = this.stmt(this.reader, sql).all(...where.params, query.limit + 1) as { doc: string }[];
    const items = rows.slice(0, query.limit).map((r) => JSON.parse(r.doc) as T);
    if (rows.length <= query.limit) return { items };
    const last = items[items.length - 1];
    const field = query.sort?.field ?? 'id';
    return { items, next: { value: readPath(last, field), id: last.id } };
  }

  async count(collection: string, filter: Filter): Promise<number> {
    const where = whereClause(filter);
    const row = this.stmt(this.reader, `SELECT COUNT(*) AS n FROM ${this.table(collection)} ${where.sql}`).get(...where.params);
    return (row as { n: number }).n;
  }

  async checkpoint(projection: string): Promise<string | null> {
    return readCheckpoint(this.stmt(this.reader, this.checkpointSql()), projection);
  }

  async checkpoints(projections: readonly string[]): Promise<(string | null)[]> {
    const stored = this.allCheckpoints(this.reader);
    return projections.map((p) => stored.get(p) ?? null);
  }

  transaction(
    projection: string,
    position: string,
    work: (tx: ReadTransaction, checkpoint: string | null) => Promise<void>,
  ): Promise<void> {
    return this.transactionAll([{ projection, position, work }]);
  }

  transactionAll(batches: ProjectionBatch[]): Promise<void> {
    const run = async () => {
      // Every later batch fails as the first did (the runner retries projections one by one): the rebuild is over.
      if (this.failed) throw this.failed;
      // IMMEDIATE: another process (the CLI, a rebuild) writing the same file waits for this batch.
      this.writer.exec('BEGIN IMMEDIATE');
      const written = new Written();
      let committed = false;
      try {
        // A pass moves every projection's checkpoint: one statement reads them all, one writes them all.
        const stored = this.allCheckpoints(this.writer);
        for (const { projection, work } of batches) {
          const checkpoint = stored.get(projection) ?? null;
          if (this.mode === 'live') {
            await work(this.writeTransaction(written), checkpoint);
          } else {
            const tx = new BatchedWrites(this.loadWrites());
            await work(tx, checkpoint);
            await tx.flush();
          }
        }
        this.writeCheckpoints(batches);
        this.writer.exec('COMMIT');
        committed = true;
      } catch (error) {
        if (this.mode === 'load') this.failed = error;
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      } finally {
        // After the commit, in the same synchronous step: a get between the writes and the commit read
        // (and kept) the old documents. After a rollback they are forgotten too, which costs nothing.
        if (committed) written.committed(this.documents);
        else written.forget(this.documents);
        this.changeCount++;
      }
    };
    return exclusive(this.file, run);
  }

  /**
   * A store over a fresh file beside this one (any earlier rebuild's leftover, say from a killed process,
   * is deleted first). The live file is not touched until `swapRebuild`; closing the target deletes its file.
   */
  async rebuildTarget(): Promise<ReadStore> {
    const file = rebuildFile(this.file);
    for (const leftover of [file, `${file}-journal`]) rmSync(leftover, { force: true });
    return new SqliteReadStore(file, 'load');
  }

  /**
   * Copies the rebuild's collections and checkpoints into the live file in one IMMEDIATE transaction, so
   * a reader (in any process) sees every old collection or every new one, never a mix, and a crash at any
   * point leaves the old ones. Each collection is dropped, created bare, filled with one `INSERT … SELECT`
   * from the attached rebuild file, then indexed (its expression indexes, its FTS table and triggers):
   * building an index once over a full table is much cheaper than keeping it in step during the load.
   */
  async swapRebuild(collections: CollectionSpec[], projections: string[]): Promise<void> {
    const file = rebuildFile(this.file);
    if (!existsSync(file)) throw new Error(`no rebuild to swap in: ${file} is missing`);
    const swap = this.writer.transaction(() => {
      const rebuilt = this.writer.prepare(`SELECT 1 FROM ${REBUILT}.sqlite_master WHERE type = 'table' AND name = ?`);
      for (const spec of collections) {
        const table = this.table(spec.name);
        this.writer.exec(`DROP TABLE IF EXISTS main.${table}`);
        this.writer.exec(`DROP TABLE IF EXISTS main.${ftsTable(table)}`);
        this.writer.exec(`CREATE TABLE main.${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
        // A collection the rebuild never created holds no document. In id order, the id index fills sequentially.
        if (rebuilt.get(table)) this.writer.exec(`INSERT INTO main.${table} (id, doc) SELECT id, doc FROM ${REBUILT}.${table} ORDER BY id`);
        this.ensureIndexes(spec);
      }
      const drop = this.writer.prepare(`DELETE FROM main.${CHECKPOINTS} WHERE projection = ?`);
      const copy = this.writer.prepare(
        `INSERT INTO main.${CHECKPOINTS} (projection, position)
         SELECT projection, position FROM ${REBUILT}.${CHECKPOINTS} WHERE projection = ?`,
      );
      for (const p of projections) {
        drop.run(p);
        copy.run(p);
      }
    });
    await exclusive(this.file, () => {
      this.writer.prepare('ATTACH DATABASE ? AS ' + REBUILT).run(file);
      // The swap writes the whole read models in one transaction: with the connection's default 2 MB of
      // page cache it spilled pages to the WAL and rewrote them, and its index sorts spilled to temp files.
      const cache = this.writer.pragma('main.cache_size', { simple: true }) as number;
      this.writer.pragma(`main.cache_size = ${SWAP_CACHE_KIB}`);
      try {
        swap.immediate();
      } finally {
        this.writer.pragma(`main.cache_size = ${cache}`);
        this.writer.pragma('shrink_memory');
        this.writer.exec(`DETACH DATABASE ${REBUILT}`);
      }
    });
    this.statements.clear();
    this.documents.clear();
    this.changeCount++;
    for (const listener of this.swapListeners) listener();
  }

  async ping(): Promise<boolean> {
    try {
      this.reader.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await exclusive(this.file, () => undefined);
    if (this.mode === 'load') {
      // A rebuild's file is scratch (journal off, no WAL): swapped in (copied) already, or abandoned.
      if (this.writer.open) this.writer.close();
      rmSync(this.file, { force: true });
      return;
    }
    for (const db of [this.reader, this.writer]) await closeWalConnection(db);
  }

  private writeTransaction(written: Written): ReadTransaction {
    const db = this.writer;
    return {
      get: async <T extends Doc>(collection: string, id: string) =>
        getDoc<T>(this.stmt(db, `SELECT doc FROM ${this.table(collection)} WHERE id = ?`), id),
      findAll: async <T extends Doc>(collection: string, filter: Filter) => {
        const where = whereClause(filter);
        const rows = this.stmt(db, `SELECT doc FROM ${this.table(collection)} ${where.sql}`).all(...where.params);
        return (rows as { doc: string }[]).map((r) => JSON.parse(r.doc) as T);
      },
      upsert: async (collection: string, doc: Doc) => {
        const json = JSON.stringify(doc);
        this.stmt(
          db,
          `INSERT INTO ${this.table(collection)} (id, doc) VALUES (?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        ).run(doc.id, json);
        written.document(this.table(collection), doc.id, this.documents, json);
      },
      patch: async (collection: string, id: string, changes: Record<string, unknown>) => {
        const current = getDoc(this.stmt(db, `SELECT doc FROM ${this.table(collection)} WHERE id = ?`), id);
        if (!current) return;
        const next: Record<string, unknown> = { ...current, ...changes, id };
        for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key];
        const json = JSON.stringify(next);
        this.stmt(db, `UPDATE ${this.table(collection)} SET doc = ? WHERE id = ?`).run(json, id);
        written.document(this.table(collection), id, this.documents, json);
      },
      delete: async (collection: string, id: string) => {
        this.stmt(db, `DELETE FROM ${this.table(collection)} WHERE id = ?`).run(id);
        written.document(this.table(collection), id, this.documents, null);
      },
      deleteMany: async (collection: string, filter: Filter) => {
        const where = whereClause(filter);
        this.stmt(db, `DELETE FROM ${this.table(collection)} ${where.sql}`).run(...where.params);
        written.table(this.table(collection));
      },
    };
  }

  /**
   * Index names carry a hash of their fields (so an existing index is recognised when collections are
   * ensured again) and a random tail (so no two indexes of the file ever share a name).
   */
  private ensureIndex(table: string, fields: string[]) {
    const signature = indexSignature(fields);
    const existing = this.writer
      .prepare(`SELECT name FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE ?`)
      .get(table, `%${signature}%`);
    if (existing) return;
    const name = `ix_${table}_${signature}_${randomBytes(4).toString('hex')}`;
    const columns = [...fields.map(fieldExpr), 'id'].join(', ');
    this.writer.exec(`CREATE INDEX main.${name} ON ${table} (${columns})`);
  }

  /**
   * Drops the indexes this store made for fields the collection no longer declares: each is a cost on
   * every write that no query of this version asks for (a file written by an earlier version).
   */
  private dropUndeclaredIndexes(table: string, spec: CollectionSpec) {
    const declared = new Set(spec.indexes.map(indexSignature));
    const ours = this.writer.prepare(`SELECT name FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(table) as { name: string }[];
    for (const { name } of ours) {
      if (!name.startsWith(`ix_${table}_`)) continue;
      const signature = name.slice(`ix_${table}_`.length).split('_')[0];
      if (!declared.has(signature)) this.writer.exec(`DROP INDEX main.${name}`);
    }
  }

  /**
   * Load mode: single-row statements on the rebuild's file, and each collection's pending documents
   * written in one pass. A filtered read or delete first gets the collection its indexes: projections that
   * query by filter while they replay (a page's link targets) would otherwise scan the table each time.
   */
  private loadWrites() {
    // A load's writes need no forgetting: a rebuild's store caches nothing (its swap empties the live cache).
    const direct = this.writeTransaction(new Written());
    return {
      get: direct.get,
      findAll: async <T extends Doc>(collection: string, filter: Filter) => {
        this.indexNow(collection);
        return direct.findAll<T>(collection, filter);
      },
      deleteMany: async (collection: string, filter: Filter) => {
        this.indexNow(collection);
        await direct.deleteMany(collection, filter);
      },
      write: async (collection: string, docs: PendingDocs) => {
        const table = this.table(collection);
        const remove = this.stmt(this.writer, `DELETE FROM ${table} WHERE id = ?`);
        const rows: string[] = [];
        for (const [id, json] of docs) {
          if (json === null) remove.run(id);
          else rows.push(id, json);
        }
        // Many rows per statement: one call into SQLite per row was half the cost of writing a batch.
        const full = rows.length - (rows.length % (2 * ROWS_PER_INSERT));
        const putMany = this.stmt(this.writer, insertRows(table, ROWS_PER_INSERT));
        for (let i = 0; i < full; i += 2 * ROWS_PER_INSERT) putMany.run(rows.slice(i, i + 2 * ROWS_PER_INSERT));
        const putOne = this.stmt(this.writer, insertRows(table, 1));
        for (let i = full; i < rows.length; i += 2) putOne.run(rows[i], rows[i + 1]);
      },
    };
  }

  private indexNow(collection: string) {
    const spec = this.deferred.get(collection);
    if (!spec) return;
    this.deferred.delete(collection);
    // Only what filters use: the text index is never queried during a load, the swap builds it.
    this.ensureIndexes({ ...spec, textIndex: undefined });
  }

  private ensureIndexes(spec: CollectionSpec) {
    const table = this.table(spec.name);
    this.dropUndeclaredIndexes(table, spec);
    for (const fields of spec.indexes) this.ensureIndex(table, fields);
    if (spec.textIndex) ensureFtsIndex(this.writer, table, spec.textIndex);
  }

  private table(collection: string): string {
    return `${TABLES}${checkName(collection)}`;
  }

  private checkpointSql() {
    return `SELECT position FROM ${CHECKPOINTS} WHERE projection = ?`;
  }

  /** Every stored checkpoint (a few dozen rows at most: one per projection and process). */
  private allCheckpoints(db: Database.Database): Map<string, string> {
    const rows = this.stmt(db, `SELECT projection, position FROM ${CHECKPOINTS}`).all() as { projection: string; position: string }[];
    return new Map(rows.map((r) => [r.projection, r.position]));
  }

  /** One upsert for the batches' checkpoints; its statement is kept per number of rows (a pass's is steady). */
  private writeCheckpoints(batches: readonly ProjectionBatch[]) {
    const rows = batches.map(() => '(?, ?)').join(', ');
    this.stmt(
      this.writer,
      `INSERT INTO ${CHECKPOINTS} (projection, position) VALUES ${rows}
       ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
    ).run(batches.flatMap((b) => [b.projection, b.position]));
  }

  /** Statements are prepared once per connection and SQL text; SQLite re-prepares them after a swap. */
  private stmt(db: Database.Database, sql: string): Database.Statement {
    const key = `${db === this.writer ? 'w' : 'r'}:${sql}`;
    let stmt = this.statements.get(key);
    if (!stmt) {
      stmt = db.prepare(sql);
      this.statements.set(key, stmt);
    }
    return stmt;
  }
}

/** The live connection's page cache during a swap (negative: KiB), given back once the swap is over. */
const SWAP_CACHE_KIB = -128 * 1024;

/** What names an index of these fields (hex, so it never holds the `_` that separates a name's parts). */
function indexSignature(fields: string[]): string {
  return createHash('sha256').update(fields.join(',')).digest('hex').slice(0, 12);
}

/** Rows per INSERT in a load (each row binds two values; SQLite allows 32,766 per statement). */
const ROWS_PER_INSERT = 64;

/** The load's upsert of `rows` documents at once (a full chunk, or one). */
function insertRows(table: string, rows: number): string {
  return `INSERT OR REPLACE INTO ${table} (id, doc) VALUES ${Array(rows).fill('(?, ?)').join(', ')}`;
}

function open(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Read models can be rebuilt from the log, so a lost last batch after a power cut costs nothing.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  walCheckpointerFor(db);
  return db;
}

/** A rebuild's file: thrown away on any failure, so neither a journal nor an fsync buys anything. */
function openForLoad(file: string): Database.Database {
  const db = new Database(file);
  // better-sqlite3 opens every connection in SQLite's defensive mode, which silently keeps the rollback
  // journal on `journal_mode = OFF` (it answered 'delete': each batch wrote every page it changed twice).
  // Defensive mode is lifted (unsafe mode) for that one pragma only.
  db.unsafeMode(true);
  const journal = db.pragma('journal_mode = OFF', { simple: true });
  db.unsafeMode(false);
  if (journal !== 'off') {
    db.close();
    throw new Error(`${file}: the rebuild's file kept its journal (${String(journal)})`);
  }
  db.pragma('synchronous = OFF');
  // 64 MiB of page cache: the tables being loaded stay in memory between batches.
  db.pragma('cache_size = -65536');
  return db;
}

/** The table holding a live collection (what queries read). */
export const liveTable = (collection: string) => `${TABLES}${checkName(collection)}`;

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid collection name: ${name}`);
  return name;
}

/**
 * What one batch wrote: documents by table and id, and tables written by filter (ids unknown). A document
 * the cache held when the batch wrote it is likely read again (the organization a command changed, read for
 * its answer): its new JSON is kept, to replace the cached one at commit instead of forgetting it.
 */
class Written {
  private readonly documents: [table: string, id: string, json: string | null][] = [];
  private readonly tables = new Set<string>();

  /** `json`: what the document is now (null: deleted). */
  document(table: string, id: string, cache: DocumentCache, json: string | null) {
    this.documents.push([table, id, json !== null && cache.has(table, id) ? json : null]);
  }

  table(table: string) {
    this.tables.add(table);
  }

  /** After the commit: the documents held when written are held as written, the others forgotten. */
  committed(cache: DocumentCache) {
    for (const [table, id, json] of this.documents) {
      cache.delete(table, id);
      if (json !== null) cache.fill(table, id, json);
    }
    for (const table of this.tables) cache.deleteTable(table);
  }

  /** After a rollback, or a read between the writes and the commit that kept the old documents. */
  forget(cache: DocumentCache) {
    for (const [table, id] of this.documents) cache.delete(table, id);
    for (const table of this.tables) cache.deleteTable(table);
  }
}

function getDoc<T extends Doc>(stmt: Database.Statement, id: string): T | null {
  const row = stmt.get(id) as { doc: string } | undefined;
  return row ? (JSON.parse(row.doc) as T) : null;
}

function readCheckpoint(stmt: Database.Statement, projection: string): string | null {
  const row = stmt.get(projection) as { position: string } | undefined;
  return row?.position ?? null;
}
