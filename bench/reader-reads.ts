// The reads every page view of a published site costs a renderer: GET /spaces/{s}/revisions/{r}?metadata=true
// (getRevisionById), the page's bare document (GET …/revisions/{r}/page/{p}/document:
// getPageDocumentInRevisionById) and a page with its document (GET …/revisions/{r}/page/{p}?format=document), on a
// 5,000-page space that a public site shows. Timed one request at a time (p50, p95), warm and first after a
// restart (nothing kept), next to Node's bare http server sending the same bytes, and with READER_CACHE_MB=0
// (every answer rendered again: what reads cost before answers were kept). Target: p50 under 20 ms.
import { writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { freePort, startChild } from './children';
import { json, LARGE_SPACE_PAGES, SeededSpace, seedSpace } from './content';
import { createOrganization, startFolio } from './folio';
import { runAlone } from './alone';
import { ms, num, ratio, section, table } from './report';

const WARM_REQUESTS = 200;
const UNKEPT_REQUESTS = 20;
/** How long a kept answer may take to be gzipped (zlib's thread pool: 18 MB on a busy machine). */
const GZIP_WITHIN_MS = 15_000;

export const READER_READS_TARGET_MS = 20;

export interface Latency {
  p50Ms: number;
  p95Ms: number;
}

export interface ReaderRead {
  name: string;
  /** The answer's JSON bytes, and as Folio sends it gzipped. */
  bytes: number;
  gzippedBytes: number;
  /** The first request after a restart (nothing kept), its JSON sent as it is. */
  firstMs: number;
  /** Warm, the client accepting gzip (as renderers do): the kept gzipped copy. */
  folio: Latency;
  /** Node's bare http server sending those gzipped bytes. */
  bare: Latency;
  /** Folio's p50 over the bare server's (gzip). */
  ratio: number;
  /** Warm, identity: the JSON as it is, from Folio and from the bare server. */
  folioIdentity: Latency;
  bareIdentity: Latency;
  /** Folio with READER_CACHE_MB=0: every answer rendered again (identity). */
  unkept: Latency;
}

export interface ReaderReadsFigures {
  pages: number;
  reads: ReaderRead[];
}

const log = (message: string) => process.stderr.write(`${message}\n`);

interface Fetched {
  ms: number;
  /** The body as sent on the wire (not decompressed: what it costs to send is what is timed). */
  bytes: Buffer;
  encoding: string | undefined;
}

/** One GET, timed until its last byte, the body kept as sent. */
function timedGet(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (response.statusCode !== 200) reject(new Error(`GET ${url} → ${response.statusCode}: ${bytes.toString().slice(0, 300)}`));
        else resolve({ ms: performance.now() - started, bytes, encoding: response.headers['content-encoding'] });
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `count` requests one after another: their p50 and p95, and the last answer. */
async function latency(url: string, count: number, headers: Record<string, string>): Promise<Latency & { last: Fetched }> {
  const times: number[] = [];
  let last: Fetched | undefined;
  for (let i = 0; i < count; i++) {
    last = await timedGet(url, headers);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), last: last! };
}

/** Asks until Folio answers gzipped: it compresses a kept answer in the background. */
async function untilGzipped(url: string, headers: Record<string, string>): Promise<void> {
  for (const deadline = Date.now() + GZIP_WITHIN_MS; (await timedGet(url, headers)).encoding !== 'gzip'; ) {
    if (Date.now() > deadline) throw new Error(`${url} still not gzipped after ${GZIP_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Node's bare http server sending `bytes` (with `encoding`), timed like Folio. */
async function bareLatency(tempDir: string, label: string, bytes: Buffer, encoding: string | undefined): Promise<Latency> {
  const bodyFile = join(tempDir, `reader-read-${label}`);
  writeFileSync(bodyFile, bytes);
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), BODY_FILE: bodyFile, ...(encoding ? { CONTENT_ENCODING: encoding } : {}) };
  const bare = await startChild('bare node http', join(__dirname, 'bare-bytes-server.js'), port, env, '/');
  try {
    const { p50Ms, p95Ms } = await latency(bare.url + '/', WARM_REQUESTS, {});
    return { p50Ms, p95Ms };
  } finally {
    await bare.stop();
  }
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
    { name: 'getPageDocumentInRevisionById', path: `/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}/document` },
    { name: 'page with its document (format=document)', path: `/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}?format=document` },
  ];

  // Restarted: the first request of each finds nothing kept.
  const folio = await startFolio(dataDir, 120_000);
  const auth = { authorization: `Bearer ${folio.token}` };
  const gzipAccepted = { ...auth, 'accept-encoding': 'gzip' };
  const warm: { first: Fetched; gzip: Latency & { last: Fetched }; identity: Latency & { last: Fetched } }[] = [];
  try {
    for (const { name, path } of paths) {
      log(`  ${name}: first, then ${WARM_REQUESTS} warm requests gzipped and ${WARM_REQUESTS} not`);
      const first = await timedGet(folio.url + path, gzipAccepted);
      await untilGzipped(folio.url + path, gzipAccepted);
      warm.push({ first, gzip: await latency(folio.url + path, WARM_REQUESTS, gzipAccepted), identity: await latency(folio.url + path, WARM_REQUESTS, auth) });
    }
  } finally {
    await folio.stop();
  }

  const unkept: Latency[] = [];
  const plain = await startFolio(dataDir, 120_000, { READER_CACHE_MB: '0' });
  try {
    for (const { name, path } of paths) {
      log(`  ${name}, READER_CACHE_MB=0: ${UNKEPT_REQUESTS} requests`);
      const { p50Ms, p95Ms } = await latency(plain.url + path, UNKEPT_REQUESTS, { authorization: `Bearer ${plain.token}` });
      unkept.push({ p50Ms, p95Ms });
    }
  } finally {
    await plain.stop();
  }

  const reads: ReaderRead[] = [];
  for (const [i, { name }] of paths.entries()) {
    const { first, gzip, identity } = warm[i];
    log(`  ${name}: the same bytes from Node's bare http server`);
    const bare = await bareLatency(tempDir, `${i}.json.gz`, gzip.last.bytes, 'gzip');
    const bareIdentity = await bareLatency(tempDir, `${i}.json`, identity.last.bytes, undefined);
    reads.push({
      name,
      bytes: identity.last.bytes.byteLength,
      gzippedBytes: gzip.last.bytes.byteLength,
      firstMs: first.ms,
      folio: { p50Ms: gzip.p50Ms, p95Ms: gzip.p95Ms },
      bare,
      ratio: gzip.p50Ms / bare.p50Ms,
      folioIdentity: { p50Ms: identity.p50Ms, p95Ms: identity.p95Ms },
      bareIdentity,
      unkept: unkept[i],
    });
  }
  return { pages: LARGE_SPACE_PAGES, reads };
}

export function readerReadsReport(figures: ReaderReadsFigures): string {
  const pair = (l: Latency) => `${ms(l.p50Ms)} / ${ms(l.p95Ms)}`;
  return section(
    `Reader reads (a ${num(figures.pages)}-page space on a public site, one request at a time, p50 / p95)`,
    table(
      ['read', 'KiB (gzip)', 'first', 'gzip', 'bare gzip', 'Folio / bare', 'identity', 'bare identity', 'unkept'],
      figures.reads.map((r) => [
        r.name,
        `${num(r.bytes / 1024)} (${num(r.gzippedBytes / 1024)})`,
        ms(r.firstMs),
        pair(r.folio),
        pair(r.bare),
        ratio(r.ratio),
        pair(r.folioIdentity),
        pair(r.bareIdentity),
        pair(r.unkept),
      ]),
    ) +
      `\n\ntarget: p50 under ${READER_READS_TARGET_MS} ms (gzip, as renderers ask). "first": the first request after a restart, nothing kept;` +
      ` "identity": no Accept-Encoding; "unkept": READER_CACHE_MB=0, every answer rendered again; bare: Node's http server sending the same bytes`,
  );
}

// Alone: `node dist/bench/reader-reads.js` after a build.
if (require.main === module) runAlone('reader-reads', measureReaderReads, readerReadsReport);
