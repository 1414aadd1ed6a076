import { createHash } from 'node:crypto';
import { TooLarge } from '../domain/errors';

/**
 * Immutable, content-addressed objects (page documents, files, page-tree nodes), stored beside the event
 * store because they are write-side truth: events carry their hashes (a claim check), never their bytes.
 *
 * Objects are bytes, nothing more: the name and media type of a file, like the kind of a JSON object, are
 * facts about where it is used (the tree node or event that refers to it), so equal bytes are one object
 * whatever they are called. JSON objects go through `canonicalJson` first, so equal values get equal hashes.
 */
export interface ContentObjectStore {
  /**
   * Stores the objects and answers their SHA-256 hex hashes, in order. Putting an object that is already
   * there is a no-op, also when another writer puts it at the same time. Once this resolves the objects are
   * durable: an event may refer to them.
   */
  put(objects: readonly Uint8Array[]): Promise<string[]>;
  /** The object's bytes, or null when no object has this hash. `ContentObjectCorrupted` if they do not match it. */
  get(hash: string): Promise<Buffer | null>;
  /** `get` for many hashes at once, answered in the order asked (null for each miss). */
  getMany(hashes: readonly string[]): Promise<(Buffer | null)[]>;
  /** Whether an object with this hash is stored (its bytes are not checked). */
  has(hash: string): Promise<boolean>;
  close(): Promise<void>;
}

export const CONTENT_OBJECT_STORE = Symbol('ContentObjectStore');

/**
 * The largest object Folio stores, in both modes: in the distributed store an object is one EventStoreDB
 * event, and the compose file raises its MaxAppendSize to 8 MiB, so 7 MiB leaves room for the event around
 * it. What is stored (a page document, a file, a PDF) is bounded by the domain below this; the stores refuse
 * a larger object too (ContentObjectTooLarge), so a bug there is a clean refusal, not a half-done append.
 */
export const MAX_CONTENT_OBJECT_BYTES = 7 * 1024 * 1024;

/** An object over MAX_CONTENT_OBJECT_BYTES, or one the EventStoreDB server refused as over its MaxAppendSize. */
export class ContentObjectTooLarge extends TooLarge {
  constructor(bytes: number, max: number = MAX_CONTENT_OBJECT_BYTES, what = 'An object') {
    super(`${what} is ${mib(bytes)}, more than the ${mib(max)} the content store holds`);
  }
}

/** Refuses an object over MAX_CONTENT_OBJECT_BYTES; `what` names it in the refusal ("The page's document"). */
export function assertStorable(bytes: Uint8Array, what?: string): void {
  if (bytes.byteLength > MAX_CONTENT_OBJECT_BYTES) throw new ContentObjectTooLarge(bytes.byteLength, MAX_CONTENT_OBJECT_BYTES, what);
}

/** A size in MiB as limits are worded, rounded up to a tenth (a byte over 7 MiB is `7.1 MiB`): `7 MiB`, `7.5 MiB`. */
export const mib = (bytes: number) => `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** Stored bytes whose hash is not the one they are stored under: never served. */
export class ContentObjectCorrupted extends Error {
  constructor(readonly hash: string) {
    super(`content object ${hash} is corrupted: its bytes do not hash to its name`);
    this.name = 'ContentObjectCorrupted';
  }
}

/** The name of an object: SHA-256 of its bytes, lowercase hex. */
export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A hash not of this form names no object; it is refused before it reaches a query or a stream name. */
export function assertContentHash(hash: string): void {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a SHA-256 hex hash: ${JSON.stringify(hash)}`);
}

/** Bytes read back under `hash`, checked: a store serves an object only if it is the one asked for. */
export function verified(hash: string, bytes: Uint8Array): Buffer {
  if (contentHash(bytes) !== hash) throw new ContentObjectCorrupted(hash);
  return asBuffer(bytes);
}

/** A Buffer view of the same memory (drivers bind Buffers; callers may hold any Uint8Array). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
