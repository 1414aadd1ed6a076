import { Caller } from '@folio/platform/auth/caller';
import { FolderCommit } from './folder-commit';

/**
 * A Git Sync folder as import and export see it, whatever holds it: a directory (the CLI), a zip streamed
 * over HTTP (fix/import-zip). Paths are relative to the folder's root, `/`-separated, never `..` nor absolute:
 * a source answers only such paths, and a sink refuses any other.
 */

/** One file of a folder. `open()` may be called more than once; each call reads the file from its start. */
export interface FolderEntry {
  path: string;
  /** Bytes, as the source knows them before reading (a zip's declared size is checked again while reading). */
  size: number;
  open(): Promise<NodeJS.ReadableStream>;
}

export interface FolderSource {
  /** Every file of the folder (directories are implied by the paths). */
  list(): Promise<FolderEntry[]>;
}

export interface FolderSink {
  /** Writes one file, creating its directories; called once per path. */
  write(path: string, content: Buffer | NodeJS.ReadableStream): Promise<void>;
}

/** What a folder held, or what an export wrote. */
export interface FolderCounts {
  pages: number;
  files: number;
  reusableContents: number;
  /** Blocks the dialect kept verbatim (unknown tags and HTML it shows as text): content Folio does not model. */
  keptVerbatim: number;
}

export interface ImportSummary extends FolderCounts {
  changeRequest: { id: string; number: number; url: string };
  /** Pages of the change request's head the import deleted (absent from the folder). */
  pagesDeleted: number;
  /** With `keepRefused`: the pages imported empty, and why each was refused. */
  refused?: { path: string; reason: string }[];
  /** With `merge`: main's new revision. */
  merged?: { revision: string };
}

export interface ExportSummary extends FolderCounts {
  /** The revision written. */
  revision: string;
}

export interface ImportOptions {
  /** Merge the change request into main once the folder is in it. */
  merge?: boolean;
  /** Import into this change request (its head becomes the folder) instead of a new one. */
  changeRequestId?: string;
  /** Pages parsed so far out of the folder's pages. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A page refused for what it is (past a limit, hostile nesting) is imported empty and listed in the summary,
   * instead of refusing the import (the fidelity measure counts them).
   */
  keepRefused?: boolean;
  /** The Git commit the folder holds: named on the revision the import appends (checked: a bad one is a 400). */
  commit?: FolderCommit;
  /**
   * Files Git saw moved since the content the change request holds (paths in the folder, new → old): a page or
   * file whose path moved keeps its id, as one whose path stayed does. Git Sync's pulls give each commit's.
   */
  renamed?: ReadonlyMap<string, string>;
}

export interface ExportOptions {
  /** A revision of the space; main's when left out. */
  revision?: string;
  onProgress?: (done: number, total: number) => void;
}

/** Reads a Git Sync folder into a change request of a space (see folder-import.ts). */
export interface FolderImportService {
  run(caller: Caller, spaceId: string, source: FolderSource, opts: ImportOptions): Promise<ImportSummary>;
}

/** Writes a space's content (main or a revision) as a Git Sync folder (see folder-export.ts). */
export interface FolderExportService {
  run(caller: Caller, spaceId: string, sink: FolderSink, opts?: ExportOptions): Promise<ExportSummary>;
}
