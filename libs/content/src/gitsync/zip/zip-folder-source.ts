import { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import { DomainError, Invalid, TooLarge } from '@folio/platform/domain/errors';
import { mib } from '@folio/platform/object-store/content-object-store.port';
import { FolderEntry, FolderSource } from '../folder.port';
import { EntryGuard } from './entry-guard';
import { folderPath } from './zip-entry-path';
import { ZipLimits } from './zip-limits';

/** Mode bits of a symbolic link in an entry's external attributes (Unix mode in the upper 16 bits). */
const SYMLINK = 0o120000;
const FILE_TYPE = 0o170000;
/** Compression methods every zip tool writes: stored and deflated. */
const METHODS = new Set([0, 8]);
/** The fixed part of a local file header, before its name. */
const LOCAL_HEADER_BYTES = 30;

/**
 * A Git Sync folder packed in a zip file on disk, read entry by entry from its central directory (yauzl, with
 * random access: an entry is unpacked when opened, never the whole zip at once). Opening judges every record
 * before anything is unpacked, and each entry streams through an EntryGuard that holds it to its record.
 * Refusals are Invalid (400) for what is not a safe folder, TooLarge (413) for what is more than the limits.
 */
export class ZipFolderSource implements FolderSource {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: readonly FolderEntry[],
  ) {}

  static async open(path: string, limits: ZipLimits): Promise<ZipFolderSource> {
    let zip: yauzl.ZipFile;
    try {
      // Names are decoded here (decodeStrings off), so each refusal says what is wrong with a name in our words;
      // sizes are held by our EntryGuard (validateEntrySizes off), so a bomb that lied in its header is a 413.
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false });
    } catch (error) {
      throw new Invalid(`The body is not a zip file: ${(error as Error).message}`);
    }
    try {
      if (zip.entryCount > limits.maxEntries) throw new TooLarge(`The zip lists ${zip.entryCount} entries, more than the ${limits.maxEntries} a folder may have`);
      const records: yauzl.Entry[] = [];
      for await (const record of zip.eachEntry()) records.push(record);
      return new ZipFolderSource(zip, judged(records, limits).map(({ record, path }) => folderEntry(zip, record, path)));
    } catch (error) {
      zip.close();
      throw error instanceof DomainError ? error : new Invalid(`The zip is damaged: ${(error as Error).message}`);
    }
  }

  async list(): Promise<FolderEntry[]> {
    return [...this.entries];
  }

  /**
   * Unpacks every file once, through its guard, keeping nothing: a zip whose bytes lie about their records, or
   * are damaged, is refused before an import writes anything.
   */
  async verify(): Promise<void> {
    for (const entry of this.entries) for await (const _chunk of (await entry.open()) as Readable);
  }

  close(): void {
    this.zip.close();
  }
}

/** A file of the zip, unpacked through its guard each time it is opened. */
function folderEntry(zip: yauzl.ZipFile, record: yauzl.Entry, path: string): FolderEntry {
  return {
    path,
    size: record.uncompressedSize,
    open: async () => {
      const guard = new EntryGuard({ path, size: record.uncompressedSize, crc32: record.crc32 });
      const raw = await zip.openReadStreamPromise(record).catch((error: Error) => Promise.reject(damaged(path, error)));
      raw.on('error', (error) => guard.destroy(error instanceof DomainError ? error : damaged(path, error)));
      // A reader that stops early (a refused import) lets go of the entry's file reads and inflater.
      guard.once('close', () => raw.destroy());
      return raw.pipe(guard);
    },
  };
}

const damaged = (path: string, error: Error) => new Invalid(`The zip entry ${path} is damaged: ${error.message}`);

/**
 * The records that are files, each with its folder path, once every record passed: a safe name, a plain file
 * or folder (no symbolic link, no encryption, stored or deflated), within the sizes and ratio, one per path, and
 * no two sharing bytes (the overlapping-entries bomb packs one deflated run under thousands of records).
 */
function judged(records: yauzl.Entry[], limits: ZipLimits): { record: yauzl.Entry; path: string }[] {
  const files: { record: yauzl.Entry; path: string }[] = [];
  const paths = new Set<string>();
  let total = 0;
  for (const record of records) {
    const raw = yauzl.getFileNameLowLevel(record.generalPurposeBitFlag, record.fileNameRaw, record.extraFields, true);
    // A folder's own record says nothing files do not (some tools write one for the root, `./`), but its name is judged.
    if (/^(\.?\/)+$/.test(raw)) continue;
    const path = folderPath(raw);
    const refuse = (why: string) => new Invalid(`The zip entry ${path} ${why}`);
    if (((record.externalFileAttributes >>> 16) & FILE_TYPE) === SYMLINK) throw refuse('is a symbolic link: a folder holds files only');
    if (raw.endsWith('/')) continue;
    if (record.isEncrypted()) throw refuse('is encrypted');
    if (!METHODS.has(record.compressionMethod)) throw refuse(`uses compression method ${record.compressionMethod}: zip it with deflate`);
    if (paths.has(path)) throw refuse('is in the zip twice');
    paths.add(path);
    const size = record.uncompressedSize;
    if (size > limits.maxFileBytes) throw new TooLarge(`The file ${path} is ${mib(size)}, more than the ${mib(limits.maxFileBytes)} a file may be`);
    if (size > limits.ratioFloorBytes && size > record.compressedSize * limits.maxRatio) {
      throw new TooLarge(`The zip entry ${path} unpacks to more than ${limits.maxRatio} times its packed size`);
    }
    total += size;
    if (total > limits.maxTotalBytes) throw new TooLarge(`The zip unpacks to more than the ${mib(limits.maxTotalBytes)} a folder may be`);
    files.push({ record, path });
  }
  assertApart(records);
  return files;
}

/** Refuses records whose packed bytes overlap: each must end before the next one's local header begins. */
function assertApart(records: yauzl.Entry[]): void {
  const sorted = [...records].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1];
    const end = before.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + before.fileNameLength + before.compressedSize;
    if (end > sorted[i].relativeOffsetOfLocalHeader) throw new TooLarge('The zip has entries that share their packed bytes, as zip bombs do');
  }
}
