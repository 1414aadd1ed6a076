// A space in and out as a Git Sync folder: a folder of 250 and of 1,000 pages (written by the bench) imported into
// a change request, merged, and exported, each in a process of its own (bench/gitsync-folder-child.ts) so that its
// resident memory is the folder's alone. Pages per second both ways, CPU per page (every thread's: what the
// machine's other load does not change), and peak resident memory at 250 and 1,000 pages (flatness).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ms, num, ratio, table } from './report';

export const GIT_SYNC_TARGET = { pagesPerSecond: 200, memoryRatio: 1.5 };
const SIZES = [250, 1000];
/** A generous bound on one child: a hung import must not keep the bench alive. */
const CHILD_TIMEOUT_MS = 300_000;

export interface GitSyncRun {
  pages: number;
  importMs: number;
  mergeMs: number;
  exportMs: number;
  importCpuS: number;
  exportCpuS: number;
  rssBeforeMb: number;
  rssPeakImportMb: number;
  rssPeakMb: number;
  heapPeakMb: number;
}

export interface GitSyncFigures {
  runs: GitSyncRun[];
  importPagesPerSecond: number;
  exportPagesPerSecond: number;
  /** Peak resident memory at 1,000 pages over that at 250. */
  memoryRatio: number;
}

export function measureGitSyncFolders(parentDir: string): GitSyncFigures {
  const runs = SIZES.map((pages) => {
    const dir = mkdtempSync(join(parentDir, `gitsync-${pages}-`));
    try {
      const out = execFileSync(process.execPath, [join(__dirname, 'gitsync-folder-child.js'), dir, String(pages)], { encoding: 'utf8', timeout: CHILD_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'inherit'] });
      return JSON.parse(out.trim().split('\n').pop()!) as GitSyncRun;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const large = runs[runs.length - 1];
  return {
    runs,
    importPagesPerSecond: large.pages / (large.importMs / 1000),
    exportPagesPerSecond: large.pages / (large.exportMs / 1000),
    memoryRatio: large.rssPeakMb / runs[0].rssPeakMb,
  };
}

export function gitSyncChecks(f: GitSyncFigures) {
  return [
    { name: `Git Sync folder import ≥ ${GIT_SYNC_TARGET.pagesPerSecond} pages/s`, ok: f.importPagesPerSecond >= GIT_SYNC_TARGET.pagesPerSecond, detail: `${num(f.importPagesPerSecond)} pages/s` },
    { name: `Git Sync folder export ≥ ${GIT_SYNC_TARGET.pagesPerSecond} pages/s`, ok: f.exportPagesPerSecond >= GIT_SYNC_TARGET.pagesPerSecond, detail: `${num(f.exportPagesPerSecond)} pages/s` },
    { name: `Git Sync folder memory 1,000 / 250 pages ≤ ${GIT_SYNC_TARGET.memoryRatio}`, ok: f.memoryRatio <= GIT_SYNC_TARGET.memoryRatio, detail: ratio(f.memoryRatio) },
  ];
}

export function gitSyncReport(f: GitSyncFigures): string {
  return (
    table(
      ['pages', 'import', 'pages/s', 'CPU/page', 'merge', 'export', 'pages/s', 'CPU/page', 'RSS before', 'RSS peak (import)', 'RSS peak', 'heap peak'],
      f.runs.map((r) => [
        num(r.pages),
        ms(r.importMs),
        num(r.pages / (r.importMs / 1000)),
        ms((r.importCpuS * 1000) / r.pages),
        ms(r.mergeMs),
        ms(r.exportMs),
        num(r.pages / (r.exportMs / 1000)),
        ms((r.exportCpuS * 1000) / r.pages),
        `${num(r.rssBeforeMb, 1)} MB`,
        `${num(r.rssPeakImportMb, 1)} MB`,
        `${num(r.rssPeakMb, 1)} MB`,
        `${num(r.heapPeakMb, 1)} MB`,
      ]),
    ) +
    `\n\nImport: the folder read (pages parsed in the worker threads) into a change request, one revision; merge: the API's merge of it (apart).` +
    `\nCPU/page counts every thread's time: pages/s on a loaded machine falls with the load, CPU/page does not.` +
    `\nTarget: ≥ ${GIT_SYNC_TARGET.pagesPerSecond} pages/s both ways at 1,000 pages; peak resident memory at 1,000 pages ≤ ${GIT_SYNC_TARGET.memoryRatio}× that at 250 (measured ${ratio(f.memoryRatio)}).`
  );
}
