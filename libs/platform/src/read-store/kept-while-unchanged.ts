import { Clock } from '../clock';
import { ReadStore } from './read-store.port';

/**
 * How long a value is kept at most. Nothing committed is missed (the read store's change mark says so), but
 * what turns on the clock alone (a space passing its retention) is seen within this bound.
 */
const MAX_AGE_MS = 60_000;

interface Kept<T> {
  mark: number;
  at: number;
  value: T;
}

/**
 * Values derived from many read model documents, kept under their key with the read store's change mark
 * taken before they were computed, and given again only while the mark is the same: any commit (by this
 * process or, seen through SQLite's `data_version`, another) computes anew. Where the store cannot tell
 * (MongoDB), nothing is kept. At most `capacity` values, the oldest dropped first.
 */
export class KeptWhileUnchanged<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(
    private readonly reads: ReadStore,
    private readonly clock: Clock,
    private readonly capacity: number,
  ) {}

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const mark = this.reads.changes();
    const now = this.clock.now().getTime();
    const kept = this.kept.get(key);
    if (mark !== null && kept && kept.mark === mark && now - kept.at < MAX_AGE_MS) return kept.value;
    const value = await compute();
    if (mark === null) return value;
    this.kept.delete(key);
    this.kept.set(key, { mark, at: now, value });
    // Oldest first: a Map iterates in insertion order.
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}
