import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS } from '../support/processes';

const root = join(__dirname, '..', '..');

/**
 * A process with nothing left to do but close its stores (the CLI after a rebuild, a script) must not end
 * while the WAL checkpoint thread stops: idle, that thread is unref'd, and a close that waited for it
 * without taking a reference again let the event loop empty mid-close, ending the process silently.
 */
describe('closing a store whose WAL checkpoint thread ran', () => {
  it('finishes the close before the process ends', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-wal-close-'));
    const script = `
      const { SqliteReadStore } = require(${JSON.stringify(join(root, 'dist/libs/platform/src/read-store/sqlite/sqlite-read-store.js'))});
      (async () => {
        const store = new SqliteReadStore(${JSON.stringify(join(dir, 'read.db'))});
        await store.ensureCollections([{ name: 'notes', indexes: [] }]);
        // Past the 4 MiB checkpoint threshold, so the checkpoint thread runs and then goes idle.
        for (let batch = 0; batch < 12; batch++) {
          await store.transaction('p', String(batch + 1), async (tx) => {
            for (let i = 0; i < 50; i++) await tx.upsert('notes', { id: batch + '-' + i, text: 'x'.repeat(10000) });
          });
        }
        await store.close();
        console.log('closed');
      })();
    `;
    try {
      const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: PROCESS_TEST_TIMEOUT_MS });
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe('closed');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
