import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { GitUnavailable } from './git-remote';

/**
 * The regular files under `dir`, as paths relative to it with `/` (sorted). Symbolic links and anything
 * else that is not a regular file are left out: a commit Folio makes holds only the files its folder layout
 * wrote, never a link that would point outside it. A name git's input lines cannot carry is refused.
 */
export async function regularFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (relative: string) => {
    for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (/[\n\r]/.test(entry.name)) throw new GitUnavailable(`${JSON.stringify(path)}: a file name with a line break cannot be committed`, 'failed');
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  await walk('');
  return files.sort();
}
