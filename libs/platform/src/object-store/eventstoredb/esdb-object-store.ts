import {
  EventStoreDBClient,
  NO_STREAM,
  ResolvedEvent,
  StreamNotFoundError,
} from '@eventstore/db-client';
import { mapConcurrently } from '../../concurrency/map-concurrently';
import { assertContentHash, assertStorable, contentHash, ContentObjectStore } from '../content-object-store.port';
import { appendRefusal, contentObjectStream, fromContentObjectEvent, toContentObjectEvent } from './esdb-object-mapping';
import { collect } from '../../event-store/eventstoredb/esdb-calls';
import { STORE_CALL_MS, withinCallBound } from '../../store-deadline';

/** Reads and appends in flight at once for one call: enough to hide round trips, few enough not to flood. */
const CONCURRENCY = 16;

/**
 * The distributed object store: each object is a one-event stream `contentObject-<sha256>`, appended with
 * expected revision no-stream. A stream that is already there holds the same bytes (its name is their hash),
 * so the refusal means the put has succeeded. EventStoreDB acknowledges an append once it is durable.
 *
 * EventStoreDB refuses appends over its `MaxAppendSize` (1 MiB unless configured): the compose file raises
 * it, since a file may be larger. It has no read of many streams in one call, so `getMany` reads them
 * concurrently; `has` reads the event too (there is no existence check without the data).
 */
export class EventStoreDbObjectStore implements ContentObjectStore {
  constructor(private readonly client: EventStoreDBClient) {}

  /** `url` is an EventStoreDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  static connect(url: string): EventStoreDbObjectStore {
    return new EventStoreDbObjectStore(EventStoreDBClient.connectionString(url));
  }

  async put(objects: readonly Uint8Array[]): Promise<string[]> {
    // Refused before any is stored, in both modes alike.
    for (const bytes of objects) assertStorable(bytes);
    const hashes = objects.map(contentHash);
    const distinct = new Map(hashes.map((hash, i) => [hash, objects[i]]));
    await mapConcurrently([...distinct], CONCURRENCY, ([hash, bytes]) => this.append(hash, bytes));
    return hashes;
  }

  async get(hash: string): Promise<Buffer | null> {
    assertContentHash(hash);
    const resolved = await this.firstEvent(hash);
    return resolved ? fromContentObjectEvent(hash, resolved) : null;
  }

  async getMany(hashes: readonly string[]): Promise<(Buffer | null)[]> {
    hashes.forEach(assertContentHash);
    return mapConcurrently(hashes, CONCURRENCY, (hash) => this.get(hash));
  }

  async has(hash: string): Promise<boolean> {
    assertContentHash(hash);
    return (await this.firstEvent(hash)) !== null;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async firstEvent(hash: string): Promise<ResolvedEvent | null> {
    try {
      const [first] = await collect(this.client.readStream(contentObjectStream(hash), { maxCount: 1 }), `read object ${hash}`);
      return first ?? null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  private async append(hash: string, bytes: Uint8Array): Promise<void> {
    try {
      // With `throwOnAppendFailure=false` a refusal comes back as `success: false`: the same "already there".
      await withinCallBound(
        'EventStoreDB',
        `append object ${hash}`,
        this.client.appendToStream(contentObjectStream(hash), toContentObjectEvent(hash, bytes), { expectedRevision: NO_STREAM, deadline: STORE_CALL_MS }),
      );
    } catch (error) {
      const refusal = appendRefusal(error, bytes.byteLength);
      if (refusal) throw refusal;
    }
  }
}
