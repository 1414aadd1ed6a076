import Database from 'better-sqlite3';
import { asBuffer, assertContentHash, assertStorable, contentHash, ContentObjectStore, verified } from '../content-object-store.port';
import { walCheckpointerFor, WalCheckpointer } from '../../sqlite/wal-checkpointer';

/**
 * The embedded object store: a table in the event store's own file (`events.db`), so that the log and the
 * objects its events refer to are one thing to back up, and a rebuild of the read models needs nothing else.
 *
 * It opens its own connection to that file rather than sharing the event store's: both stores write in
 * synchronous transactions that never stay open across an `await`, so within one process neither ever
 * waits on the other's lock (the queued-write rule of the read store does not arise), and the event
 * store's group commit stays its own. Another process (the CLI) is waited for up to `busy_timeout`, as
 * the event store does. Every commit here is seen by the event store's `data_version` watch as "another
 * connection wrote": its listeners read the log once and find nothing new, which is harmless.
 *
 * WAL and `synchronous=FULL` (per connection): `put` resolves only once its transaction is durable, so an
 * event naming a hash is never appended before the object is on disk.
 */
export class SqliteObjectStore implements ContentObjectStore {
  private readonly db: Database.Database;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly insertAll: Database.Transaction<(objects: { hash: string; bytes: Buffer }[]) => void>;
  private readonly wal: WalCheckpointer;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // The event store's checkpointer: both connections write events.db.
    this.wal = walCheckpointerFor(this.db);
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS content_objects (
        hash  TEXT PRIMARY KEY,
        bytes BLOB NOT NULL
      );
    `);
    this.stmts = prepareStatements(this.db);
    this.insertAll = this.db.transaction((objects) => {
      // Already there (from this call, another call or another process): the same bytes, nothing to do.
      for (const { hash, bytes } of objects) this.stmts.insert.run(hash, bytes);
    });
  }

  async put(objects: readonly Uint8Array[]): Promise<string[]> {
    // Refused before any is stored, in both modes alike.
    for (const bytes of objects) assertStorable(bytes);
    const hashed = objects.map((bytes) => ({ hash: contentHash(bytes), bytes: asBuffer(bytes) }));
    if (hashed.length > 0) {
      await this.wal.writable();
      // IMMEDIATE: the write lock is taken (or waited for) before anything is written, as the event store does.
      this.insertAll.immediate(hashed);
      this.wal.committed();
    }
    return hashed.map((o) => o.hash);
  }

  async get(hash: string): Promise<Buffer | null> {
    assertContentHash(hash);
    const row = this.stmts.get.get(hash) as { bytes: Buffer } | undefined;
    return row ? verified(hash, row.bytes) : null;
  }

  async getMany(hashes: readonly string[]): Promise<(Buffer | null)[]> {
    hashes.forEach(assertContentHash);
    if (hashes.length === 0) return [];
    // One statement for any number of hashes (no limit on bound parameters to mind).
    const rows = this.stmts.getMany.all(JSON.stringify(hashes)) as { hash: string; bytes: Buffer }[];
    const found = new Map(rows.map((row) => [row.hash, row.bytes]));
    return hashes.map((hash) => {
      const bytes = found.get(hash);
      return bytes === undefined ? null : verified(hash, bytes);
    });
  }

  async has(hash: string): Promise<boolean> {
    assertContentHash(hash);
    return this.stmts.has.get(hash) !== undefined;
  }

  async close(): Promise<void> {
    await this.wal.close(this.db);
  }
}

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare('INSERT OR IGNORE INTO content_objects (hash, bytes) VALUES (?, ?)'),
    get: db.prepare('SELECT bytes FROM content_objects WHERE hash = ?'),
    getMany: db.prepare('SELECT hash, bytes FROM content_objects WHERE hash IN (SELECT value FROM json_each(?))'),
    has: db.prepare('SELECT 1 FROM content_objects WHERE hash = ?'),
  };
}
