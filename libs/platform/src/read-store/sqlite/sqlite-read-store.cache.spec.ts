import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Doc } from '../read-store.port';
import { markRequestBegun } from '../requests-begun';
import { SqliteReadStore } from './sqlite-read-store';

const C = 'things';
const specs = [{ name: C, indexes: [['group']] }];

/** The read store's document cache: every way a document can change must reach `get` at once. */
describe('SqliteReadStore document cache', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  const opened: SqliteReadStore[] = [];
  const open = async () => {
    const s = new SqliteReadStore(file);
    opened.push(s);
    await s.ensureCollections(specs);
    return s;
  };
  const write = (s: SqliteReadStore, work: Parameters<SqliteReadStore['transaction']>[2], position = '1') =>
    s.transaction('p', position, work);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-doccache-'));
    file = join(dir, 'read.db');
    store = await open();
    await write(store, async (tx) => {
      await tx.upsert(C, { id: 'a', group: 'g', n: 1 });
      await tx.upsert(C, { id: 'b', group: 'g', n: 1 });
    });
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same frozen document from memory while nothing changed', async () => {
    const first = await store.get(C, 'a');
    expect(first).toEqual({ id: 'a', group: 'g', n: 1 });
    expect(await store.get(C, 'a')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('forgets what its own batch upserted, patched and deleted, at commit', async () => {
    await store.get(C, 'a');
    await store.get(C, 'b');
    await write(store, async (tx) => {
      await tx.patch(C, 'a', { n: 2 });
      // A read between the write and the commit sees (and may keep) the old document.
      expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 1 });
      await tx.delete(C, 'b');
    }, '2');
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 2 });
    expect(await store.get(C, 'b')).toBeNull();
    await write(store, async (tx) => tx.upsert(C, { id: 'a', group: 'h', n: 3 }), '3');
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'h', n: 3 });
  });

  it('holds, as its batch wrote them, the documents it held when they were written, the same for every get', async () => {
    const before = await store.get(C, 'a');
    await write(store, async (tx) => {
      await tx.patch(C, 'a', { n: 2 });
      await tx.upsert(C, { id: 'a', group: 'g', n: 3 });
      await tx.upsert(C, { id: 'c', group: 'g', n: 1 }); // not held: read from SQLite when asked
    }, '2');
    const after = await store.get(C, 'a');
    expect(after).toEqual({ id: 'a', group: 'g', n: 3 });
    expect(after).not.toBe(before);
    expect(Object.isFrozen(after)).toBe(true);
    expect(await store.get(C, 'a')).toBe(after);
    expect(await store.get(C, 'c')).toEqual({ id: 'c', group: 'g', n: 1 });
    // Rewritten, then deleted, in one batch: gone.
    await write(store, async (tx) => {
      await tx.upsert(C, { id: 'a', group: 'g', n: 4 });
      await tx.delete(C, 'a');
    }, '3');
    expect(await store.get(C, 'a')).toBeNull();
  });

  it('forgets a held document its batch made too large to keep', async () => {
    const small = new SqliteReadStore(file, 'live', 1600);
    opened.push(small);
    expect(await small.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 1 });
    await write(small, async (tx) => tx.upsert(C, { id: 'a', group: 'g', n: 2, text: 'x'.repeat(200) }), '2');
    expect(await small.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 2, text: 'x'.repeat(200) });
  });

  it('forgets a collection written by filter', async () => {
    await store.get(C, 'a');
    await write(store, async (tx) => tx.deleteMany(C, { group: 'g' }), '2');
    expect(await store.get(C, 'a')).toBeNull();
  });

  it('keeps nothing a failed batch read inside it, and serves what stayed committed', async () => {
    await expect(
      write(store, async (tx) => {
        await tx.patch(C, 'a', { n: 9 });
        await store.get(C, 'a');
        throw new Error('projection failed');
      }, '2'),
    ).rejects.toThrow('projection failed');
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 1 });
  });

  it("sees another store's commit in the next request (the CLI's path)", async () => {
    const cli = await open();
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 1 });
    await write(cli, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
    markRequestBegun();
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 2 });
    await write(cli, async (tx) => tx.delete(C, 'a'), '3');
    markRequestBegun();
    expect(await store.get(C, 'a')).toBeNull();
  });

  it('asks SQLite once for the reads of one request: a commit by another store after that is for the next request', async () => {
    const cli = await open();
    markRequestBegun();
    const first = await store.get(C, 'a');
    await write(cli, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
    // Still the same request: it began before the commit, so the document as it was is a correct answer.
    expect(await store.get(C, 'a')).toBe(first);
    markRequestBegun();
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 2 });
  });

  it("outside requests, sees another store's commit from the next turn of the event loop", async () => {
    const cli = await open();
    const first = await store.get(C, 'a');
    await write(cli, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
    expect(await store.get(C, 'a')).toBe(first);
    await new Promise((next) => setImmediate(next));
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 2 });
  });

  it("sees a bare connection's commit in the next request, and every document read before it is forgotten", async () => {
    await store.get(C, 'a');
    await store.get(C, 'b');
    const other = new Database(file);
    try {
      other.prepare(`UPDATE c_${C} SET doc = json_set(doc, '$.n', 5)`).run();
    } finally {
      other.close();
    }
    markRequestBegun();
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 5 });
    expect(await store.get(C, 'b')).toEqual({ id: 'b', group: 'g', n: 5 });
  });

  it('answers a snapshot from the cache, reading only the documents it misses', async () => {
    const a = await store.get(C, 'a');
    const [cachedA, b, missing] = await store.snapshot([
      { collection: C, id: 'a' },
      { collection: C, id: 'b' },
      { collection: C, id: 'none' },
    ]);
    expect(cachedA).toBe(a);
    expect(b).toEqual({ id: 'b', group: 'g', n: 1 });
    expect(missing).toBeNull();
    // What the snapshot read is cached like what `get` reads.
    expect(await store.get(C, 'b')).toBe(b);
  });

  it("answers a snapshot with another store's commit in the next request, cached documents included", async () => {
    await store.snapshot([{ collection: C, id: 'a' }, { collection: C, id: 'b' }]);
    const cli = await open();
    await write(cli, async (tx) => {
      await tx.patch(C, 'a', { n: 2 });
      await tx.delete(C, 'b');
    }, '2');
    markRequestBegun();
    expect(await store.snapshot([{ collection: C, id: 'a' }, { collection: C, id: 'b' }])).toEqual([{ id: 'a', group: 'g', n: 2 }, null]);
  });

  it('never pairs a cached document with a newer one read fresh in the same snapshot', async () => {
    markRequestBegun();
    await store.get(C, 'a');
    const cli = await open();
    await write(cli, async (tx) => {
      await tx.patch(C, 'a', { n: 2 });
      await tx.patch(C, 'b', { n: 2 });
    }, '2');
    // Same request: `a` alone could be answered as cached, but `b` is read fresh (after the commit), so both are.
    expect(await store.snapshot([{ collection: C, id: 'a' }, { collection: C, id: 'b' }])).toEqual([
      { id: 'a', group: 'g', n: 2 },
      { id: 'b', group: 'g', n: 2 },
    ]);
  });

  it('answers the rebuilt documents after a rebuild is swapped in', async () => {
    await store.get(C, 'a');
    const target = await store.rebuildTarget();
    await target.ensureCollections(specs);
    await target.transaction('p', '1', async (tx) => tx.upsert(C, { id: 'a', group: 'g', n: 'rebuilt' }));
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 1 });
    await store.swapRebuild(specs, ['p']);
    await target.close();
    expect(await store.get(C, 'a')).toEqual({ id: 'a', group: 'g', n: 'rebuilt' });
    expect(await store.get(C, 'b')).toBeNull();
  });

  it('hands out fresh documents when its budget is 0', async () => {
    const uncached = new SqliteReadStore(file, undefined, 0);
    opened.push(uncached);
    const first = await uncached.get<Doc>(C, 'a');
    expect(await uncached.get(C, 'a')).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });

  describe('changes()', () => {
    it('stays while nothing is committed, and moves with its own commits', async () => {
      const mark = store.changes();
      await store.get(C, 'a');
      expect(store.changes()).toBe(mark);
      await write(store, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
      expect(store.changes()).not.toBe(mark);
    });

    it("moves with another store's commit, from the next request", async () => {
      const cli = await open();
      markRequestBegun();
      const mark = store.changes();
      await write(cli, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
      markRequestBegun();
      expect(store.changes()).not.toBe(mark);
    });

    it("moves when a read is the one to see another store's commit", async () => {
      const cli = await open();
      markRequestBegun();
      const mark = store.changes();
      await write(cli, async (tx) => tx.patch(C, 'a', { n: 2 }), '2');
      markRequestBegun();
      await store.get(C, 'a');
      expect(store.changes()).not.toBe(mark);
    });

    it('tells nothing without its document cache', async () => {
      const uncached = new SqliteReadStore(file, undefined, 0);
      opened.push(uncached);
      expect(uncached.changes()).toBeNull();
    });
  });
});
