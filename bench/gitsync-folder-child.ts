// One run of the Git Sync folder benchmark, in a process of its own (so its resident memory is the import's
// and export's alone): `node dist/bench/gitsync-folder-child.js <dir> <pages>` writes a folder of <pages> pages
// into <dir>/folder, imports it into a change request of a Folio of its own on <dir>/data, merges it, exports main
// into <dir>/out, and prints one JSON line of figures.
import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DirectorySink, DirectorySource } from '@folio/content/gitsync/directory-folder';
import { FolderExport } from '@folio/content/gitsync/folder-export';
import { FolderImport } from '@folio/content/gitsync/folder-import';
import { CommandBus } from '@nestjs/cqrs';
import { MergeChangeRequest } from '@folio/content/change-requests/merging/merge.commands';
import { embeddedFolio } from '../apps/cli/src/embedded-space';
import { writeBenchFolder } from './gitsync-folder-pages';

async function main() {
  const [dir, count] = [process.argv[2], Number(process.argv[3])];
  const folder = join(dir, 'folder');
  mkdirSync(folder, { recursive: true });
  await writeBenchFolder(folder, count);
  const folio = await embeddedFolio(join(dir, 'data'));
  try {
    const spaceId = await folio.newSpace('Bench');
    const rssBefore = process.memoryUsage().rss;
    let [rssPeak, heapPeak] = [rssBefore, 0];
    const sample = setInterval(() => {
      const { rss, heapUsed } = process.memoryUsage();
      [rssPeak, heapPeak] = [Math.max(rssPeak, rss), Math.max(heapPeak, heapUsed)];
    }, 50);
    // CPU time of every thread (the workers' too): what a page costs whatever else the machine runs.
    const cpuSeconds = (since: NodeJS.CpuUsage) => {
      const { user, system } = process.cpuUsage(since);
      return (user + system) / 1e6;
    };
    let cpu = process.cpuUsage();
    const importStart = process.hrtime.bigint();
    const imported = await folio.app.get(FolderImport).run(folio.caller, spaceId, new DirectorySource(folder), {});
    const importMs = Number(process.hrtime.bigint() - importStart) / 1e6;
    const [rssAfterImport, heapAfterImport, importCpuS] = [rssPeak, heapPeak, cpuSeconds(cpu)];
    // The merge is the API's own (its projections of a thousand new pages included): timed apart.
    const mergeStart = process.hrtime.bigint();
    await folio.app.get(CommandBus).execute(new MergeChangeRequest(folio.caller, spaceId, imported.changeRequest.id));
    const mergeMs = Number(process.hrtime.bigint() - mergeStart) / 1e6;
    cpu = process.cpuUsage();
    const exportStart = process.hrtime.bigint();
    const exported = await folio.app.get(FolderExport).run(folio.caller, spaceId, new DirectorySink(join(dir, 'out')));
    const exportMs = Number(process.hrtime.bigint() - exportStart) / 1e6;
    const exportCpuS = cpuSeconds(cpu);
    clearInterval(sample);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    process.stdout.write(
      `${JSON.stringify({
        pages: imported.pages,
        exportedPages: exported.pages,
        importMs,
        mergeMs,
        exportMs,
        rssBeforeMb: mb(rssBefore),
        importCpuS,
        exportCpuS,
        rssPeakImportMb: mb(rssAfterImport),
        rssPeakMb: mb(rssPeak),
        heapPeakImportMb: mb(heapAfterImport),
        heapPeakMb: mb(heapPeak),
      })}\n`,
    );
  } finally {
    await folio.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
