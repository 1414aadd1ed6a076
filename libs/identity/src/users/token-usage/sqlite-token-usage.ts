import Database from 'better-sqlite3';
import { TokenUse, TokenUsageStore } from './token-usage.port';

/**
 * The embedded usage table: its own file, `token-usage.db` beside `read.db`, so that its writes never wait
 * on a projection batch's lock and a projection rebuild (which replaces the read models) leaves it alone.
 * `synchronous = NORMAL` in WAL: a power loss may forget the last uses recorded, which the next request
 * records again; nothing else depends on them. Several processes (the API, the CLI reading `tokens list`)
 * open it at once, as SQLite allows.
 */
export class SqliteTokenUsage extends TokenUsageStore {
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement<[string, string]>;
  private readonly recordAll: Database.Transaction<(uses: readonly TokenUse[]) => void>;

  constructor(file: string) {
    super();
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec('CREATE TABLE IF NOT EXISTS token_usage (token_id TEXT PRIMARY KEY, used_at TEXT NOT NULL) WITHOUT ROWID');
    // ISO-8601 times in UTC compare as text: max() keeps the later one whoever writes last.
    this.upsert = this.db.prepare(
      'INSERT INTO token_usage (token_id, used_at) VALUES (?, ?) ON CONFLICT (token_id) DO UPDATE SET used_at = max(used_at, excluded.used_at)',
    );
    this.recordAll = this.db.transaction((uses) => {
      for (const { tokenId, usedAt } of uses) this.upsert.run(tokenId, usedAt);
    });
  }

  async record(uses: readonly TokenUse[]): Promise<void> {
    this.recordAll.immediate(uses);
  }

  async lastUsed(tokenIds: readonly string[]): Promise<Map<string, string>> {
    if (tokenIds.length === 0) return new Map();
    // One statement per page of ids (a page is at most 1,000 long, under SQLite's 32,766 parameters).
    const rows = this.db
      .prepare(`SELECT token_id AS tokenId, used_at AS usedAt FROM token_usage WHERE token_id IN (${tokenIds.map(() => '?').join(',')})`)
      .all(...tokenIds) as TokenUse[];
    return new Map(rows.map((r) => [r.tokenId, r.usedAt]));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
