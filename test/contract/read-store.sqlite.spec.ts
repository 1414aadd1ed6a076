import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { readStoreContract } from './read-store.contract';

readStoreContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-rs-'));
  const file = join(dir, 'read.db');
  return {
    open: async () => new SqliteReadStore(file),
    openSecond: async () => new SqliteReadStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
