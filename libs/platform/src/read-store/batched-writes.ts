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
 * A batch's writes gathered in memory and stored once per document, for rebuilds: replaying thousands of
 * events, most documents are written many times in one batch (an organization patched by each of its
 * settings changes). Documents are kept as JSON, so a handler reading one gets a fresh copy exactly as if
 * it came from the store. Filtered reads and deletes are answered by the store, after the collection's
 * pending documents were written, so they see the batch so far without a second implementation of filters.
 */
export class BatchedWrites implements ReadTransaction {
  private readonly pending = new Map<string, PendingDocs>();

  constructor(private readonly direct: DirectWrites) {}

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const json = this.pending.get(collection)?.get(id);
    if (json === undefined) return this.direct.get<T>(collection, id);
    return json === null ? null : (JSON.parse(json) as T);
  }

  async findAll<T extends Doc>(collection: string, filter: Filter): Promise<T[]> {
    await this.flush(collection);
    return this.direct.findAll<T>(collection, filter);
  }

  async upsert(collection: string, doc: Doc): Promise<void> {
    this.docs(collection).set(doc.id, JSON.stringify(doc));
  }

  /** As the stores patch: top-level fields set, `undefined` ones unset, a missing document left missing. */
  async patch(collection: string, id: string, changes: Record<string, unknown>): Promise<void> {
    const current = await this.get(collection, id);
    if (!current) return;
    // JSON.stringify leaves out `undefined` values, which unsets them.
    this.docs(collection).set(id, JSON.stringify({ ...current, ...changes, id }));
  }

  async delete(collection: string, id: string): Promise<void> {
    this.docs(collection).set(id, null);
  }

  async deleteMany(collection: string, filter: Filter): Promise<void> {
    await this.flush(collection);
    await this.direct.deleteMany(collection, filter);
  }

  /** Writes the pending documents of `collection`, or of every collection. */
  async flush(collection?: string): Promise<void> {
    for (const name of collection === undefined ? [...this.pending.keys()] : [collection]) {
      const docs = this.pending.get(name);
      if (!docs || docs.size === 0) continue;
      this.pending.delete(name);
      await this.direct.write(name, docs);
    }
  }

  private docs(collection: string): PendingDocs {
    let docs = this.pending.get(collection);
    if (!docs) this.pending.set(collection, (docs = new Map()));
    return docs;
  }
}
