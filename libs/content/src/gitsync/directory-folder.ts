import { createReadStream } from 'node:fs';
import { lstat, mkdir, readdir, realpath, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { Invalid } from '@folio/platform/domain/errors';
import { insideFolder } from '@folio/kernel/gitsync/folder-paths';
import { FolderEntry, FolderSink, FolderSource } from './folder.port';

/** Entries a directory walk lists before it stops: a bound on a folder pointed at the wrong place (a home directory). */
export const MAX_DIRECTORY_ENTRIES = 50_000;
/** Directories git and tools keep beside the content: never part of a space. */
const SKIPPED = new Set(['.git', 'node_modules']);

/**
 * A directory on disk as a Git Sync folder (the CLI's). Symbolic links are not followed: a link out of the
 * directory cannot make the import read another file of the machine.
 */
export class DirectorySource implements FolderSource {
  constructor(private readonly root: string) {}

  async list(): Promise<FolderEntry[]> {
    const root = await realpath(this.root);
    const entries: FolderEntry[] = [];
    const pending = [root];
    for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
      for (const dirent of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, dirent.name);
        if (dirent.isDirectory() && !SKIPPED.has(dirent.name)) pending.push(full);
        if (!dirent.isFile()) continue;
        if (entries.length >= MAX_DIRECTORY_ENTRIES) throw new Invalid(`${this.root} has more than ${MAX_DIRECTORY_ENTRIES} files: is it a Git Sync folder?`);
        const path = relative(root, full).split(sep).join('/');
        const { size } = await lstat(full);
        entries.push({ path, size, open: async () => createReadStream(full) });
      }
    }
    return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/** Writes a folder into a directory (created if need be); a path leaving it is refused. */
export class DirectorySink implements FolderSink {
  constructor(private readonly root: string) {}

  async write(path: string, content: Buffer | NodeJS.ReadableStream): Promise<void> {
    if (!insideFolder(path)) throw new Invalid(`${JSON.stringify(path)} is not a path inside the folder`);
    const full = join(this.root, ...path.split('/'));
    await mkdir(dirname(full), { recursive: true });
    if (Buffer.isBuffer(content)) await writeFile(full, content);
    else await pipeline(content, createWriteStream(full));
  }
}
