// The reads every page view of a published site costs a renderer: GET /spaces/{s}/revisions/{r}?metadata=true
// (getRevisionById) and a page with its document (GET …/revisions/{r}/page/{p}?format=document), on a
// 5,000-page space that a public site shows. Timed one request at a time (p50, p95), warm and first after a
// restart (nothing kept), next to Node's bare http server sending the same bytes, and with READER_CACHE_MB=0
// (every answer rendered again: what reads cost before answers were kept). Target: p50 under 20 ms.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killAll, startChild } from './children';
import { json, LARGE_SPACE_PAGES, SeededSpace, seedSpace } from './content';
import { createOrganization, startFolio } from './folio';
import { ms, num, ratio, section, table } from './report';

const WARM_REQUESTS = 200;
const UNKEPT_REQUESTS = 20;

export const READER_READS_TARGET_MS = 20;

export interface Latency {
  /** The first request after a restart: nothing kept in memory. */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
}

export interface ReaderRead {
  name: string;
  bytes: number;
  folio: Latency;
  bare: Latency;
  /** Folio's p50 over the bare server's. */
  ratio: number;
  /** Folio with READER_CACHE_MB=0: every answer rendered again (its first request is not a cold one). */
  unkept: Latency;
}

export interface ReaderReadsFigures {
  pages: number;
  reads: ReaderRead[];
}

const log = (message: string) => process.stderr.write(`${message}\n`);

async function timedGet(url: string, token?: string): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(30_000) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const took = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url} → ${response.status}: ${bytes.toString().slice(0, 300)}`);
  return { ms: took, bytes };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The first request's time, then `count` more one after another: their p50 and p95. */
async function latency(url: string, count: number, token?: string): Promise<Latency & { bytes: Buffer }> {
  const first = await timedGet(url, token);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timedGet(url, token)).ms);
  times.sort((a, b) => a - b);
  return { firstMs: first.ms, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), bytes: first.bytes };
}

/** A space of LARGE_SPACE_PAGES pages, seeded through the API as the content bench seeds it (alone, without that bench's). */
async function seededSpace(tempDir: string): Promise<SeededSpace> {
  const dataDir = join(tempDir, 'reader-reads');
  const folio = await startFolio(dataDir);
  try {
    log(`Reader reads: seeding ${LARGE_SPACE_PAGES} pages through the API…`);
    const organizationId = await createOrganization(folio, 'Bench readers');
    const spaceId = (await json<{ id: string }>(folio, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Large' })).id;
    const ids = await seedSpace(folio, spaceId, LARGE_SPACE_PAGES);
    return { dataDir, organizationId, spaceId, pageId: ids[2_777] };
  } finally {
    await folio.stop();
  }
}

/** Shows the space on a published public site (its files then get the URLs a renderer keeps); answers its current revision. */
async function publish(seeded: SeededSpace): Promise<string> {
  const folio = await startFolio(seeded.dataDir, 120_000);
  try {
    const org = seeded.organizationId;
    const site = await json<{ id: string }>(folio, 'POST', `/v1/orgs/${org}/sites`, { title: 'Docs', visibility: 'public' });
    await folio.call('POST', `/v1/orgs/${org}/sites/${site.id}/sections`, { spaceId: seeded.spaceId });
    await folio.call('POST', `/v1/orgs/${org}/sites/${site.id}/publish`);
    return (await json<{ revision: string }>(folio, 'GET', `/v1/spaces/${seeded.spaceId}`)).revision;
  } finally {
    await folio.stop();
  }
}

/** `seeded`: the content bench's large space, its API stopped; without it, one is seeded here. */
export async function measureReaderReads(tempDir: string, seeded?: SeededSpace): Promise<ReaderReadsFigures> {
  const space = seeded ?? (await seededSpace(tempDir));
  const { dataDir, spaceId, pageId } = space;
  log('Reader reads: the large space on a public site');
  const revision = await publish(space);
  const paths = [
    { name: 'getRevisionById (metadata=true)', path: `/v1/spaces/${spaceId}/revisions/${revision}?metadata=true` },
    { name: 'page with its document (format=document)', path: `/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}?format=document` },
  ];

  // Restarted: the first request of each finds nothing kept.
  const folio = await startFolio(dataDir, 120_000);
  const measured: { name: string; folio: Latency & { bytes: Buffer } }[] = [];
  try {
    for (const { name, path } of paths) {
      log(`  ${name}: first and ${WARM_REQUESTS} warm requests`);
      measured.push({ name, folio: await latency(folio.url + path, WARM_REQUESTS, folio.token) });
    }
  } finally {
    await folio.stop();
  }

  const unkept: Latency[] = [];
  const plain = await startFolio(dataDir, 120_000, { READER_CACHE_MB: '0' });
  try {
    for (const { name, path } of paths) {
      log(`  ${name}, READER_CACHE_MB=0: ${UNKEPT_REQUESTS} requests`);
      unkept.push(await latency(plain.url + path, UNKEPT_REQUESTS, plain.token));
    }
  } finally {
    await plain.stop();
  }

  const reads: ReaderRead[] = [];
  for (const [i, { name, folio: figures }] of measured.entries()) {
    const bodyFile = join(tempDir, `reader-read-${i}.json`);
    writeFileSync(bodyFile, figures.bytes);
    const port = await freePort();
    const bare = await startChild('bare node http', join(__dirname, 'bare-bytes-server.js'), port, { ...process.env, PORT: String(port), BODY_FILE: bodyFile }, '/');
    try {
      log(`  ${name}: the same ${figures.bytes.byteLength} bytes from Node's bare http server`);
      const baseline = await latency(bare.url + '/', WARM_REQUESTS);
      const { bytes, ...folioLatency } = figures;
      const { bytes: _same, ...bareLatency } = baseline;
      reads.push({ name, bytes: bytes.byteLength, folio: folioLatency, bare: bareLatency, ratio: folioLatency.p50Ms / bareLatency.p50Ms, unkept: strip(unkept[i]) });
    } finally {
      await bare.stop();
    }
  }
  return { pages: LARGE_SPACE_PAGES, reads };
}

function strip(figures: Latency & { bytes?: Buffer }): Latency {
  return { firstMs: figures.firstMs, p50Ms: figures.p50Ms, p95Ms: figures.p95Ms };
}

export function readerReadsReport(figures: ReaderReadsFigures): string {
  return section(
    `Reader reads (a ${num(figures.pages)}-page space on a public site, one request at a time)`,
    table(
      ['read', 'KiB', 'first', 'p50', 'p95', 'bare p50', 'bare p95', 'p50 / bare', 'unkept p50'],
      figures.reads.map((r) => [
        r.name,
        num(r.bytes / 1024),
        ms(r.folio.firstMs),
        ms(r.folio.p50Ms),
        ms(r.folio.p95Ms),
        ms(r.bare.p50Ms),
        ms(r.bare.p95Ms),
        ratio(r.ratio),
        ms(r.unkept.p50Ms),
      ]),
    ) + `\n\ntarget: p50 under ${READER_READS_TARGET_MS} ms; "unkept": READER_CACHE_MB=0, every answer rendered again`,
  );
}

// Alone: `node dist/bench/reader-reads.js` (after a build), the report on stdout, then its JSON line.
if (require.main === module) {
  const tempDir = mkdtempSync(join(tmpdir(), 'folio-bench-readers-'));
  process.on('exit', () => {
    killAll();
    rmSync(tempDir, { recursive: true, force: true });
  });
  measureReaderReads(tempDir).then(
    (figures) => {
      process.stdout.write(`${readerReadsReport(figures)}\n${JSON.stringify(figures)}\n`);
      process.exit(0);
    },
    (error) => {
      log(`reader reads failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
