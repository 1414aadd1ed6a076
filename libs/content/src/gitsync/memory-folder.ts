import { Readable } from 'node:stream';
import { Invalid } from '@folio/platform/domain/errors';
import { insideFolder } from '@folio/kernel/gitsync/folder-paths';
import { FolderEntry, FolderSink, FolderSource } from './folder.port';

/**
 * A folder held in memory, both a sink and a source: what an export writes can be imported again as it is
 * (the fidelity measure, the benchmark, tests), without a directory in between.
 */
export class MemoryFolder implements FolderSource, FolderSink {
  readonly files = new Map<string, Buffer>();

  constructor(files: Iterable<[string, Buffer | string]> = []) {
    for (const [path, content] of files) this.files.set(path, Buffer.from(content));
  }

  async list(): Promise<FolderEntry[]> {
    return [...this.files].map(([path, bytes]) => ({ path, size: bytes.length, open: async () => Readable.from([bytes]) }));
  }

  async write(path: string, content: Buffer | NodeJS.ReadableStream): Promise<void> {
    if (!insideFolder(path)) throw new Invalid(`${JSON.stringify(path)} is not a path inside the folder`);
    if (this.files.has(path)) throw new Invalid(`${path} is written twice`);
    if (Buffer.isBuffer(content)) this.files.set(path, content);
    else {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(Buffer.from(chunk as Buffer));
      this.files.set(path, Buffer.concat(chunks));
    }
  }

  text(path: string): string | undefined {
    return this.files.get(path)?.toString('utf8');
  }
}
