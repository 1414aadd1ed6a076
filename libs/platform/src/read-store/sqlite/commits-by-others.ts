import Database from 'better-sqlite3';
import { requestsBegun } from '../requests-begun';

/**
 * Tells whether any other connection (another process such as the CLI, or another connection of this
 * one) committed to the file since the last question. SQLite's `PRAGMA data_version` changes, on the
 * connection asked, exactly when some other connection committed; asked on the connection whose own
 * commits the caller already accounts for (the projection writer), it reports only the others'.
 *
 * `happened` asks SQLite at most once per request: under load each call into SQLite costs several times
 * what it costs alone, and asking once for a cached read instead of twice (for the token, then for the
 * document) measured about a quarter more reads per second. An answer obtained after the latest request
 * began holds for every read made until another request begins. Those reads all serve requests that
 * began before the answer was obtained, so each sees every commit made before its request was sent.
 * Work outside requests (process managers, the CLI) gets a fresh answer from the next turn of the event
 * loop on.
 */
export class CommitsByOthers {
  private readonly version: Database.Statement;
  private seen: unknown;
  /** `requestsBegun()` when SQLite was last asked, while that answer holds; null once it has lapsed. */
  private askedFor: number | null = null;

  constructor(connection: Database.Database) {
    this.version = connection.prepare('PRAGMA data_version').pluck();
    this.seen = this.version.get();
  }

  /** Whether another connection committed since the answer the current reads rely on. */
  happened(): boolean {
    const requests = requestsBegun();
    if (this.askedFor === requests) return false;
    if (this.askedFor === null) setImmediate(() => (this.askedFor = null));
    this.askedFor = requests;
    return this.happenedNow();
  }

  /** Whether another connection committed since SQLite was last asked, asked now. */
  happenedNow(): boolean {
    const now = this.version.get();
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }
}
