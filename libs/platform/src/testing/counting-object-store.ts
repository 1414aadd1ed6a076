import { ContentObjectStore } from '../object-store/content-object-store.port';

/**
 * A real content-object store, counting what crosses its interface: the objects read, the most reads in
 * flight at once, and the size of each `put`. Storage-cost tests assert on these counts (a page read reads
 * O(depth) objects, an edit puts a few, a tree read keeps a bounded number of reads going).
 */
export class CountingObjectStore implements ContentObjectStore {
  reads = 0;
  puts: number[] = [];
  /** Calls to `get` and `getMany` started and not yet answered, and the most there were at once. */
  inFlight = 0;
  mostInFlight = 0;

  constructor(private readonly inner: ContentObjectStore) {}

  reset() {
    this.reads = 0;
    this.puts = [];
    this.mostInFlight = this.inFlight;
  }
  put(objects: readonly Uint8Array[]) {
    this.puts.push(objects.length);
    return this.inner.put(objects);
  }
  get(hash: string) {
    this.reads++;
    return this.tracked(this.inner.get(hash));
  }
  getMany(hashes: readonly string[]) {
    this.reads += hashes.length;
    return this.tracked(this.inner.getMany(hashes));
  }
  has(hash: string) {
    return this.inner.has(hash);
  }
  close() {
    return this.inner.close();
  }
  private async tracked<T>(read: Promise<T>): Promise<T> {
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      return await read;
    } finally {
      this.inFlight--;
    }
  }
}
