import { slugFromTitle } from '../tree/slugs';
import { FileEntry, PageNode } from '../tree/tree.model';
import { dirname, insideFolder, joinPath } from './folder-paths';

/**
 * Where a space's content goes in a Git Sync folder, GitBook's way: a page with subpages is `slug/README.md`
 * and its subpages sit beside it, a page without is `slug.md`, a group is a directory named by its slug, the
 * first page is `README.md`, files are `.gitbook/assets/<name>`, reusable contents `.gitbook/includes/<slug>.md`.
 * A page, file or reusable content that came from a folder keeps the path it had there (`git.path`), so
 * exporting what was imported writes the same files.
 */

export const ASSETS_DIR = '.gitbook/assets';
export const INCLUDES_DIR = '.gitbook/includes';
export const VARS_FILE = '.gitbook/vars.yaml';

export type LayoutPage = Pick<PageNode, 'id' | 'type' | 'parent' | 'slug' | 'children' | 'git'>;

/** Paths taken so far, compared as a case-insensitive file system would. */
class TakenPaths {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[]) {
    for (const path of reserved) this.taken.add(path.toLowerCase());
  }

  /** Takes `path` if free; false otherwise. */
  take(path: string): boolean {
    const key = path.toLowerCase();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }

  /** Takes the first free of `make(0)`, `make(1)`…. */
  first(make: (n: number) => string): string {
    for (let n = 0; ; n++) if (this.take(make(n))) return make(n);
  }
}

/**
 * Each document page's file (page id -> folder path), for pages listed depth-first in tree order.
 * `reserved`: paths pages may not take (the summary, `.gitbook.yaml`).
 */
export function pagePaths(pages: readonly LayoutPage[], reserved: readonly string[]): Map<string, string> {
  const taken = new TakenPaths(reserved);
  const paths = new Map<string, string>();
  // Kept paths first: a page laid out anew never takes the file another page came from.
  for (const page of pages) {
    const kept = page.git?.path;
    if (page.type === 'document' && kept !== undefined && isPageFile(kept) && taken.take(kept)) paths.set(page.id, kept);
  }
  const byId = new Map(pages.map((page) => [page.id, page]));
  const childDirs = new Map<string, string>();
  const dirOf = (parent: string | null): string => (parent === null ? '' : (childDirs.get(parent) ?? ''));
  let first = true;
  for (const page of pages) {
    const dir = dirOf(page.parent);
    if (page.type === 'group') childDirs.set(page.id, joinPath(dir, page.slug));
    if (page.type !== 'document') continue;
    const isFirst = first;
    first = false;
    let path = paths.get(page.id);
    if (path === undefined) {
      const nested = page.children.some((child) => byId.get(child) !== undefined);
      const name = (n: number) => `${page.slug}${n === 0 ? '' : `-${n + 1}`}`;
      path = isFirst && page.parent === null && taken.take('README.md') ? 'README.md' : taken.first((n) => joinPath(dir, nested ? `${name(n)}/README.md` : `${name(n)}.md`));
      paths.set(page.id, path);
    }
    childDirs.set(page.id, /(^|\/)README\.md$/i.test(path) ? dirname(path) : path.replace(/\.md$/i, ''));
  }
  return paths;
}

/** Each file's path (file id -> folder path): kept, else `.gitbook/assets/<name>`, `<stem> (1)<ext>` on a clash. */
export function filePaths(files: readonly Pick<FileEntry, 'id' | 'name' | 'git'>[], reserved: ReadonlySet<string>): Map<string, string> {
  const taken = new TakenPaths([...reserved]);
  const paths = new Map<string, string>();
  for (const file of files) {
    const kept = file.git?.path;
    if (kept !== undefined && insideFolder(kept) && !kept.toLowerCase().endsWith('.md') && taken.take(kept)) paths.set(file.id, kept);
  }
  for (const file of files) {
    if (paths.has(file.id)) continue;
    const name = safeName(file.name);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    paths.set(file.id, taken.first((n) => `${ASSETS_DIR}/${n === 0 ? name : `${stem} (${n})${ext}`}`));
  }
  return paths;
}

/** Each reusable content's file (id -> path): kept, else `.gitbook/includes/<slug of its title>.md`. */
export function includePaths(contents: readonly { id: string; title: string; git?: { path: string } }[]): Map<string, string> {
  const taken = new TakenPaths([]);
  const paths = new Map<string, string>();
  for (const content of contents) {
    const kept = content.git?.path;
    if (kept !== undefined && isIncludeFile(kept) && taken.take(kept)) paths.set(content.id, kept);
  }
  for (const content of contents) {
    if (paths.has(content.id)) continue;
    const slug = slugFromTitle(content.title);
    paths.set(content.id, taken.first((n) => `${INCLUDES_DIR}/${slug}${n === 0 ? '' : `-${n + 1}`}.md`));
  }
  return paths;
}

/** A page's file: Markdown, inside the folder, not in `.gitbook/`. */
export function isPageFile(path: string): boolean {
  return insideFolder(path) && path.toLowerCase().endsWith('.md') && !path.startsWith('.gitbook/');
}

export function isIncludeFile(path: string): boolean {
  return insideFolder(path) && path.startsWith(`${INCLUDES_DIR}/`) && path.toLowerCase().endsWith('.md');
}

/** A file name as one path segment (a name with `/` or a leading dot would leave `.gitbook/assets/`). */
function safeName(name: string): string {
  const safe = name.replace(/[/\\\0]/g, '_').replace(/^\.+/, '');
  return safe === '' ? 'file' : safe;
}
