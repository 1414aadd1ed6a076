// `npm run fidelity -- <folder>`: how well a Git Sync folder survives Folio. Imports it (the real import, merged)
// into a Folio of its own on a temp data directory, exports it, and prints the share of pages written back equal
// after normalization, the pages refused and those not a fixpoint: a report on stdout, then one JSON line.
import 'reflect-metadata';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectorySource } from '@folio/content/gitsync/directory-folder';
import { FolderExport } from '@folio/content/gitsync/folder-export';
import { FolderFidelity, measureFolderFidelity } from '@folio/content/gitsync/folder-fidelity';
import { FolderImport } from '@folio/content/gitsync/folder-import';
import { embeddedFolio } from '../embedded-space';

function report(folder: string, f: FolderFidelity): string {
  const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
  const list = (title: string, items: string[]) => (items.length === 0 ? [] : [`${title}:`, ...items.map((item) => `  ${item}`)]);
  return [
    `Fidelity of ${folder}`,
    `  pages measured              ${f.pages} (the pages SUMMARY.md lists, and the includes)`,
    `  equal after normalization   ${f.equal} (${percent(f.share)})`,
    `  refused                     ${f.refused.length}`,
    `  not a fixpoint              ${f.notFixpoint.length}`,
    `  blocks kept verbatim        ${f.keptVerbatim}`,
    ...list('refused', f.refused.map((r) => `${r.path}: ${r.reason}`)),
    ...list('changed', f.changed),
    ...list('not a fixpoint', f.notFixpoint),
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const folder = process.argv[2];
  if (!folder || !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write('usage: npm run fidelity -- <folder>   (a Git Sync folder: SUMMARY.md, pages, .gitbook/)\n');
    return 2;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-fidelity-'));
  try {
    const folio = await embeddedFolio(dataDir);
    try {
      const services = { importer: folio.app.get(FolderImport), exporter: folio.app.get(FolderExport) };
      const fidelity = await measureFolderFidelity(services, folio.caller, await folio.newSpace('Fidelity'), new DirectorySource(folder), (done, total) =>
        process.stderr.write(`\rimporting ${done}/${total} pages`),
      );
      process.stderr.write('\n');
      process.stdout.write(report(folder, fidelity));
      process.stdout.write(`${JSON.stringify(fidelity)}\n`);
      return 0;
    } finally {
      await folio.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
