import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import {
  CollectionSpec,
  Doc,
  Filter,
  FindQuery,
  Page,
  ProjectionBatch,
  ReadStore,
  ReadTransaction,
} from '../read-store.port';
import { fieldExpr, orderClause, whereClause } from './sqlite-filter';
import { readPath } from '../read-path';
import { DocumentCache } from '../document-cache';
import { CommitsByOthers } from './commits-by-others';
import { dropFtsTables, ensureFtsIndex, swapFtsIndex } from '../../search/sqlite/fts-index';

/** Table-name prefixes: live collections, and the fresh copies a rebuild fills before the swap. */
const LIVE = { tables: 'c_', checkpoints: '_checkpoints' };
const REBUILD = { tables: 'r_', checkpoints: '_checkpoints_rebuild' };
type Namespace = typeof LIVE;

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
  const result = previous.then(work, work);
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
  private readonly documents: DocumentCache;
  private readonly othersCommitted: CommitsByOthers;

  constructor(
    private readonly file: string,
    private readonly ns: Namespace = LIVE,
    cacheCharacters = DEFAULT_CACHE_CHARACTERS,
  ) {
    this.writer = open(file);
    this.writer.exec(
      `CREATE TABLE IF NOT EXISTS ${LIVE.checkpoints} (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS ${REBUILD.checkpoints} (projection TEXT PRIMARY KEY, position TEXT NOT NULL);`,
    );
    this.reader = open(file);
    this.documents = new DocumentCache(cacheCharacters);
    // Asked on the writer, whose own commits invalidate by id: the reader would count those too.
    this.othersCommitted = new CommitsByOthers(this.writer);
  }

  ensureCollections(specs: CollectionSpec[]): Promise<void> {
    return exclusive(this.file, () => {
      for (const spec of specs) {
        const table = this.table(spec.name);
        this.writer.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
        for (const fields of spec.indexes) this.ensureIndex(table, fields);
        if (spec.textIndex) ensureFtsIndex(this.writer, table, spec.textIndex);
      }
    });
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const table = this.table(collection);
    const select = this.stmt(this.reader, `SELECT doc FROM ${table} WHERE id = ?`);
    if (!this.documents.enabled) return getDoc<T>(select, id);
    if (this.othersCommitted.happened()) this.documents.clear();
    const cached = this.documents.get<T>(table, id);
    if (cached) return cached;
    const row = select.get(id) as { doc: string } | undefined;
    return row ? this.documents.fill<T>(table, id, row.doc) : null;
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

  transaction(
    projection: string,
    position: string,
    work: (tx: ReadTransaction, checkpoint: string | null) => Promise<void>,
  ): Promise<void> {
    return this.transactionAll([{ projection, position, work }]);
  }

  transactionAll(batches: ProjectionBatch[]): Promise<void> {
    const run = async () => {
      // IMMEDIATE: another process (the CLI, a rebuild) writing the same file waits for this batch.
      this.writer.exec('BEGIN IMMEDIATE');
      const written = new Written();
      try {
        const read = this.stmt(this.writer, this.checkpointSql());
        const write = this.stmt(
          this.writer,
          `INSERT INTO ${this.ns.checkpoints} (projection, position) VALUES (?, ?)
           ON CONFLICT (projection) DO UPDATE SET position = excluded.position`,
        );
        for (const { projection, position, work } of batches) {
          await work(this.writeTransaction(written), readCheckpoint(read, projection));
          write.run(projection, position);
        }
        this.writer.exec('COMMIT');
      } catch (error) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw error;
      } finally {
        // After the commit, in the same synchronous step: a get between the writes and the commit read
        // (and kept) the old documents. Forgetting them after a rollback too costs nothing.
        written.forget(this.documents);
      }
    };
    return exclusive(this.file, run);
  }

  async rebuildTarget(): Promise<ReadStore> {
    const target = new SqliteReadStore(this.file, REBUILD);
    await exclusive(this.file, () => target.dropRebuildTables());
    return target;
  }

  async swapRebuild(collections: string[], projections: string[]): Promise<void> {
    // One transaction: a reader sees either every old collection or every new one, never a mix.
    const swap = this.writer.transaction(() => {
      for (const name of collections) {
        const fresh = `${REBUILD.tables}${checkName(name)}`;
        this.writer.exec(`CREATE TABLE IF NOT EXISTS ${fresh} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
        this.writer.exec(`DROP TABLE IF EXISTS ${LIVE.tables}${name}`);
        this.writer.exec(`ALTER TABLE ${fresh} RENAME TO ${LIVE.tables}${name}`);
        swapFtsIndex(this.writer, fresh, `${LIVE.tables}${name}`);
      }
      const drop = this.writer.prepare(`DELETE FROM ${LIVE.checkpoints} WHERE projection = ?`);
      const copy = this.writer.prepare(
        `INSERT INTO ${LIVE.checkpoints} (projection, position)
         SELECT projection, position FROM ${REBUILD.checkpoints} WHERE projection = ?`,
      );
      for (const p of projections) {
        drop.run(p);
        copy.run(p);
      }
      this.writer.exec(`DELETE FROM ${REBUILD.checkpoints}`);
    });
    await exclusive(this.file, () => swap.immediate());
    this.statements.clear();
    this.documents.clear();
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
    for (const db of [this.reader, this.writer]) if (db.open) db.close();
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
        this.stmt(
          db,
          `INSERT INTO ${this.table(collection)} (id, doc) VALUES (?, ?)
           ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
        ).run(doc.id, JSON.stringify(doc));
        written.document(this.table(collection), doc.id);
      },
      patch: async (collection: string, id: string, changes: Record<string, unknown>) => {
        const current = getDoc(this.stmt(db, `SELECT doc FROM ${this.table(collection)} WHERE id = ?`), id);
        if (!current) return;
        const next: Record<string, unknown> = { ...current, ...changes, id };
        for (const [key, value] of Object.entries(changes)) if (value === undefined) delete next[key];
        this.stmt(db, `UPDATE ${this.table(collection)} SET doc = ? WHERE id = ?`).run(JSON.stringify(next), id);
        written.document(this.table(collection), id);
      },
      delete: async (collection: string, id: string) => {
        this.stmt(db, `DELETE FROM ${this.table(collection)} WHERE id = ?`).run(id);
        written.document(this.table(collection), id);
      },
      deleteMany: async (collection: string, filter: Filter) => {
        const where = whereClause(filter);
        this.stmt(db, `DELETE FROM ${this.table(collection)} ${where.sql}`).run(...where.params);
        written.table(this.table(collection));
      },
    };
  }

  /**
   * Index names carry a hash of their fields (so an existing index is recognised after a rebuild
   * renamed its table) and a random tail (so a later rebuild's index cannot collide with it).
   */
  private ensureIndex(table: string, fields: string[]) {
    const signature = createHash('sha256').update(fields.join(',')).digest('hex').slice(0, 12);
    const existing = this.writer
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE ?`)
      .get(table, `%${signature}%`);
    if (existing) return;
    const name = `ix_${table}_${signature}_${randomBytes(4).toString('hex')}`;
    const columns = [...fields.map(fieldExpr), 'id'].join(', ');
    this.writer.exec(`CREATE INDEX ${name} ON ${table} (${columns})`);
  }

  private dropRebuildTables() {
    const tables = this.writer
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'r\\_%' ESCAPE '\\'`)
      .all() as { name: string }[];
    for (const { name } of tables) this.writer.exec(`DROP TABLE ${name}`);
    dropFtsTables(this.writer, REBUILD.tables);
    this.writer.exec(`DELETE FROM ${REBUILD.checkpoints}`);
  }

  private table(collection: string): string {
    return `${this.ns.tables}${checkName(collection)}`;
  }

  private checkpointSql() {
    return `SELECT position FROM ${this.ns.checkpoints} WHERE projection = ?`;
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

function open(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Read models can be rebuilt from the log, so a lost last batch after a power cut costs nothing.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  return db;
}

/** The table holding a live collection (what queries read). */
export const liveTable = (collection: string) => `${LIVE.tables}${checkName(collection)}`;

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error(`invalid collection name: ${name}`);
  return name;
}

/** What one batch wrote: documents by table and id, and tables written by filter (ids unknown). */
class Written {
  private readonly documents: [table: string, id: string][] = [];
  private readonly tables = new Set<string>();

  document(table: string, id: string) {
    this.documents.push([table, id]);
  }

  table(table: string) {
    this.tables.add(table);
  }

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
