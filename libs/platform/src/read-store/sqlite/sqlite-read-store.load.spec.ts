import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from './sqlite-read-store';

/** A rebuild's load file: scratch, thrown away on any failure, so written without a rollback journal. */
describe('SqliteReadStore rebuild load', () => {
  let dir: string;
  let live: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-load-'));
    live = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await live.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes its batches without a rollback journal', async () => {
    const target = await live.rebuildTarget();
    const journal = join(dir, 'read.db.rebuild-journal');
    let journaled: boolean | undefined;
    try {
      await target.ensureCollections([{ name: 'things', indexes: [] }]);
      // The first projection's documents are written when its work ends; the second looks for the journal
      // a rollback-journal mode would have opened for them, inside the same transaction.
      await target.transactionAll([
        { projection: 'a', position: '1', work: async (tx) => tx.upsert('things', { id: 'x', n: 1 }) },
        { projection: 'b', position: '1', work: async () => void (journaled = existsSync(journal)) },
      ]);
      expect(await target.get('things', 'x')).toEqual({ id: 'x', n: 1 });
    } finally {
      await target.close();
    }
    expect(journaled).toBe(false);
  });
});
