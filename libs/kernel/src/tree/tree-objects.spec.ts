import { LruCache } from '@folio/platform/caching/lru-cache';
import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees } from './content-trees';
import { treesOf } from './trees-of-store';
import { cachedObjectWeight, TreeObjects } from './tree-objects';

describe('TreeObjects: the cache of decoded tree objects', () => {
  const objects = useTempObjectStore('folio-tree-objects-');
  let store: CountingObjectStore;
  beforeEach(() => {
    store = new CountingObjectStore(objects.store);
  });

  /** An object whose stored JSON is about `bytes` long, stored; its hash and exact length. */
  const stored = async (name: string, bytes: number) => {
    const json = Buffer.from(JSON.stringify({ object: 'page', name, padding: 'x'.repeat(bytes) }));
    const [hash] = await store.put([json]);
    return { hash, bytes: json.byteLength };
  };
  /** How many objects of `hashes` a read took from the store, not the cache. */
  const storeReadsOf = async (trees: TreeObjects, hashes: string[]) => {
    store.reset();
    await trees.readMany(hashes);
    return store.reads;
  };

  it('bounds the decoded objects by the bytes of their stored JSON, not by their number', async () => {
    const small1 = await stored('small 1', 100);
    const small2 = await stored('small 2', 100);
    const big = await stored('big', 3_000);
    // Room for the two small ones, or for the big one with one of them: not for all three.
    const cache = new TreeObjects(store, new LruCache(cachedObjectWeight(small1.bytes) + cachedObjectWeight(big.bytes)));
    expect(await storeReadsOf(cache, [small1.hash, small2.hash])).toBe(2);
    expect(await storeReadsOf(cache, [small1.hash, small2.hash])).toBe(0); // both kept
    expect(await storeReadsOf(cache, [big.hash])).toBe(1); // the least recent small one makes room
    expect(await storeReadsOf(cache, [small2.hash, big.hash])).toBe(0);
    expect(await storeReadsOf(cache, [small1.hash])).toBe(1);
  });

  it("weighs an object a commit remembers by its stored bytes too: one past the budget is not kept", async () => {
    const big = await stored('big', 3_000);
    const small = await stored('small', 100);
    const cache = new TreeObjects(store, new LruCache(cachedObjectWeight(small.bytes)));
    cache.remember(small.hash, { object: 'page', name: 'small', padding: 'x'.repeat(100) }, small.bytes);
    cache.remember(big.hash, { object: 'page', name: 'big', padding: 'x'.repeat(3_000) }, big.bytes);
    expect(await storeReadsOf(cache, [small.hash])).toBe(0);
    expect(await storeReadsOf(cache, [big.hash])).toBe(1);
  });

  it('is one cache per store: every ContentTrees of a process over the same store is the same', async () => {
    expect(treesOf(store)).toBe(treesOf(store));
    expect(treesOf(store)).toBeInstanceOf(ContentTrees);
    expect(treesOf(objects.store)).not.toBe(treesOf(store));
  });
});
