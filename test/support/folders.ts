import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The Git Sync folder the tests import (test/fixtures/gitbook-space). */
export const GITBOOK_SPACE = join(__dirname, '..', 'fixtures', 'gitbook-space');

/** Every file of a directory, by its path in the folder (`/`-separated). */
export function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (statSync(full).isDirectory()) visit(full);
      else files.set(relative(dir, full).split(sep).join('/'), readFileSync(full));
    }
  };
  visit(dir);
  return files;
}
