// The heavy phases of issue 25's memory bar, run in the benched API process itself (the one the reads and
// commands measured), through its HTTP API: a 1,000-page Git Sync folder imported as a zip into a space and merged
// (POST /v1/spaces/{id}/import?merge=true), and the PDF of a 500-page space (GET /v1/spaces/{id}/pdf, its file
// downloaded to the end). The API's resident memory is sampled during each (peaks) and read after both; the bar
// is on what stays resident after the whole bench.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ZipFolderSink } from '@folio/content/gitsync/zip/zip-folder-sink';
import { json, seedSpace } from './content';
import { createOrganization, Folio } from './folio';
import { writeBenchFolder } from './gitsync-folder-pages';
import { residentMb } from './process-stats';

export const IMPORTED_PAGES = 1000;
export const PRINTED_PAGES = 500;
/** Often enough to see a peak of a phase lasting seconds, rarely enough to cost the API nothing. */
const SAMPLE_MS = 20;
/** An import or a PDF of this size on a loaded machine takes seconds; a hung one must not keep the bench alive. */
const PHASE_MS = 300_000;

export interface ApiMemoryFigures {
  importMs: number;
  /** Peak resident memory of the API while the import ran. */
  importPeakMb: number;
  afterImportMb: number;
  pdfMs: number;
  pdfBytes: number;
  pdfPeakMb: number;
  afterPdfMb: number;
}

/** Runs `phase` while sampling `pid`'s resident memory: its time and the peak. */
async function sampled<T>(pid: number, phase: () => Promise<T>): Promise<{ ms: number; peakMb: number; value: T }> {
  let peakMb = residentMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), SAMPLE_MS);
  const started = performance.now();
  try {
    const value = await phase();
    return { ms: performance.now() - started, peakMb: Math.max(peakMb, residentMb(pid)), value };
  } finally {
    clearInterval(sampler);
  }
}

/** The folder under `root` as a zip, written by the sink Folio's own export uses. */
async function zipOf(root: string): Promise<Buffer> {
  const sink = new ZipFolderSink();
  const parts: Buffer[] = [];
  const collected = (async () => {
    for await (const part of sink.output) parts.push(part as Buffer);
  })();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else await sink.write(relative(root, path).split('\\').join('/'), readFileSync(path));
    }
  };
  await walk(root);
  sink.end();
  await collected;
  return Buffer.concat(parts);
}

export async function measureApiMemory(folio: Folio, workDir: string): Promise<ApiMemoryFigures> {
  const pid = folio.process.pid!;
  const organization = await createOrganization(folio, 'Bench memory org');
  const space = async (title: string) => (await json<{ id: string }>(folio, 'POST', `/v1/orgs/${organization}/spaces`, { title })).id;

  const folder = join(workDir, 'import-folder');
  await writeBenchFolder(folder, IMPORTED_PAGES);
  const zip = await zipOf(folder);
  const imported = await space('Imported');
  const importRun = await sampled(pid, async () => {
    const response = await fetch(`${folio.url}/v1/spaces/${imported}/import?merge=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${folio.token}`, 'content-type': 'application/zip' },
      body: zip,
      signal: AbortSignal.timeout(PHASE_MS),
    });
    if (response.status !== 201) throw new Error(`the import of ${IMPORTED_PAGES} pages answered ${response.status}: ${await response.text()}`);
  });
  const afterImportMb = residentMb(pid);

  const printed = await space('Printed');
  await seedSpace(folio, printed, PRINTED_PAGES);
  const pdfRun = await sampled(pid, async () => {
    const { url } = await json<{ url: string }>(folio, 'GET', `/v1/spaces/${printed}/pdf`);
    const file = await fetch(url, { signal: AbortSignal.timeout(PHASE_MS) });
    if (!file.ok || !file.body) throw new Error(`the PDF of ${PRINTED_PAGES} pages answered ${file.status}`);
    let bytes = 0;
    for await (const chunk of file.body) bytes += (chunk as Uint8Array).byteLength;
    return bytes;
  });

  return {
    importMs: importRun.ms,
    importPeakMb: importRun.peakMb,
    afterImportMb,
    pdfMs: pdfRun.ms,
    pdfBytes: pdfRun.value,
    pdfPeakMb: pdfRun.peakMb,
    afterPdfMb: residentMb(pid),
  };
}
