import { ContentObjectStore } from '../object-store/content-object-store.port';

/**
 * A real content-object store, counting what crosses its interface: the objects read, and the size of each
 * `put`. Storage-cost tests assert on these counts (a page read reads O(depth) objects, an edit puts a few).
 */
export class CountingObjectStore implements ContentObjectStore {
  reads = 0;
  puts: number[] = [];

  constructor(private readonly inner: ContentObjectStore) {}

  reset() {
    this.reads = 0;
    this.puts = [];
  }
  put(objects: readonly Uint8Array[]) {
    this.puts.push(objects.length);
    return this.inner.put(objects);
  }
  get(hash: string) {
    this.reads++;
    return this.inner.get(hash);
  }
  getMany(hashes: readonly string[]) {
    this.reads += hashes.length;
    return this.inner.getMany(hashes);
  }
  has(hash: string) {
    return this.inner.has(hash);
  }
  close() {
    return this.inner.close();
  }
}
