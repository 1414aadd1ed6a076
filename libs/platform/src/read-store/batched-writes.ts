import { Doc, Filter, ReadTransaction } from './read-store.port';

/** A collection's documents written during a batch, by id: the JSON to store, or null to delete it. */
export type PendingDocs = Map<string, string | null>;

/** What a store under a batched transaction must answer itself. */
export interface DirectWrites {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  findAll<T extends Doc>(collection: string, filter: Filter): Promise<T[]>;
  deleteMany(collection: string, filter: Filter): Promise<void>;
  /** Stores one collection's pending documents (each id once), in the batch's transaction if it has one. */
  write(collection: string, docs: PendingDocs): Promise<void>;
}

/**
 * A pending document: deleted, or its JSON, its parsed form, or both. The parsed form is private (no
 * handler ever holds it), so patches apply to it in place of a parse and a serialization each.
 */
type Entry = { deleted: true } | { deleted: false; json?: string; doc?: Doc };

/**
 * A batch's writes gathered in memory and stored once per document, for rebuilds: replaying thousands of
 * events, most documents are written many times in one batch (an organization patched by each of its
 * settings changes). A handler reading a document gets a fresh copy parsed from JSON, exactly as if it
 * came from the store, and what a handler hands in is serialized (or copied) at once, so no later change
 * of its objects leaks in. Filtered reads and deletes are answered by the store, after the collection's
 * pending documents were written, so they see the batch so far without a second implementation of filters.
 */
export class BatchedWrites implements ReadTransaction {
  private readonly pending = new Map<string, Map<string, Entry>>();

  constructor(private readonly direct: DirectWrites) {}

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const entry = this.pending.get(collection)?.get(id);
    if (entry === undefined) return this.direct.get<T>(collection, id);
    return entry.deleted ? null : (JSON.parse(jsonOf(entry)) as T);
  }

  async findAll<T extends Doc>(collection: string, filter: Filter): Promise<T[]> {
    await this.flush(collection);
    return this.direct.findAll<T>(collection, filter);
  }

  async upsert(collection: string, doc: Doc): Promise<void> {
    this.docs(collection).set(doc.id, { deleted: false, json: JSON.stringify(doc) });
  }

  /** As the stores patch: top-level fields set, `undefined` ones unset, a missing document left missing. */
  async patch(collection: string, id: string, changes: Record<string, unknown>): Promise<void> {
    const entry = this.pending.get(collection)?.get(id);
    // Either way, `current` is a private object: parsed here, or one no handler was given.
    const current = entry ? (entry.deleted ? null : (entry.doc ?? (JSON.parse(entry.json!) as Doc))) : await this.direct.get(collection, id);
    if (!current) return;
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) delete current[field];
      else current[field] = value !== null && typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value;
    }
    current.id = id;
    this.docs(collection).set(id, { deleted: false, doc: current });
  }

  async delete(collection: string, id: string): Promise<void> {
    this.docs(collection).set(id, { deleted: true });
  }

  async deleteMany(collection: string, filter: Filter): Promise<void> {
    await this.flush(collection);
    await this.direct.deleteMany(collection, filter);
  }

  /** Writes the pending documents of `collection`, or of every collection. */
  async flush(collection?: string): Promise<void> {
    for (const name of collection === undefined ? [...this.pending.keys()] : [collection]) {
      const entries = this.pending.get(name);
      if (!entries || entries.size === 0) continue;
      this.pending.delete(name);
      // In id order: the stores' id indexes then fill sequentially rather than at random places.
      const ids = [...entries.keys()].sort();
      await this.direct.write(name, new Map(ids.map((id) => {
        const entry = entries.get(id)!;
        return [id, entry.deleted ? null : jsonOf(entry)];
      })));
    }
  }

  private docs(collection: string): Map<string, Entry> {
    let docs = this.pending.get(collection);
    if (!docs) this.pending.set(collection, (docs = new Map()));
    return docs;
  }
}

function jsonOf(entry: Entry & { deleted: false }): string {
  return (entry.json ??= JSON.stringify(entry.doc));
}
