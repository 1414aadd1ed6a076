import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { EMPTY_MAP, EMPTY_MAP_HASH } from './empty-tree';
import { HashedMap, MapNode, MapObjects, SPLIT_ABOVE } from './hashed-map';

/** Nodes in memory, counting what is read and staged. */
function memoryObjects() {
  const stored = new Map<string, unknown>([[EMPTY_MAP_HASH, EMPTY_MAP]]);
  const counts = { read: 0, staged: 0 };
  const objects: MapObjects = {
    async readMany(hashes) {
      counts.read += hashes.length;
      return hashes.map((hash) => {
        if (!stored.has(hash)) throw new Error(`no node ${hash}`);
        return JSON.parse(JSON.stringify(stored.get(hash)));
      });
    },
    stage(node: MapNode<unknown>) {
      counts.staged++;
      const hash = contentHash(canonicalJson(node));
      stored.set(hash, node);
      return hash;
    },
  };
  return { objects, counts, stored };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Deterministic pseudo-random ids (a linear congruential generator), so a failure replays. */
function ids(count: number, seed = 1): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () => Array.from({ length: 20 }, () => BASE62[next() % 62]).join(''));
}
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

describe('HashedMap', () => {
  it('gives equal contents the same root whatever the order and batching of the changes, splits and folds included', async () => {
    const { objects } = memoryObjects();
    const map = new HashedMap<string>(objects);
    const keys = ids(1000);
    const value = (key: string) => `v-${key}`;

    const atOnce = await map.update(EMPTY_MAP_HASH, new Map(keys.map((key) => [key, value(key)])));
    let oneByOne = EMPTY_MAP_HASH;
    for (const key of shuffled(keys, 7)) oneByOne = (await map.update(oneByOne, new Map([[key, value(key)]]))).root;
    expect(oneByOne).toBe(atOnce.root);
    expect(atOnce.changed).toHaveLength(1000);

    // Grow past the contents with extra keys, then delete them again in another order: the same root.
    const extra = ids(3000, 99);
    let grown = (await map.update(atOnce.root, new Map(extra.map((key) => [key, 'x'])))).root;
    for (const batch of chunks(shuffled(extra, 3), 250)) grown = (await map.update(grown, new Map(batch.map((key) => [key, null])))).root;
    expect(grown).toBe(atOnce.root);

    // Down to a handful of entries: a single leaf again, the same one a direct build gives.
    const few = keys.slice(0, SPLIT_ABOVE);
    const shrunk = await map.update(atOnce.root, new Map(keys.slice(SPLIT_ABOVE).map((key) => [key, null])));
    const direct = await map.update(EMPTY_MAP_HASH, new Map(few.map((key) => [key, value(key)])));
    expect(shrunk.root).toBe(direct.root);
    expect(Object.keys((await objects.readMany([shrunk.root]))[0] as object)).toEqual(['object', 'entries']);
    const emptied = await map.update(shrunk.root, new Map(few.map((key) => [key, null])));
    expect(emptied.root).toBe(EMPTY_MAP_HASH);
  });

  it('finds values by key, including keys that are prefixes of others, and no inherited property', async () => {
    const { objects } = memoryObjects();
    const map = new HashedMap<number>(objects);
    // Over SPLIT_ABOVE keys sharing prefixes: "a", "aa", "aaa"… end at different depths of the trie.
    const keys = Array.from({ length: 150 }, (_, i) => 'a'.repeat(i + 1));
    const { root } = await map.update(EMPTY_MAP_HASH, new Map(keys.map((key, i) => [key, i])));
    const found = await map.getMany(root, [...keys, 'b', 'constructor', '__proto__', 'toString', '']);
    expect(found.size).toBe(150);
    keys.forEach((key, i) => expect(found.get(key)).toBe(i));
    expect(await map.entries(root)).toEqual(new Map(keys.map((key, i) => [key, i])));

    // "__proto__" as a key is data like any other.
    const odd = await map.update(root, new Map([['__proto__', -1], ['constructor', -2]]));
    const oddFound = await map.getMany(odd.root, ['__proto__', 'constructor']);
    expect([...oddFound]).toEqual([['__proto__', -1], ['constructor', -2]]);
  });

  it('rewrites nothing for changes that leave every value as it was', async () => {
    const { objects, counts } = memoryObjects();
    const map = new HashedMap<{ n: number }>(objects);
    const keys = ids(500);
    const { root } = await map.update(EMPTY_MAP_HASH, new Map(keys.map((key, i) => [key, { n: i }])));
    counts.staged = 0;
    const same = await map.update(root, new Map([[keys[3], { n: 3 }], ['absent', null]]));
    expect(same).toEqual({ root, changed: [] });
    expect(counts.staged).toBe(0);
  });

  it('rewrites only the nodes on a changed key’s path, and diffs by reading only subtries that differ', async () => {
    const { objects, counts } = memoryObjects();
    const map = new HashedMap<string>(objects);
    const keys = ids(5000);
    const { root } = await map.update(EMPTY_MAP_HASH, new Map(keys.map((key) => [key, 'old'])));

    counts.read = 0;
    await map.getMany(root, [keys[42]]);
    const depth = counts.read;
    expect(depth).toBeGreaterThanOrEqual(2); // 5,000 entries do branch

    counts.staged = 0;
    const changed = await map.update(root, new Map([[keys[42], 'new']]));
    expect(counts.staged).toBe(depth);

    counts.read = 0;
    expect(await map.diff(root, changed.root)).toEqual([{ key: keys[42], before: 'old', after: 'new' }]);
    expect(counts.read).toBe(2 * depth);

    const more = await map.update(changed.root, new Map([[keys[7], null], ['new-key-0000000000000', 'added']]));
    const diff = await map.diff(root, more.root);
    expect(diff.sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual(
      [
        { key: keys[42], before: 'old', after: 'new' },
        { key: keys[7], before: 'old', after: null },
        { key: 'new-key-0000000000000', before: null, after: 'added' },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(await map.diff(root, root)).toEqual([]);
  });

  it('diffs a leaf against a branch (one side crossed the split size)', async () => {
    const { objects } = memoryObjects();
    const map = new HashedMap<string>(objects);
    const keys = ids(SPLIT_ABOVE + 1);
    const small = await map.update(EMPTY_MAP_HASH, new Map(keys.slice(0, SPLIT_ABOVE).map((key) => [key, 'v'])));
    const big = await map.update(small.root, new Map([[keys[SPLIT_ABOVE], 'v']]));
    expect(await map.diff(small.root, big.root)).toEqual([{ key: keys[SPLIT_ABOVE], before: null, after: 'v' }]);
    expect(await map.diff(big.root, small.root)).toEqual([{ key: keys[SPLIT_ABOVE], before: 'v', after: null }]);
  });
});

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
