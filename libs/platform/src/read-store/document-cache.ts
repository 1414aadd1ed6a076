import { Doc } from './read-store.port';

/**
 * Parsed read-model documents by table and id, the least recently read evicted first, bounded by the
 * total length of their JSON text (a parsed document takes a few times that in the heap). A document
 * longer than a sixteenth of the budget is not kept: one would evict many small ones for one read.
 *
 * Every caller gets the same object, so documents are frozen, deeply: a caller that tries to change one
 * fails loudly (strict mode) instead of changing what the next request reads. Freezing costs once per
 * fill; handing out copies would cost a clone per read, about what parsing the JSON again costs.
 */
export class DocumentCache {
  private readonly entries = new Map<string, { doc: Doc; size: number }>();
  private used = 0;
  /** The key read or filled last, so last in the Map's order; undefined when unknown. */
  private newest: string | undefined;

  /** `capacity`: JSON characters; 0 turns the cache off. */
  constructor(readonly capacity: number) {}

  get enabled(): boolean {
    return this.capacity > 0;
  }

  /** Documents held and the JSON characters they came from. */
  get stats(): { documents: number; characters: number } {
    return { documents: this.entries.size, characters: this.used };
  }

  get<T extends Doc>(table: string, id: string): T | undefined {
    const key = keyOf(table, id);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: moving the entry to the end keeps the least recently read first. The
    // most recent one (a document read by request after request) stays: a delete+set per hit left a deleted
    // slot in the Map each time and made it rehash.
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.doc as T;
  }

  /** Parses `json` (the stored document `id` of `table`), keeps it when it fits, and answers it frozen. */
  fill<T extends Doc>(table: string, id: string, json: string): T {
    const doc = deepFreeze(JSON.parse(json) as T);
    const size = json.length;
    if (size * 16 > this.capacity) return doc;
    this.delete(table, id);
    const key = keyOf(table, id);
    this.entries.set(key, { doc, size });
    this.newest = key;
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.capacity) break;
      this.forget(oldest, entry);
    }
    return doc;
  }

  /** Whether the document is held (its place in the eviction order unchanged). */
  has(table: string, id: string): boolean {
    return this.entries.has(keyOf(table, id));
  }

  delete(table: string, id: string): void {
    const key = keyOf(table, id);
    const entry = this.entries.get(key);
    if (entry) this.forget(key, entry);
  }

  /** Forgets every document of `table` (a write whose ids are not known, such as a delete by filter). */
  deleteTable(table: string): void {
    const prefix = keyOf(table, '');
    for (const [key, entry] of this.entries) {
      if (key.startsWith(prefix)) this.forget(key, entry);
    }
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
    this.newest = undefined;
  }

  private forget(key: string, entry: { size: number }): void {
    this.entries.delete(key);
    this.used -= entry.size;
    if (key === this.newest) this.newest = undefined;
  }
}

/** Table names are plain identifiers (no `:`), so the key cannot be ambiguous. */
const keyOf = (table: string, id: string) => `${table}:${id}`;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
