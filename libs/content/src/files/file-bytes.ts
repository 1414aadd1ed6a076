import { Readable } from 'node:stream';
import { TooLarge } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { ContentObjectStore, mib } from '@folio/platform/object-store/content-object-store.port';
import { StoredFile } from '@folio/kernel/tree/tree.model';

/**
 * The size of a chunk object. A file up to this size is one object (as the JSON route stores it); a larger one
 * is chunks of this size and a manifest. 4 MiB: under the store's 7 MiB per object (an EventStoreDB event), few
 * objects for a large file (25 for 100 MiB), and what one read or write holds in memory.
 */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/** A chunked file's manifest: its chunk objects in order with their sizes (a range read seeks by them), and the total. */
interface ChunkManifest {
  object: 'file-chunks';
  size: number;
  chunks: { object: string; size: number }[];
}

/** Inclusive byte offsets, as HTTP ranges are written. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** A stored file's bytes: their size, and a stream of them (or of a span of them) read one object at a time. */
export interface FileBytes {
  size: number;
  stream(span?: ByteSpan): Readable;
}

/**
 * Stores a file's bytes as they come from `source`, never holding more than a chunk: a file up to CHUNK_BYTES as
 * one object, a larger one as chunk objects (each durable before the next is read, so a slow store slows the
 * source) and then its manifest. More than `maxBytes` is refused (TooLarge) as soon as it is seen, whatever size
 * the source claimed. Chunks put before a refusal stay in the store, named by nothing (as a refused batch's
 * objects would be: the store keeps no count of references).
 */
export async function storeFileBytes(
  store: ContentObjectStore,
  source: AsyncIterable<Uint8Array | string>,
  limit: { maxBytes: number; name: string },
): Promise<StoredFile> {
  const chunks: ChunkManifest['chunks'] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  const flush = async (bytes: Buffer) => {
    const [object] = await store.put([bytes]);
    chunks.push({ object, size: bytes.length });
  };
  for await (const piece of source) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    size += bytes.length;
    if (size > limit.maxBytes) throw new TooLarge(`The file ${limit.name} is more than the ${mib(limit.maxBytes)} a file may be`);
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes > CHUNK_BYTES) {
      const whole = Buffer.concat(pending, pendingBytes);
      await flush(whole.subarray(0, CHUNK_BYTES));
      pending = [whole.subarray(CHUNK_BYTES)];
      pendingBytes -= CHUNK_BYTES;
    }
  }
  const rest = Buffer.concat(pending, pendingBytes);
  if (chunks.length === 0) {
    const [object] = await store.put([rest]);
    return { object, size };
  }
  if (rest.length > 0) await flush(rest);
  const manifest: ChunkManifest = { object: 'file-chunks', size, chunks };
  const [object] = await store.put([canonicalJson(manifest)]);
  return { object, size, chunked: true };
}

/** The bytes of a stored file; null when its object (or manifest) is not in the store. */
export async function fileBytes(store: ContentObjectStore, file: Pick<StoredFile, 'object' | 'chunked'>): Promise<FileBytes | null> {
  const object = await store.get(file.object);
  if (object === null) return null;
  if (!file.chunked) return { size: object.length, stream: (span) => Readable.from([span ? object.subarray(span.start, span.end + 1) : object]) };
  const manifest = parseManifest(object, file.object);
  return { size: manifest.size, stream: (span) => Readable.from(chunksIn(store, manifest, span ?? { start: 0, end: manifest.size - 1 })) };
}

/** Every byte of a stored file in one Buffer, for readers bounded below the file limit (a PDF's images). */
export async function readFileBytes(store: ContentObjectStore, file: Pick<StoredFile, 'object' | 'chunked'>): Promise<Buffer | null> {
  const bytes = await fileBytes(store, file);
  if (bytes === null) return null;
  const pieces: Buffer[] = [];
  for await (const piece of bytes.stream()) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** The chunks a span overlaps, each read when the stream wants it and cut to the span. */
async function* chunksIn(store: ContentObjectStore, manifest: ChunkManifest, span: ByteSpan): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const chunk of manifest.chunks) {
    const [first, last] = [offset, offset + chunk.size - 1];
    offset += chunk.size;
    if (last < span.start) continue;
    if (first > span.end) return;
    const bytes = await store.get(chunk.object);
    if (bytes === null || bytes.length !== chunk.size) throw new Error(`chunk ${chunk.object} of a stored file is missing or not its size`);
    yield bytes.subarray(Math.max(span.start - first, 0), Math.min(span.end, last) - first + 1);
  }
}

/** A manifest read back, checked: its chunks' sizes must add up to its size (a reader trusts them to seek). */
function parseManifest(bytes: Buffer, hash: string): ChunkManifest {
  const manifest = JSON.parse(bytes.toString('utf8')) as ChunkManifest;
  const total = Array.isArray(manifest?.chunks) ? manifest.chunks.reduce((sum, chunk) => sum + chunk.size, 0) : NaN;
  if (manifest?.object !== 'file-chunks' || total !== manifest.size) throw new Error(`object ${hash} is not a file's chunk manifest`);
  return manifest;
}
