import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { assertSubject, SUBJECT_KEY_BYTES } from '../subject-key';
import { SubjectErased, SubjectKeys } from '../subject-keys.port';

/**
 * The embedded key store: its own file, `keys.db` beside `events.db`, so that the log can be copied,
 * shipped or restored without the keys, and the keys destroyed without touching the log. A subject's row
 * holds its 32 random bytes; destroying sets them to NULL and keeps the row as a tombstone, so `keyFor`
 * recognises an erased subject and refuses to make it a new key (a late writer cannot seal it again).
 *
 * Rollback journal (`journal_mode = DELETE`), not WAL, so that a destroyed key lingers nowhere in a file:
 * `secure_delete = ON` makes SQLite overwrite the cell and any freed page with zeros in place, and the
 * journal, which holds the page's old image (the key) only while the destroy's transaction is open, is
 * unlinked at its commit. With WAL the old page would sit in the `-wal` file until a checkpoint reset it,
 * and a reader of another process can hold a checkpoint back. Writes are few (one commit per batch of new
 * subjects, one per erasure), so the rollback journal's readers-block-writers costs nothing that matters. What SQLite
 * cannot reach, the filesystem's freed blocks and the backups taken before the erasure, is the operator's
 * (README): a backup of keys.db holds the keys it held.
 *
 * Another process (the CLI beside the API) may ask for the same subject at once: `INSERT ... ON CONFLICT DO
 * NOTHING` then read, so both get the row that won. Rows are never deleted, so the read always finds one.
 *
 * Group commit: a durable commit in rollback-journal mode costs several fsyncs (15 ms on the development
 * machine), on the event loop as every better-sqlite3 write is; new subjects asked for in the same turn of
 * the event loop (a batch of ingested conversations sealed at once) share one transaction. Reads of
 * existing keys touch no lock for long and are answered at once.
 */
export class SqliteSubjectKeys implements SubjectKeys {
  private readonly db: Database.Database;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly insertAll: Database.Transaction<(subjects: string[]) => void>;
  /** New subjects waiting for the next group commit, with whoever waits for each. */
  private pending = new Map<string, { resolve: () => void; reject: (error: unknown) => void }[]>();

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = DELETE');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS subject_keys (
        subject TEXT PRIMARY KEY,
        key     BLOB CHECK (key IS NULL OR length(key) = ${SUBJECT_KEY_BYTES})
      );
    `);
    this.stmts = prepareStatements(this.db);
    this.insertAll = this.db.transaction((subjects) => {
      for (const subject of subjects) this.stmts.insert.run(subject, randomBytes(SUBJECT_KEY_BYTES));
    });
  }

  async keyFor(subject: string): Promise<Buffer> {
    assertSubject(subject);
    let row = this.stmts.get.get(subject) as { key: Buffer | null } | undefined;
    if (!row) {
      await this.made(subject);
      row = this.stmts.get.get(subject) as { key: Buffer | null };
    }
    if (row.key === null) throw new SubjectErased(subject);
    return row.key;
  }

  async find(subject: string): Promise<Buffer | null> {
    assertSubject(subject);
    const row = this.stmts.get.get(subject) as { key: Buffer | null } | undefined;
    return row?.key ?? null;
  }

  async destroy(subject: string): Promise<void> {
    assertSubject(subject);
    // A subject never keyed is tombstoned too: it was erased before anything was sealed for it.
    this.stmts.destroy.run(subject);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Resolves once the subject has a row, made by the next group commit or, first, by another process. */
  private made(subject: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(subject);
      if (waiting) return waiting.push({ resolve, reject });
      this.pending.set(subject, [{ resolve, reject }]);
      if (this.pending.size === 1) setImmediate(() => this.commitPending());
    });
  }

  private commitPending(): void {
    const batch = this.pending;
    this.pending = new Map();
    let failure: unknown = null;
    try {
      // IMMEDIATE: the write lock is taken (or waited for, busy_timeout) before anything is written.
      this.insertAll.immediate([...batch.keys()]);
    } catch (error) {
      failure = error;
    }
    for (const waiters of batch.values()) {
      for (const waiter of waiters) {
        if (failure === null) waiter.resolve();
        else waiter.reject(failure);
      }
    }
  }
}

function prepareStatements(db: Database.Database) {
  return {
    get: db.prepare('SELECT key FROM subject_keys WHERE subject = ?'),
    insert: db.prepare('INSERT INTO subject_keys (subject, key) VALUES (?, ?) ON CONFLICT (subject) DO NOTHING'),
    destroy: db.prepare('INSERT INTO subject_keys (subject, key) VALUES (?, NULL) ON CONFLICT (subject) DO UPDATE SET key = NULL'),
  };
}
