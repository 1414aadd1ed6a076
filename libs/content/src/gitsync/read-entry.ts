import { TooLarge } from '@folio/platform/domain/errors';
import { mib } from '@folio/platform/object-store/content-object-store.port';
import { FolderEntry } from './folder.port';

/**
 * A folder file's bytes, read whole, at most `maxBytes`: the size a source declares is checked before reading
 * and the bytes while reading (a zip entry may lie about its size). For Markdown; files (assets) stream into the
 * content-object store instead (store-folder-file.ts).
 */
export async function readEntry(entry: FolderEntry, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new TooLarge(`${entry.path} is larger than ${mib(maxBytes)}`);
  if (entry.size > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of await entry.open()) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    length += bytes.length;
    if (length > maxBytes) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}
