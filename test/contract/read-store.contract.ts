import { CursorKey, Doc, ReadStore } from '@folio/platform/read-store/read-store.port';
import { EventStore, StoredEvent } from '@folio/platform/event-store/event-store.port';
import { Projection } from '@folio/platform/projections/projection';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { rebuildProjections } from '@folio/platform/projections/rebuild';

export interface ReadStoreFixture {
  open(): Promise<ReadStore>;
  /** A second, independent connection to the same storage. */
  openSecond(): Promise<ReadStore>;
  cleanup(): Promise<void>;
}

const C = 'things';
const specs = [{ name: C, indexes: [['group', 'rank'], ['name']] }];

type Thing = Doc & { group?: string; rank?: number; name?: string; flag?: boolean; meta?: { tag: string } };

/** Writes documents in one batch at `position`, as a projection would. */
async function seed(store: ReadStore, docs: Thing[], position = '1', projection = 'p') {
  await store.transaction(projection, position, async (tx) => {
    for (const d of docs) await tx.upsert(C, d);
  });
}

/** A log in memory, for the runner and the rebuild alike: events `Set` a key's value to their number. */
function memoryLog() {
  const events: StoredEvent[] = [];
  const append = (key: string) => {
    const n = events.length + 1;
    events.push({
      eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      type: 'Set',
      data: { key, n },
      metadata: { actor: 'a', source: 'api', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
      stream: `s-${key}`,
      revision: 0n,
      position: String(n),
    });
  };
  const store = {
    // Answers a turn of the event loop later, as a store over the network does: readers interleave.
    readAll: async (after: string | null, limit: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      return events.filter((e) => BigInt(e.position) > BigInt(after ?? '0')).slice(0, limit);
    },
    headPosition: async () => events.at(-1)?.position ?? null,
  } as unknown as EventStore;
  return { events, append, store };
}

/** Each key's document holds the last value set; `total` counts applications, so a lost or doubled event shows. */
const keyed: Projection = {
  name: 'keyed',
  collections: specs,
  handlers: {
    Set: async (event, tx) => {
      const { key, n } = event.data as { key: string; n: number };
      await tx.upsert(C, { id: key, rank: n });
      const total = await tx.get<Thing>(C, 'total');
      await tx.upsert(C, { id: 'total', rank: (total?.rank ?? 0) + 1 });
    },
  },
};

/** One suite, run against every adapter of the read-store port. */
export function readStoreContract(name: string, fixture: () => ReadStoreFixture) {
  describe(`read store contract: ${name}`, () => {
    let f: ReadStoreFixture;
    let store: ReadStore;

    beforeEach(async () => {
      f = fixture();
      store = await f.open();
      await store.ensureCollections(specs);
      await store.ensureCollections(specs); // idempotent
    });
    afterEach(async () => {
      await store.close();
      await f.cleanup();
    });

    it('upserts, gets, patches (undefined unsets), deletes', async () => {
      await seed(store, [{ id: 'a', name: 'A', rank: 1, meta: { tag: 'x' } }]);
      expect(await store.get(C, 'a')).toEqual({ id: 'a', name: 'A', rank: 1, meta: { tag: 'x' } });
      await store.transaction('p', '2', async (tx) => {
        await tx.patch(C, 'a', { name: 'B', rank: undefined });
        await tx.patch(C, 'missing', { name: 'ghost' });
      });
      expect(await store.get(C, 'a')).toEqual({ id: 'a', name: 'B', meta: { tag: 'x' } });
      expect(await store.get(C, 'missing')).toBeNull();
      await store.transaction('p', '3', async (tx) => tx.delete(C, 'a'));
      expect(await store.get(C, 'a')).toBeNull();
    });

    it('tells by its change mark that something was committed, or tells nothing (null) at all', async () => {
      const before = store.changes();
      expect(store.changes()).toBe(before);
      await seed(store, [{ id: 'a', name: 'A' }]);
      const after = store.changes();
      if (before === null) expect(after).toBeNull();
      else expect(after).not.toBe(before);
    });

    it('reads several documents of several collections together, each at its index, null when missing', async () => {
      const other = 'others';
      await store.ensureCollections([{ name: other, indexes: [] }]);
      await store.transaction('p', '1', async (tx) => {
        await tx.upsert(C, { id: 'a', name: 'A' });
        await tx.upsert(other, { id: 'a', name: 'other A' });
      });
      expect(await store.snapshot([])).toEqual([]);
      expect(
        await store.snapshot([
          { collection: other, id: 'a' },
          { collection: C, id: 'missing' },
          { collection: C, id: 'a' },
        ]),
      ).toEqual([{ id: 'a', name: 'other A' }, null, { id: 'a', name: 'A' }]);
      // A batch committed since is seen by the next snapshot.
      await store.transaction('p', '2', async (tx) => tx.patch(C, 'a', { name: 'B' }));
      expect(await store.snapshot([{ collection: C, id: 'a' }])).toEqual([{ id: 'a', name: 'B' }]);
    });

    it('filters with equality, $in, $ne, $exists, ranges, $contains, dotted paths and booleans', async () => {
      await seed(store, [
        { id: 'a', group: 'g1', rank: 1, name: 'alpha beta', flag: true, meta: { tag: 'x' } },
        { id: 'b', group: 'g1', rank: 2, name: 'beta', flag: false },
        { id: 'c', group: 'g2', rank: 3, name: 'gamma' },
        { id: 'd', rank: 4, name: 'a.b*(c' },
      ]);
      const ids = async (filter: Record<string, unknown>) =>
        (await store.find(C, { filter: filter as never, limit: 100 })).items.map((d) => d.id).sort();
      expect(await ids({ group: 'g1' })).toEqual(['a', 'b']);
      expect(await ids({ id: 'c' })).toEqual(['c']);
      expect(await ids({ group: { $in: ['g2', 'zzz'] } })).toEqual(['c']);
      expect(await ids({ group: { $ne: 'g1' } })).toEqual(['c', 'd']);
      expect(await ids({ group: null })).toEqual(['d']);
      expect(await ids({ group: { $exists: false } })).toEqual(['d']);
      expect(await ids({ 'meta.tag': 'x' })).toEqual(['a']);
      expect(await ids({ rank: { $gt: 1, $lte: 3 } })).toEqual(['b', 'c']);
      expect(await ids({ rank: { $gte: 4 } })).toEqual(['d']);
      expect(await ids({ rank: { $lt: 2 } })).toEqual(['a']);
      expect(await ids({ name: { $contains: 'beta' } })).toEqual(['a', 'b']);
      expect(await ids({ name: { $contains: 'BETA' } })).toEqual([]);
      expect(await ids({ name: { $contains: '.b*(' } })).toEqual(['d']);
      expect(await ids({ flag: true })).toEqual(['a']);
      expect(await ids({ flag: false })).toEqual(['b']);
      expect(await ids({ group: 'g1', rank: { $ne: 1 } })).toEqual(['b']);
    });

    it('pages through ties in sort order exactly once, ascending and descending', async () => {
      const docs: Thing[] = Array.from({ length: 23 }, (_, i) => ({ id: `d${String(i).padStart(2, '0')}`, group: 'g', rank: i % 4 }));
      await seed(store, [...docs, { id: 'norank', group: 'g' }]);
      for (const direction of ['asc', 'desc'] as const) {
        for (const limit of [1, 5, 23, 50]) {
          const seen: Thing[] = [];
          let after: CursorKey | undefined;
          let pages = 0;
          do {
            const page = await store.find<Thing>(C, { filter: { group: 'g' }, sort: { field: 'rank', direction }, limit, after });
            seen.push(...page.items);
            after = page.next;
            pages++;
          } while (after && pages < 100);
          const expected = [...docs].sort((x, y) => x.rank! - y.rank! || x.id.localeCompare(y.id));
          if (direction === 'desc') expected.reverse();
          expect(seen.map((d) => d.id)).toEqual(expected.map((d) => d.id));
          expect(pages).toBe(Math.ceil(23 / limit));
        }
      }
    });

    it('counts the documents a filter matches', async () => {
      await seed(store, [{ id: 'a', group: 'g' }, { id: 'b', group: 'g' }, { id: 'c', group: 'h' }, { id: 'd' }]);
      expect(await store.count(C, { group: 'g' })).toBe(2);
      expect(await store.count(C, {})).toBe(4);
      expect(await store.count(C, { group: { $exists: false } })).toBe(1);
      expect(await store.count(C, { group: 'none' })).toBe(0);
    });

    it('pages by id by default, and answers an empty page without next', async () => {
      await seed(store, [{ id: 'b' }, { id: 'a' }, { id: 'c' }]);
      const first = await store.find(C, { limit: 2 });
      expect(first.items.map((d) => d.id)).toEqual(['a', 'b']);
      const second = await store.find(C, { limit: 2, after: first.next });
      expect(second.items.map((d) => d.id)).toEqual(['c']);
      expect(second.next).toBeUndefined();
      const none = await store.find(C, { filter: { group: 'nope' }, limit: 10 });
      expect(none).toEqual({ items: [] });
    });

    it('commits a batch and its checkpoint together, or neither', async () => {
      expect(await store.checkpoint('p')).toBeNull();
      await seed(store, [{ id: 'a' }], '5');
      expect(await store.checkpoint('p')).toBe('5');
      await expect(
        store.transaction('p', '6', async (tx, checkpoint) => {
          expect(checkpoint).toBe('5');
          await tx.upsert(C, { id: 'b' });
          await tx.deleteMany(C, {});
          throw new Error('projection failed halfway');
        }),
      ).rejects.toThrow('halfway');
      expect(await store.checkpoint('p')).toBe('5');
      expect(await store.get(C, 'a')).not.toBeNull();
      expect(await store.get(C, 'b')).toBeNull();
    });

    it('commits several projections in one transaction, or none of them', async () => {
      await store.transactionAll([
        { projection: 'p', position: '4', work: async (tx) => tx.upsert(C, { id: 'from-p' }) },
        { projection: 'q', position: '4', work: async (tx, checkpoint) => { expect(checkpoint).toBeNull(); await tx.upsert(C, { id: 'from-q' }); } },
      ]);
      expect([await store.checkpoint('p'), await store.checkpoint('q')]).toEqual(['4', '4']);
      await expect(
        store.transactionAll([
          { projection: 'p', position: '5', work: async (tx) => tx.delete(C, 'from-p') },
          { projection: 'q', position: '5', work: async () => { throw new Error('q failed'); } },
        ]),
      ).rejects.toThrow('q failed');
      expect([await store.checkpoint('p'), await store.checkpoint('q')]).toEqual(['4', '4']);
      expect(await store.get(C, 'from-p')).not.toBeNull();
    });

    it('reads several checkpoints at once, each at its name, null where none is stored', async () => {
      await store.transactionAll([
        { projection: 'p', position: '7', work: async (_tx, checkpoint) => expect(checkpoint).toBeNull() },
        { projection: 'q', position: '9', work: async () => undefined },
      ]);
      await store.transactionAll([
        { projection: 'q', position: '12', work: async (_tx, checkpoint) => expect(checkpoint).toBe('9') },
        { projection: 'p', position: '12', work: async (_tx, checkpoint) => expect(checkpoint).toBe('7') },
      ]);
      expect(await store.checkpoints(['q', 'none', 'p'])).toEqual(['12', null, '12']);
      expect(await store.checkpoints([])).toEqual([]);
    });

    it('shows a batch from another connection its checkpoint inside the transaction', async () => {
      const second = await f.openSecond();
      try {
        await seed(second, [{ id: 'a' }], '9');
        await store.transaction('p', '10', async (_tx, checkpoint) => expect(checkpoint).toBe('9'));
        expect(await second.checkpoint('p')).toBe('10');
      } finally {
        await second.close();
      }
    });

    it('reads its own writes inside a batch, and deleteMany by filter', async () => {
      await seed(store, [{ id: 'a', group: 'g' }, { id: 'b', group: 'g' }, { id: 'c', group: 'h' }]);
      await store.transaction('p', '2', async (tx) => {
        await tx.upsert(C, { id: 'd', group: 'g' });
        expect((await tx.findAll(C, { group: 'g' })).map((d) => d.id).sort()).toEqual(['a', 'b', 'd']);
        expect(await tx.get(C, 'd')).toEqual({ id: 'd', group: 'g' });
        await tx.deleteMany(C, { group: 'g' });
      });
      expect((await store.find(C, { limit: 10 })).items.map((d) => d.id)).toEqual(['c']);
    });

    it('loses no event of a projector that keeps applying batches through a rebuild and its swap', async () => {
      const log = memoryLog();
      for (let i = 0; i < 40; i++) log.append(`k${i % 7}`);
      // The projector: another connection (another process in production), small batches, never idle.
      const second = await f.openSecond();
      const projector = new ProjectionRunner(log.store, second, [keyed], { batchSize: 2 });
      await projector.catchUp();
      // Appends go on until the swap has ended, slower than the rebuild reads them (one every few turns of
      // the event loop), so the rebuild reaches the head and swaps while the projector still applies them.
      let rebuilding = true;
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      const appending = (async () => {
        for (let i = 0; i < 1_000 && rebuilding; i++) {
          log.append(`k${i % 7}`);
          for (let t = 0; t < 3; t++) await turn();
        }
      })();
      const projecting = (async () => {
        while (rebuilding) await projector.catchUp();
      })();
      try {
        await rebuildProjections(log.store, store, [keyed]);
      } finally {
        rebuilding = false;
        await Promise.all([appending, projecting]);
      }
      for (let i = 0; i < 10; i++) log.append(`k${i % 7}`);
      await projector.catchUp();
      await second.close();
      const last = new Map(log.events.map((e) => [(e.data as { key: string }).key, (e.data as { n: number }).n]));
      const docs = (await store.find<Thing>(C, { limit: 100 })).items;
      expect(new Map(docs.filter((d) => d.id !== 'total').map((d) => [d.id, d.rank]))).toEqual(last);
      expect(docs.find((d) => d.id === 'total')?.rank).toBe(log.events.length);
      expect(await store.checkpoint('keyed')).toBe(String(log.events.length));
    });

    it('rebuilds into fresh collections and swaps them in with their checkpoints', async () => {
      await seed(store, [{ id: 'old' }], '7');
      const target = await store.rebuildTarget();
      await target.ensureCollections(specs);
      await seed(target, [{ id: 'new', name: 'n' }], '8');
      // Until the swap, the live collection and checkpoint are untouched.
      expect(await store.get(C, 'old')).not.toBeNull();
      expect(await store.get(C, 'new')).toBeNull();
      expect(await store.checkpoint('p')).toBe('7');
      await store.swapRebuild(specs, ['p']);
      expect(await store.get(C, 'old')).toBeNull();
      expect(await store.get(C, 'new')).toEqual({ id: 'new', name: 'n' });
      expect(await store.checkpoint('p')).toBe('8');
      await target.close();
      // A second rebuild works on the swapped-in tables (no leftovers collide).
      const again = await store.rebuildTarget();
      await again.ensureCollections(specs);
      await store.ensureCollections(specs);
      await seed(again, [{ id: 'newer' }], '9');
      await store.swapRebuild(specs, ['p']);
      expect((await store.find(C, { limit: 10 })).items.map((d) => d.id)).toEqual(['newer']);
      await again.close();
    });
  });
}
