import { LruCache } from '../caching/lru-cache';
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
  /** Weighed by their JSON's length; null when the cache is off. */
  private readonly entries: LruCache<string, Doc> | null;

  /** `capacity`: JSON characters; 0 turns the cache off. */
  constructor(readonly capacity: number) {
    // READ_CACHE_MB may be a fraction: the budget is whole characters.
    const characters = Math.floor(capacity);
    this.entries = characters > 0 ? new LruCache(characters) : null;
  }

  get enabled(): boolean {
    return this.entries !== null;
  }

  /** Documents held and the JSON characters they came from. */
  get stats(): { documents: number; characters: number } {
    return { documents: this.entries?.size ?? 0, characters: this.entries?.held ?? 0 };
  }

  get<T extends Doc>(table: string, id: string): T | undefined {
    return this.entries?.get(keyOf(table, id)) as T | undefined;
  }

  /** Parses `json` (the stored document `id` of `table`), keeps it when it fits, and answers it frozen. */
  fill<T extends Doc>(table: string, id: string, json: string): T {
    const doc = deepFreeze(JSON.parse(json) as T);
    if (this.entries !== null && json.length * 16 <= this.capacity) this.entries.set(keyOf(table, id), doc, json.length);
    return doc;
  }

  /** Whether the document is held (its place in the eviction order unchanged). */
  has(table: string, id: string): boolean {
    return this.entries?.has(keyOf(table, id)) ?? false;
  }

  delete(table: string, id: string): void {
    this.entries?.delete(keyOf(table, id));
  }

  /** Forgets every document of `table` (a write whose ids are not known, such as a delete by filter). */
  deleteTable(table: string): void {
    const prefix = keyOf(table, '');
    this.entries?.deleteWhere((key) => key.startsWith(prefix));
  }

  clear(): void {
    this.entries?.clear();
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
