import { gitBlobHash } from '@folio/kernel/gitsync/git-blob';
import { pipeline, Readable, Transform, TransformCallback } from 'node:stream';
import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { ContentObjectStore, mib } from '@folio/platform/object-store/content-object-store.port';
import { StoredFile } from '@folio/kernel/tree/tree.model';
import { storeFileBytes } from '../files/file-bytes';
import { FolderEntry } from './folder.port';

/**
 * The first bytes of a file kept for its image dimensions: the formats image-size reads say them in their
 * header (a JPEG after its EXIF block, within the first tens of KiB of real photos).
 */
const HEAD_BYTES = 256 * 1024;

/** A folder file in the content-object store: how it is stored, its git blob id, and its first bytes. */
export interface StoredFolderFile {
  stored: StoredFile;
  oid: string;
  head: Buffer;
}

/**
 * Streams a folder file into the content-object store (a large one as chunks: see file-bytes.ts), at most
 * `maxBytes` (FILE_MAX_MB), hashing its git blob id on the way, so no file is ever whole in memory. The id's
 * header names the size the folder listed, so a file that holds another number of bytes is refused.
 */
export async function storeFolderFile(store: ContentObjectStore, entry: FolderEntry, maxBytes: number): Promise<StoredFolderFile> {
  if (entry.size > maxBytes) throw new TooLarge(`The file ${entry.path} is ${mib(entry.size)}, more than the ${mib(maxBytes)} a file may be`);
  const oid = gitBlobHash(entry.size);
  const head: Buffer[] = [];
  let headBytes = 0;
  const seen = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      oid.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk);
        headBytes += chunk.length;
      }
      done(null, chunk);
    },
  });
  // pipeline, not pipe: the source's refusal (a zip entry past its claim) reaches the reader of `seen`.
  const bytes = pipeline((await entry.open()) as Readable, seen, () => undefined);
  const stored = await storeFileBytes(store, bytes, { maxBytes, name: entry.path });
  if (stored.size !== entry.size) throw new Invalid(`The file ${entry.path} holds ${stored.size} bytes, not the ${entry.size} the folder listed`);
  return { stored, oid: oid.digest('hex'), head: Buffer.concat(head).subarray(0, HEAD_BYTES) };
}
