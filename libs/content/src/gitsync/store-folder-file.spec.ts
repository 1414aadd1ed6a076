import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { readFileBytes } from '../files/file-bytes';
import { FolderEntry } from './folder.port';
import { storeFolderFile } from './store-folder-file';

const temp = useTempObjectStore('folio-folder-file-');
const MiB = 1024 * 1024;

const entry = (path: string, bytes: Buffer, size = bytes.length): FolderEntry => ({
  path,
  size,
  open: async () => Readable.from([bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1)]),
});

describe('storeFolderFile', () => {
  it('stores a small file as one object, with the git blob id git gives it', async () => {
    const file = await storeFolderFile(temp.store, entry('hello.txt', Buffer.from('hello\n')), MiB);
    // `printf 'hello\n' | git hash-object --stdin`
    expect(file.oid).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(file.stored).toEqual({ object: contentHash(Buffer.from('hello\n')), size: 6 });
    expect((await storeFolderFile(temp.store, entry('empty', Buffer.alloc(0)), MiB)).oid).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });

  it('streams a file larger than a content object into chunks, keeping only its first bytes', async () => {
    const bytes = randomBytes(8 * MiB);
    const file = await storeFolderFile(temp.store, entry('.gitbook/assets/video.mp4', bytes), 16 * MiB);
    expect(file.stored).toMatchObject({ size: bytes.length, chunked: true });
    expect(file.head.equals(bytes.subarray(0, file.head.length))).toBe(true);
    expect(file.head.length).toBeLessThanOrEqual(4 * MiB);
    expect((await readFileBytes(temp.store, file.stored))!.equals(bytes)).toBe(true);
    // 8 MiB written and read back through SQLite: seconds on a loaded machine, not Jest's default 5.
  }, 30_000);

  it('refuses a file over the limit on its listed size, before reading it', async () => {
    const unread: FolderEntry = { path: 'big.bin', size: 2 * MiB, open: () => Promise.reject(new Error('read')) };
    await expect(storeFolderFile(temp.store, unread, MiB)).rejects.toThrow(new TooLarge('The file big.bin is 2 MiB, more than the 1 MiB a file may be'));
  });

  it('refuses a file that holds more bytes than listed, at the limit, and one that holds fewer', async () => {
    await expect(storeFolderFile(temp.store, entry('liar.bin', randomBytes(2 * MiB), 10), MiB)).rejects.toThrow(TooLarge);
    await expect(storeFolderFile(temp.store, entry('short.bin', Buffer.from('abc'), 10), MiB)).rejects.toThrow(
      new Invalid('The file short.bin holds 3 bytes, not the 10 the folder listed'),
    );
  });

  it('passes on the refusal of the source while it streams', async () => {
    const failing: FolderEntry = {
      path: 'bomb.bin',
      size: 10,
      open: async () => Readable.from((async function* () { yield Buffer.from('x'); throw new TooLarge('unpacks to more than its header says'); })()),
    };
    await expect(storeFolderFile(temp.store, failing, MiB)).rejects.toThrow('unpacks to more than its header says');
  });
});
