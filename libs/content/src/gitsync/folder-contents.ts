import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { MAX_MARKDOWN_BYTES } from '@folio/kernel/document/document-limits';
import { ASSETS_DIR, INCLUDES_DIR, isIncludeFile, isPageFile, VARS_FILE } from '@folio/kernel/gitsync/folder-layout';
import { insideFolder, resolveTarget, targetSpellings } from '@folio/kernel/gitsync/folder-paths';
import { CONFIG_FILE, DEFAULT_CONFIG, GitBookConfig, readGitBookConfig } from '@folio/kernel/gitsync/gitbook-config';
import { readSummary, TocEntry } from '@folio/kernel/gitsync/summary';
import { isContentFile } from './file-media-type';
import { FolderEntry, FolderSource } from './folder.port';
import { inferToc } from './inferred-toc';
import { readEntry } from './read-entry';

/** Pages a folder may list: more than the largest real spaces, few enough that one import is bounded. */
export const MAX_FOLDER_PAGES = 5_000;
/** Files (assets) a folder may hold. */
export const MAX_FOLDER_FILES = 5_000;
/** Reusable contents (`.gitbook/includes/*.md`) a folder may hold. */
export const MAX_FOLDER_INCLUDES = 1_000;
/** Bytes of all the files imported, together (streamed into the store one chunk at a time): the bound on one import's writes. */
export const MAX_FOLDER_FILE_BYTES = 512 * 1024 * 1024;

/** A folder as the import reads it: its layout, and its files by path (relative to `.gitbook.yaml`'s root). */
export interface FolderContents {
  config: GitBookConfig;
  toc: TocEntry[];
  /** Each page listed, in table-of-contents order (depth-first). */
  pages: string[];
  includes: string[];
  assets: string[];
  vars: string | undefined;
  entries: Map<string, FolderEntry>;
}

/**
 * Lists a folder and reads its layout files (`.gitbook.yaml`, SUMMARY.md, else the structure inferred from the
 * files), refusing, before any page is read, a folder past the limits. Markdown files the table of contents
 * does not list are not pages (GitBook ignores them too).
 */
export async function readFolderContents(source: FolderSource): Promise<FolderContents> {
  const listed = await source.list();
  const all = new Map<string, FolderEntry>();
  for (const entry of listed) {
    if (!insideFolder(entry.path)) throw new Invalid(`the folder's file ${JSON.stringify(entry.path)} is not a path inside it`);
    all.set(entry.path, entry);
  }
  const configEntry = all.get(CONFIG_FILE);
  const config = configEntry ? readGitBookConfig(await text(configEntry)) : { ...DEFAULT_CONFIG, redirects: new Map() };
  const entries = new Map<string, FolderEntry>();
  const prefix = config.root === '' ? '' : `${config.root}/`;
  for (const [path, entry] of all) if (path.startsWith(prefix)) entries.set(path.slice(prefix.length), entry);

  const summary = entries.get(config.summary);
  const resolve = (target: string) => targetSpellings(target).map((t) => resolveTarget(config.summary, t)).find((p) => p !== undefined && entries.has(p));
  const toc = summary ? readSummary(await text(summary), (target) => resolve(target) ?? resolveTarget(config.summary, target)) : inferToc([...entries.keys()].filter(isPageFile), config.readme);
  const pages = pagePathsOf(toc);
  if (pages.length > MAX_FOLDER_PAGES) throw new TooLarge(`the folder lists ${pages.length} pages; at most ${MAX_FOLDER_PAGES} are imported at once`);

  const includes = [...entries.keys()].filter(isIncludeFile).sort();
  if (includes.length > MAX_FOLDER_INCLUDES) throw new TooLarge(`the folder has ${includes.length} files in ${INCLUDES_DIR}; at most ${MAX_FOLDER_INCLUDES}`);
  const assets = [...entries.keys()].filter((path) => isAsset(path, config)).sort();
  if (assets.length > MAX_FOLDER_FILES) throw new TooLarge(`the folder has ${assets.length} files; at most ${MAX_FOLDER_FILES} are imported at once`);
  const bytes = assets.reduce((sum, path) => sum + entries.get(path)!.size, 0);
  if (bytes > MAX_FOLDER_FILE_BYTES) throw new TooLarge(`the folder's files hold ${bytes} bytes; at most ${MAX_FOLDER_FILE_BYTES} are imported at once`);
  const vars = entries.get(VARS_FILE);
  return { config, toc, pages, includes, assets, vars: vars && (await text(vars)), entries };
}

/** A Markdown file of the folder as text (at most the markdown limit). */
export async function text(entry: FolderEntry): Promise<string> {
  return (await readEntry(entry, MAX_MARKDOWN_BYTES)).toString('utf8');
}

/** Files the space keeps: everything in `.gitbook/assets/`, and files of a kind pages show elsewhere (not hidden ones). */
function isAsset(path: string, config: GitBookConfig): boolean {
  if (path.startsWith(`${ASSETS_DIR}/`)) return true;
  if (path === config.summary || path.toLowerCase().endsWith('.md') || path.split('/').some((segment) => segment.startsWith('.'))) return false;
  return isContentFile(path);
}

function pagePathsOf(toc: readonly TocEntry[]): string[] {
  const paths: string[] = [];
  const pending = [...toc].reverse();
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    if (entry.kind === 'page') paths.push(entry.path);
    pending.push(...[...entry.children].reverse());
  }
  return paths;
}
