import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { SqliteSearchIndex } from '@folio/platform/search/sqlite/sqlite-search-index';
import { searchContract } from './search.contract';

searchContract('SQLite FTS5', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-search-'));
  const file = join(dir, 'read.db');
  return {
    open: async () => {
      const reads = new SqliteReadStore(file);
      return { reads, search: new SqliteSearchIndex(file) };
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
