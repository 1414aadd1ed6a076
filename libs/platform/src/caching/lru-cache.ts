/**
 * A least-recently-used cache bounded by its number of entries: the bound keeps memory flat however many
 * keys are read. Whether an entry can go stale is its user's business (content objects never do).
 */
export class LruCache<K, V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be a positive integer, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
