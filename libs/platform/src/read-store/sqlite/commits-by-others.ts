import Database from 'better-sqlite3';

/**
 * Tells whether any other connection (another process such as the CLI, or another connection of this
 * one) committed to the file since the last question. SQLite's `PRAGMA data_version` changes, on the
 * connection asked, exactly when some other connection committed; asked on the connection whose own
 * commits the caller already accounts for (the projection writer), it reports only the others'.
 */
export class CommitsByOthers {
  private readonly version: Database.Statement;
  private seen: unknown;

  constructor(connection: Database.Database) {
    this.version = connection.prepare('PRAGMA data_version').pluck();
    this.seen = this.version.get();
  }

  happened(): boolean {
    const now = this.version.get();
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }
}
