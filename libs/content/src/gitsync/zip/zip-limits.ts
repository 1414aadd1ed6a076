import { FolioConfig } from '@folio/platform/config/config';

const MiB = 1024 * 1024;

/** What a zip may unpack to: judged on its central directory before anything is read, and held while reading. */
export interface ZipLimits {
  /** Entries (files and folders) a zip may list: real Git Sync repositories hold a few thousand. */
  maxEntries: number;
  /** Bytes one file may unpack to (FILE_MAX_MB). */
  maxFileBytes: number;
  /** Bytes every file together may unpack to. */
  maxTotalBytes: number;
  /** How many times its packed size a file over `ratioFloorBytes` may unpack to. */
  maxRatio: number;
  /** Files up to this size may compress as well as they do (a page of blank lines): no ratio is asked of them. */
  ratioFloorBytes: number;
}

/**
 * This deployment's limits. Unpacked, a folder may be 4 times the zip's limit (IMPORT_MAX_MB): Markdown packs 3–5
 * times, images and fonts not at all. Deflate packs at most ~1,030 to 1, text rarely past 20: 200 lets any real
 * file through and stops the bombs that rely on it.
 */
export function zipLimits(config: Pick<FolioConfig, 'importMaxMegabytes' | 'fileMaxMegabytes'>): ZipLimits {
  return {
    maxEntries: 50_000,
    maxFileBytes: config.fileMaxMegabytes * MiB,
    maxTotalBytes: 4 * config.importMaxMegabytes * MiB,
    maxRatio: 200,
    ratioFloorBytes: MiB,
  };
}
