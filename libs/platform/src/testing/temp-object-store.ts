import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteObjectStore } from '../object-store/sqlite/sqlite-object-store';

/** What `useTempObjectStore` hands a spec: the store, read inside its hooks and tests. */
export interface TempObjectStore {
  readonly store: SqliteObjectStore;
}

/**
 * Closing checkpoints the store's WAL, which after a test of many megabytes takes seconds on a loaded machine:
 * the hooks get more than Jest's 5 s default (a close slower than that failed a run once).
 */
const HOOK_TIMEOUT_MS = 30_000;

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
    beforeEach(open, HOOK_TIMEOUT_MS);
    afterEach(remove, HOOK_TIMEOUT_MS);
  } else {
    beforeAll(open, HOOK_TIMEOUT_MS);
    afterAll(remove, HOOK_TIMEOUT_MS);
  }
  return {
    get store() {
      if (!store) throw new Error('the temporary object store is open only inside its tests and hooks');
      return store;
    },
  };
}
