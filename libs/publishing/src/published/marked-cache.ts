import { Clock } from '@folio/platform/clock';
import { ReadStore } from '@folio/platform/read-store/read-store.port';

interface Kept<T> {
  mark: number;
  at: number;
  value: T;
}

/**
 * Values computed from the read models, kept under the read store's change mark taken before computing
 * and given again only while the mark is the same: any commit (by this process or, seen through SQLite's
 * `data_version`, another) computes anew. Where the store cannot tell (MongoDB), nothing is kept. At most
 * `max` values, the oldest dropped first, none older than `maxAgeMs` (what turns on the clock alone, a
 * space passing its retention, is seen within that bound).
 */
export class MarkedCache<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(
    private readonly reads: ReadStore,
    private readonly clock: Clock,
    private readonly max: number,
    private readonly maxAgeMs: number,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const mark = this.reads.changes();
    const now = this.clock.now().getTime();
    const kept = this.kept.get(key);
    if (mark !== null && kept && kept.mark === mark && now - kept.at < this.maxAgeMs) return kept.value;
    const value = await compute();
    if (mark === null) return value;
    this.kept.delete(key);
    this.kept.set(key, { mark, at: now, value });
    // Oldest first: a Map iterates in insertion order.
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}
