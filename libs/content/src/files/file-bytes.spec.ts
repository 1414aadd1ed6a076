import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { TooLarge } from '@folio/platform/domain/errors';
import { contentHash, MAX_CONTENT_OBJECT_BYTES } from '@folio/platform/object-store/content-object-store.port';
import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { CHUNK_BYTES, fileBytes, readFileBytes, storeFileBytes } from './file-bytes';

const temp = useTempObjectStore('folio-file-bytes-');
const MiB = 1024 * 1024;

/** `bytes` as a stream of pieces of `piece` bytes (a zip entry or a request body arrives in 16–64 KiB pieces). */
const pieces = (bytes: Buffer, piece = 64 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(bytes.length / piece) }, (_, i) => bytes.subarray(i * piece, (i + 1) * piece)));

const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

describe('file bytes in the content-object store', () => {
  it('stores a file up to a chunk as one object, the one the JSON route stores for the same bytes', async () => {
    const bytes = randomBytes(CHUNK_BYTES);
    const stored = await storeFileBytes(temp.store, pieces(bytes), { maxBytes: 100 * MiB, name: 'a.png' });
    expect(stored).toEqual({ object: contentHash(bytes), size: CHUNK_BYTES });
    // Buffer.equals: toEqual walks a 4 MiB Buffer element by element (over a minute).
    expect((await readFileBytes(temp.store, stored))!.equals(bytes)).toBe(true);
  });

  it('stores a file larger than the store holds as chunk objects of at most 4 MiB, and reads it back byte for byte', async () => {
    const bytes = randomBytes(MAX_CONTENT_OBJECT_BYTES + 3 * MiB + 5);
    const store = new CountingObjectStore(temp.store);
    const stored = await storeFileBytes(store, pieces(bytes), { maxBytes: 100 * MiB, name: 'movie.mp4' });
    expect(stored).toMatchObject({ size: bytes.length, chunked: true });
    // Three chunks (4 + 4 + 2 MiB and 5 bytes), each put on its own as it filled, then the manifest.
    expect(store.puts).toEqual([1, 1, 1, 1]);
    const read = (await fileBytes(store, stored))!;
    expect(read.size).toBe(bytes.length);
    expect((await collect(read.stream())).equals(bytes)).toBe(true);
  });

  it('serves a span across a chunk boundary reading only the chunks it overlaps', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 100);
    const stored = await storeFileBytes(temp.store, pieces(bytes), { maxBytes: 100 * MiB, name: 'big.bin' });
    const store = new CountingObjectStore(temp.store);
    const read = (await fileBytes(store, stored))!;
    store.reset();
    const span = { start: CHUNK_BYTES - 10, end: CHUNK_BYTES + 9 };
    expect((await collect(read.stream(span))).equals(bytes.subarray(span.start, span.end + 1))).toBe(true);
    expect(store.reads).toBe(2);
    expect((await collect(read.stream({ start: 2 * CHUNK_BYTES + 99, end: 2 * CHUNK_BYTES + 99 }))).equals(bytes.subarray(-1))).toBe(true);
  });

  it('refuses a file past its limit as soon as the bytes pass it, whatever the source claimed', async () => {
    let read = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          read += 64 * 1024;
          yield Buffer.alloc(64 * 1024);
        }
      })(),
    );
    await expect(storeFileBytes(temp.store, endless, { maxBytes: 5 * MiB, name: 'bomb.bin' })).rejects.toThrow(
      new TooLarge('The file bomb.bin is more than the 5 MiB a file may be'),
    );
    expect(read).toBe(5 * MiB + 64 * 1024);
  });

  it('stores equal files once: the same chunks, the same manifest', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 1);
    const [a, b] = [await storeFileBytes(temp.store, pieces(bytes), { maxBytes: 10 * MiB, name: 'a' }), await storeFileBytes(temp.store, pieces(bytes, 1000), { maxBytes: 10 * MiB, name: 'b' })];
    expect(a).toEqual(b);
  });

  it('answers null for a file whose object is not stored', async () => {
    expect(await fileBytes(temp.store, { object: contentHash(Buffer.from('nothing')) })).toBeNull();
    expect(await fileBytes(temp.store, { object: contentHash(Buffer.from('nothing')), chunked: true })).toBeNull();
  });
});
