import { deepFreeze } from '@folio/platform/caching/deep-freeze';
import { LruCache } from '@folio/platform/caching/lru-cache';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { EMPTY_MAP, EMPTY_MAP_HASH, EMPTY_TREE, EMPTY_TREE_HASH } from './empty-tree';

/** Objects every reader knows without the store: a new space's tree names them and nothing stores them. */
const KNOWN = new Map<string, unknown>([
  [EMPTY_MAP_HASH, deepFreeze(structuredClone(EMPTY_MAP))],
  [EMPTY_TREE_HASH, deepFreeze(structuredClone(EMPTY_TREE))],
]);

export const isKnownObject = (hash: string) => KNOWN.has(hash);

/**
 * What a cached object weighs: the bytes of its stored JSON (decoded, with its entry, an object takes about one and a
 * half times that in the heap) and what its entry costs besides (the 64-character hash key, the map's entry, the
 * cache's record).
 */
export const cachedObjectWeight = (storedBytes: number) => storedBytes + 128;

/**
 * Reads the JSON objects trees are made of (roots, trie nodes, page nodes) through a cache of decoded
 * values, weighed by `cachedObjectWeight`. Values are frozen: one decoded object is shared by every reader, so none may change it.
 * Documents are not cached: they are large and read once per use.
 */
export class TreeObjects {
  constructor(
    readonly store: ContentObjectStore,
    private readonly cache: LruCache<string, unknown>,
  ) {}

  /** The decoded objects, in order; null for each hash the store does not hold. */
  async find(hashes: readonly string[]): Promise<unknown[]> {
    const values: unknown[] = hashes.map((hash) => KNOWN.get(hash) ?? this.cache.get(hash) ?? null);
    const misses = [...new Set(hashes.filter((_, i) => values[i] === null))];
    if (misses.length === 0) return values;
    const found = new Map<string, unknown>();
    (await this.store.getMany(misses)).forEach((bytes, i) => {
      if (bytes === null) return;
      const value = deepFreeze(JSON.parse(bytes.toString('utf8')));
      this.cache.set(misses[i], value, cachedObjectWeight(bytes.byteLength));
      found.set(misses[i], value);
    });
    return hashes.map((hash, i) => values[i] ?? found.get(hash) ?? null);
  }

  /** `find`, for objects a tree refers to: one missing means the store lost part of a tree. */
  async readMany(hashes: readonly string[]): Promise<unknown[]> {
    const values = await this.find(hashes);
    const missing = hashes.find((_, i) => values[i] === null);
    if (missing !== undefined) throw new Error(`content object ${missing} is missing from the store`);
    return values;
  }

  /** A JSON object read past the cache (documents); null when not stored. */
  async readUncached(hash: string): Promise<unknown> {
    const bytes = await this.store.get(hash);
    return bytes === null ? null : JSON.parse(bytes.toString('utf8'));
  }

  /** Objects just stored by a commit (`storedBytes`: their JSON's length): the next reads of the new tree find them decoded. */
  remember(hash: string, value: unknown, storedBytes: number): void {
    if (!KNOWN.has(hash)) this.cache.set(hash, deepFreeze(value), cachedObjectWeight(storedBytes));
  }
}
