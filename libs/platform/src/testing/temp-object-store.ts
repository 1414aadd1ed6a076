import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteObjectStore } from '../object-store/sqlite/sqlite-object-store';

/** What `useTempObjectStore` hands a spec: the store, read inside its hooks and tests. */
export interface TempObjectStore {
  readonly store: SqliteObjectStore;
}

/**
 * A real (SQLite) content-object store on a fresh temporary file, opened before each test (`each`) or
 * once before the spec's tests (`all`), and closed and deleted after them. Call it where hooks are
 * declared (a describe block or the file's top level), before the hooks that use the store.
 */
export function useTempObjectStore(prefix: string, scope: 'each' | 'all' = 'each'): TempObjectStore {
  let dir = '';
  let store: SqliteObjectStore | null = null;
  const open = () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    store = new SqliteObjectStore(join(dir, 'events.db'));
  };
  const remove = async () => {
    await store?.close();
    store = null;
    rmSync(dir, { recursive: true, force: true });
  };
  if (scope === 'each') {
    beforeEach(open);
    afterEach(remove);
  } else {
    beforeAll(open);
    afterAll(remove);
  }
  return {
    get store() {
      if (!store) throw new Error('the temporary object store is open only inside its tests and hooks');
      return store;
    },
  };
}
