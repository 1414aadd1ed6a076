import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { Invalid } from '@folio/platform/domain/errors';
import { FolderSink } from '../folder.port';
import { folderPath } from './zip-entry-path';

/**
 * One date for every entry: an export of the same content is the same zip, byte for byte (yazl would stamp the
 * time of writing). A folder's history is in its git fields, not in zip timestamps.
 */
const MTIME = new Date('2000-01-01T00:00:00Z');

/** Files that are compressed already: deflating them again costs time and saves nothing. */
const PACKED = /\.(png|jpe?g|gif|webp|avif|ico|zip|gz|tgz|bz2|xz|7z|mp4|mov|webm|mp3|ogg|woff2?|pdf)$/i;

/**
 * A Git Sync folder written as a zip stream (yazl): `output` gives the bytes as the entries are written, and an
 * entry is read only when the zip reaches it, so what is held in memory does not grow with the folder. Each
 * `write` resolves once its content has been read into the zip: a writer that awaits it goes at the pace of
 * whoever reads `output` (a slow client slows the export, it does not fill the memory).
 */
export class ZipFolderSink implements FolderSink {
  private readonly zip = new ZipFile();
  private readonly paths = new Set<string>();
  private stopped: Error | null = null;
  private readonly pending = new Set<(error: Error) => void>();
  private firstWrite!: () => void;
  /** Resolves at the first write: the moment to start answering (a refusal before it can still be an error body). */
  readonly started = new Promise<void>((resolve) => (this.firstWrite = resolve));

  /** Whether a file was written: from then on the zip is under way, and a failure can only cut it short. */
  get writing(): boolean {
    return this.paths.size > 0;
  }

  get output(): Readable {
    return this.zip.outputStream as Readable;
  }

  async write(path: string, content: Buffer | NodeJS.ReadableStream): Promise<void> {
    if (this.stopped) throw this.stopped;
    // Paths come from Folio's own layout; one that is not a plain relative path is a bug, never written.
    if (folderPath(path) !== path) throw new Invalid(`${JSON.stringify(path)} is not a normalized folder path`);
    if (this.paths.has(path)) throw new Invalid(`${path} is written twice`);
    this.paths.add(path);
    this.firstWrite();
    return new Promise<void>((resolve, reject) => {
      this.pending.add(reject);
      this.zip.addReadStreamLazy(path, { mtime: MTIME, compress: !PACKED.test(path) }, (give) => {
        const input = Buffer.isBuffer(content) ? Readable.from([content]) : content;
        // Settled once: after an abort has refused the write, its stream's end changes nothing.
        input.once('end', () => this.pending.delete(reject) && resolve());
        input.once('error', (error: Error) => this.pending.delete(reject) && reject(error));
        give(null, input);
      });
    });
  }

  /** No more entries: the zip's central directory is written and `output` ends. */
  end(): void {
    this.zip.end();
  }

  /**
   * The reader went away or the export failed: `output` is destroyed, and every write waiting on it (and any
   * later one) is refused with `reason`, so the writer stops instead of waiting forever on a zip nobody reads.
   */
  abort(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const reject of this.pending) reject(reason);
    this.pending.clear();
    this.output.destroy();
  }
}
