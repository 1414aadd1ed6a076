import { TocEntry } from '@folio/kernel/gitsync/summary';

/**
 * The table of contents of a folder without SUMMARY.md, as GitBook infers it: the readme first, then each
 * directory's Markdown files by name, a directory with a README.md being that page with the others under it
 * (one without: its pages go to the directory above). Titles are the files' names until the pages are read.
 */
export function inferToc(paths: readonly string[], readme: string): TocEntry[] {
  const sorted = [...paths].sort();
  const byDir = new Map<string, string[]>();
  for (const path of sorted) {
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    byDir.set(dir, [...(byDir.get(dir) ?? []), path]);
  }
  // A directory hangs under its nearest ancestor that holds Markdown (or the folder itself).
  const above = (dir: string) => {
    let up = parentDir(dir);
    while (up !== '' && !byDir.has(up)) up = parentDir(up);
    return up;
  };
  const subdirs = (dir: string) => [...byDir.keys()].filter((d) => d !== '' && d !== dir && above(d) === dir).sort();
  const entries = (dir: string): TocEntry[] => {
    const out: TocEntry[] = [];
    for (const path of byDir.get(dir) ?? []) {
      if (path === readme || /(^|\/)README\.md$/i.test(path)) continue;
      out.push(page(path, []));
    }
    for (const sub of subdirs(dir)) {
      const index = (byDir.get(sub) ?? []).find((path) => /(^|\/)README\.md$/i.test(path));
      if (index) out.push(page(index, entries(sub)));
      else out.push(...entries(sub));
    }
    return out;
  };
  const top = entries('');
  return sorted.includes(readme) ? [page(readme, []), ...top] : top;
}

/** The directory above `dir`. */
function parentDir(dir: string): string {
  return dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
}

function page(path: string, children: TocEntry[]): TocEntry {
  const name = path.replace(/(^|\/)README\.md$/i, '').split('/').pop()!.replace(/\.md$/i, '') || 'readme';
  return { kind: 'page', title: name, path, children };
}
