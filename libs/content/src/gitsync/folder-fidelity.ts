import { Caller } from '@folio/platform/auth/caller';
import { normalizeMarkdown } from '@folio/kernel/markdown/normalize';
import { readFolderContents } from './folder-contents';
import { FolderExport } from './folder-export';
import { FolderImport } from './folder-import';
import { FolderSource } from './folder.port';
import { MemoryFolder } from './memory-folder';
import { readEntry } from './read-entry';
import { MAX_MARKDOWN_BYTES } from '@folio/kernel/document/document-limits';

/** How well a Git Sync folder survives Folio: its pages (and includes) in, out and in again. */
export interface FolderFidelity {
  /** Markdown files measured: the pages SUMMARY.md lists and the includes. */
  pages: number;
  /** Written back equal to what was read, after normalization. */
  equal: number;
  /** `equal / pages`, 0 to 1. */
  share: number;
  /** Imported empty: refused for what they are (limits, hostile nesting), and why. */
  refused: { path: string; reason: string }[];
  /** Written differently on the second pass than on the first. */
  notFixpoint: string[];
  /** Not equal after normalization (the refused ones included). */
  changed: string[];
  keptVerbatim: number;
}

/**
 * The fidelity measure: imports the folder into the space (merged), exports main, compares each Markdown file
 * with what was written at its path (after normalization); then imports that export and exports again, and
 * compares the two exports byte for byte (a fixpoint from the second pass on). Through the real import and
 * export: what a user moving a space would get.
 */
export async function measureFolderFidelity(
  services: { importer: FolderImport; exporter: FolderExport },
  caller: Caller,
  spaceId: string,
  source: FolderSource,
  onProgress?: (done: number, total: number) => void,
): Promise<FolderFidelity> {
  const folder = await readFolderContents(source);
  const imported = await services.importer.run(caller, spaceId, source, { merge: true, keepRefused: true, onProgress });
  const first = new MemoryFolder();
  await services.exporter.run(caller, spaceId, first);
  await services.importer.run(caller, spaceId, first, { merge: true, keepRefused: true });
  const second = new MemoryFolder();
  await services.exporter.run(caller, spaceId, second);

  const paths = [...new Set([...folder.pages, ...folder.includes])].filter((path) => folder.entries.has(path));
  const prefix = folder.config.root === '' ? '' : `${folder.config.root}/`;
  const changed: string[] = [];
  const notFixpoint: string[] = [];
  for (const path of paths) {
    const input = (await readEntry(folder.entries.get(path)!, MAX_MARKDOWN_BYTES)).toString('utf8');
    // The export writes the folder at its root: a `root` of the input is not repeated.
    const written = first.text(path) ?? first.text(`${prefix}${path}`);
    if (written === undefined || normalizeMarkdown(written) !== normalizeMarkdown(input)) changed.push(path);
    if (written !== second.text(path)) notFixpoint.push(path);
  }
  const refused = imported.refused ?? [];
  const equal = paths.length - changed.length;
  return { pages: paths.length, equal, share: paths.length === 0 ? 1 : equal / paths.length, refused, notFixpoint, changed, keptVerbatim: imported.keptVerbatim };
}
