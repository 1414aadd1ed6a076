import Database from 'better-sqlite3';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  WrongExpectedRevision,
} from '../event-store.port';
import { walCheckpointerFor, WalCheckpointer, WalLimits } from '../../sqlite/wal-checkpointer';
import { LruCache } from '../../caching/lru-cache';
import { LogTail } from './log-tail';

/**
 * A row of the log as the reads select it (EVENT_COLUMNS), in raw mode: an array, not an object per row,
 * which is a third of the cost of reading a page of the log (measured on a 110k-event replay).
 */
type EventRow = [position: bigint, eventId: string, stream: string, revision: bigint, type: string, data: string, metadata: string];

const EVENT_COLUMNS = 'position, event_id, stream, revision, type, data, metadata';

/** An append waiting for the next group commit. */
interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** Streams whose last revision this connection remembers (see `readStreamAfter`). */
const STREAM_HEADS = 10_000;

/** How often another process's appends are noticed: `PRAGMA data_version` is a cheap in-memory read. */
const WATCH_INTERVAL_MS = 25;

/**
 * The embedded event store: one SQLite file, WAL, `synchronous=FULL` so that an acknowledged append
 * survives a power cut. The global position is the table's integer primary key; the unique
 * (stream, revision) index is the last line of defence for optimistic concurrency across processes,
 * while the revision check runs inside an IMMEDIATE transaction (one writer at a time).
 *
 * Group commit: appends requested in the same turn of the event loop share one transaction, hence one
 * fsync, each inside its own savepoint, so one refused append (wrong expected revision) does not undo
 * the others. Each is acknowledged only once the group's commit is durable.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private watcher: NodeJS.Timeout | null = null;
  private lastDataVersion = 0;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly wal: WalCheckpointer;
  private readonly tail = new LogTail();
  /**
   * Per stream: no event after `revision` existed while the log was at `version` (`PRAGMA data_version`,
   * which moves when another connection commits). This connection's own appends update it.
   */
  private readonly streamHeads = new LruCache<string, { revision: bigint; version: number }>(STREAM_HEADS);

  constructor(file: string, options: { wal?: WalLimits } = {}) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.wal = walCheckpointerFor(this.db, options.wal);
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.defaultSafeIntegers(true);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        stream   TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type     TEXT NOT NULL,
        data     TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      );
    `);
    this.stmts = prepareStatements(this.db);
    // A transaction function called inside another one runs as a savepoint (better-sqlite3).
    const appendOne = this.db.transaction(this.appendUnsafe.bind(this));
    this.groupTx = this.db.transaction((group: PendingAppend[]) =>
      group.map((p) => {
        try {
          return { result: appendOne(p.stream, p.events, p.expected) };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision)) throw error;
          return { error };
        }
      }),
    );
  }

  private readonly groupTx: Database.Transaction<(group: PendingAppend[]) => ({ result: AppendResult } | { error: unknown })[]>;
  private pending: PendingAppend[] = [];

  private appendUnsafe(stream: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    const row = this.stmts.streamRevision.get(stream) as { revision: bigint | null };
    const current = row.revision;
    if (expected !== 'any') {
      const ok = expected === 'no-stream' ? current === null : current === expected;
      if (!ok) throw new WrongExpectedRevision(stream, expected, current ?? 'no-stream');
    }
    let revision = current ?? -1n;
    let position = 0n;
    for (const e of events) {
      revision += 1n;
      const info = this.stmts.insert.run(
        e.eventId, stream, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata),
      );
      position = BigInt(info.lastInsertRowid);
    }
    return { nextRevision: revision, position: position.toString() };
  }

  append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.commitGroup());
      this.pending.push({ stream, events, expected, resolve, reject });
    });
  }

  private commitGroup() {
    // The WAL is at its cap: the group (and whatever joins it) commits once the checkpoint thread has emptied it.
    const checkpoint = this.wal.writable();
    if (checkpoint) return void checkpoint.then(() => this.commitGroup());
    const group = this.pending;
    this.pending = [];
    let version: number;
    let outcomes: ({ result: AppendResult } | { error: unknown })[];
    try {
      // Taken before the transaction: another connection's commit after it shows as a change (see streamHeads).
      // Inside the try: on a closed connection it throws, and the group's appends must be refused, not left hanging.
      version = this.dataVersion();
      // IMMEDIATE takes the write lock before any revision is read, so two processes cannot both pass it.
      outcomes = this.groupTx.immediate(group);
    } catch (error) {
      for (const p of group) p.reject(error);
      return;
    }
    this.wal.committed();
    this.tail.appended();
    group.forEach((p, i) => {
      const outcome = outcomes[i];
      if ('result' in outcome) {
        this.streamHeads.set(p.stream, { revision: outcome.result.nextRevision, version });
        p.resolve(outcome.result);
      } else p.reject(outcome.error);
    });
    this.notify();
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    return (this.stmts.readStream.all(stream) as EventRow[]).map(toStored);
  }

  /**
   * Asked before every command (the aggregate cache folds in what others appended): when this connection
   * knows the stream ends at `revision` and no other connection has committed since, the answer is known.
   */
  async readStreamAfter(stream: string, revision: bigint): Promise<StoredEvent[]> {
    const version = this.dataVersion();
    const head = this.streamHeads.get(stream);
    if (head && head.version === version && head.revision === revision) return [];
    const events = (this.stmts.readStreamAfter.all(stream, revision) as EventRow[]).map(toStored);
    this.streamHeads.set(stream, { revision: events.length > 0 ? events[events.length - 1].revision : revision, version });
    return events;
  }

  /**
   * From the tail of parsed events where it holds them. After each append a dozen runners read the same new
   * events: the first reads them from the file, the others find the log unchanged since (`data_version`, which
   * moves when another connection commits; this one's own appends tell the tail themselves) and take them
   * from the tail without a query.
   */
  async readAll(after: string | null, limit: number): Promise<StoredEvent[]> {
    // Taken before the file is read: a commit landing after it shows as a change at the next read.
    return this.tail.read(BigInt(after ?? 0), limit, this.dataVersion(), (position, count) =>
      (this.stmts.readAll.all(position, BigInt(count)) as EventRow[]).map((row) => [toStored(row), row[5].length + row[6].length]),
    );
  }

  async headPosition(): Promise<string | null> {
    const row = this.stmts.head.get() as { position: bigint | null };
    return row.position === null ? null : row.position.toString();
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.watcher) {
      this.lastDataVersion = this.dataVersion();
      this.watcher = setInterval(() => {
        const version = this.dataVersion();
        if (version !== this.lastDataVersion) {
          this.lastDataVersion = version;
          this.notify();
        }
      }, WATCH_INTERVAL_MS);
      this.watcher.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopWatching();
    };
  }

  async ping(): Promise<boolean> {
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // Appends asked for in this turn still get their commit (after the checkpoint they may be waiting for).
    await this.wal.writable();
    if (this.pending.length > 0) this.commitGroup();
    this.stopWatching();
    this.listeners.clear();
    await this.wal.close(this.db);
  }

  /** Row count of the log, scanned raw: the baseline for the replay benchmark. */
  rawScan(): number {
    let n = 0;
    for (const row of this.db.prepare('SELECT data, metadata FROM events ORDER BY position').iterate()) {
      if (row) n++;
    }
    return n;
  }

  /** Changes when another connection commits (not for this connection's own writes). */
  private dataVersion(): number {
    return Number(this.stmts.dataVersion.get());
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private stopWatching() {
    if (this.watcher) clearInterval(this.watcher);
    this.watcher = null;
  }
}

function prepareStatements(db: Database.Database) {
  return {
    streamRevision: db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream = ?'),
    insert: db.prepare(
      'INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    readStream: db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? ORDER BY revision`).raw(),
    readStreamAfter: db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream = ? AND revision > ? ORDER BY revision`).raw(),
    readAll: db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw(),
    head: db.prepare('SELECT MAX(position) AS position FROM events'),
    dataVersion: db.prepare('PRAGMA data_version').pluck(),
  };
}

function toStored([position, eventId, stream, revision, type, data, metadata]: EventRow): StoredEvent {
  return {
    eventId,
    stream,
    revision,
    position: position.toString(),
    type,
    data: JSON.parse(data),
    metadata: JSON.parse(metadata),
  };
}
