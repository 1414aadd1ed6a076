/**
 * A least-recently-used cache bounded by its entries' total weight (by default each weighs 1, so the bound
 * is their number; a user that knows an entry's weight better than its value does gives it to `set`): the
 * bound keeps memory flat however many keys are read. An entry heavier than the whole
 * capacity is not kept. Whether an entry can go stale is its user's business (content objects never do).
 */
export class LruCache<K, V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;
  /** The key used last (set or hit), so last in the Map's order; undefined when unknown. */
  private newest: K | undefined;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be a positive integer, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The total weight of the entries held. */
  get held(): number {
    return this.weight;
  }

  /** Whether the key is held (its place in the eviction order unchanged). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Already the most recent (a client asking again for the same key): no re-insertion, which leaves a
    // deleted slot in the Map each time and makes it rehash.
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  set(key: K, value: V, weight = this.weigh(value)): void {
    this.delete(key);
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight });
    this.newest = key;
    this.weight += weight;
    while (this.weight > this.capacity) this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    if (key === this.newest) this.newest = undefined;
    this.weight -= entry.weight;
  }

  /** Forgets every entry whose key passes `test`. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (test(key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.newest = undefined;
  }
}
