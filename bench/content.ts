// Content at scale: a space of 5,000 pages next to one of 10, written through the API the way clients
// write (change requests, batches of 50, merges). Figures: one page read at 10 vs 5,000 pages (autocannon,
// p50 ratio), search, a PDF, a 50-change batch, a merge of a request touching 100 pages against a main that
// moved, and the API's resident memory growth while that merge runs (sampled from /proc).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Folio, createOrganization, startFolio } from './folio';
import { LoadFigures, measure, READ_LOAD } from './load';
import { benchPageLinks, LinkFigures, measureLinks } from './content-links';
import { measurePdf, PdfFigures } from './content-pdf';
import { measureSearch, SearchFigures } from './content-search';

export const LARGE_SPACE_PAGES = 5_000;
const SMALL_SPACE_PAGES = 10;
const BATCH = 50;
const CONNECTIONS = 4;
const SECONDS = 4;

export interface ContentFigures {
  reads: { pages: number; figures: LoadFigures }[];
  /**
   * GET …/content/page/{pageId} of the 5,000-page space under the reads' load (READ_LOAD), with the API's CPU per
   * request: issue 25 states it as a multiple of the yardstick's GET.
   */
  pageRead: LoadFigures;
  /** p50 of a page read at 5,000 pages over the same at 10. */
  readRatio: number;
  /** A batch of 50 update_page changes on the 5,000-page space. */
  batchMs: number;
  /** Merging a request that touches 100 pages, main having moved since its base (a real three-way merge). */
  mergeMs: number;
  mergeResult: string;
  /** Peak resident memory during that merge over resident memory just before it. */
  mergeRssGrowthMb: number;
  seedSeconds: number;
  search: SearchFigures;
  pdf: PdfFigures;
  links: LinkFigures;
  /** Where the large space stays once this bench stopped its API (the reader reads bench reads it again). */
  largeSpace: SeededSpace;
}

/** A seeded space in a data directory whose API is stopped. */
export interface SeededSpace {
  dataDir: string;
  organizationId: string;
  spaceId: string;
  /** A page in the middle of the space. */
  pageId: string;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** A realistic page body: a heading, paragraphs, a list and a code block (~1 KB). */
function pageMarkdown(i: number, edit = ''): string {
  return [
    `## Overview ${i}`,
    `This page documents feature ${i}${edit}. It explains what the feature does, when to use it and how it interacts with the rest of the product.`,
    `- first point about ${i}\n- second point\n- third point`,
    '```ts\nconst client = new Client({ token });\nawait client.run(' + i + ');\n```',
    `See the reference for every option of feature ${i}. Options left out take their defaults.`,
  ].join('\n\n');
}

export async function json<T>(folio: Folio, method: string, path: string, body?: unknown): Promise<T> {
  return JSON.parse((await folio.call(method, path, body)).text) as T;
}

async function newChangeRequest(folio: Folio, spaceId: string, subject: string) {
  return json<{ id: string; number: number }>(folio, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject });
}

async function writeBatch(folio: Folio, spaceId: string, crId: string, changes: unknown[]) {
  return json<{ changes: { object: string; page: { id: string } }[] }>(
    folio,
    'POST',
    `/v1/spaces/${spaceId}/change-requests/${crId}/content?compat=false`,
    { changes },
  );
}

/** `pages` pages in sections of 50 (one root page, 49 children), merged into main; answers their ids. */
export async function seedSpace(folio: Folio, spaceId: string, pages: number): Promise<string[]> {
  const cr = await newChangeRequest(folio, spaceId, 'Seed');
  const ids: string[] = [];
  for (let start = 0; start < pages; start += BATCH) {
    const size = Math.min(BATCH, pages - start);
    const changes = Array.from({ length: size }, (_, k) =>
      k === 0
        ? { operation: 'insert_page', ref: 'section', title: `Section ${start / BATCH}`, document: { markdown: `${pageMarkdown(start)}\n\n${benchPageLinks(start, null)}` } }
        : {
            operation: 'insert_page',
            into: 'section',
            title: `Page ${start + k}`,
            document: { markdown: `${pageMarkdown(start + k)}\n\n${benchPageLinks(start + k, 'section')}` },
          },
    );
    const result = await writeBatch(folio, spaceId, cr.id, changes);
    ids.push(...result.changes.map((c) => c.page.id));
    if (start % 1000 === 0) log(`  seeded ${start + size} / ${pages} pages`);
  }
  await folio.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.number}/merge`);
  return ids;
}

function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await run();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

/** Updates to `ids` in batches of 50 on a new change request. */
async function editPages(folio: Folio, spaceId: string, ids: string[], label: string) {
  const cr = await newChangeRequest(folio, spaceId, label);
  for (let start = 0; start < ids.length; start += BATCH) {
    await writeBatch(
      folio,
      spaceId,
      cr.id,
      ids.slice(start, start + BATCH).map((page, k) => ({ operation: 'update_page', page, document: { markdown: pageMarkdown(start + k, ` (${label})`) } })),
    );
  }
  return cr;
}

export async function measureContent(tempDir: string): Promise<ContentFigures> {
  const dataDir = join(tempDir, 'content');
  const folio = await startFolio(dataDir);
  try {
    const org = await createOrganization(folio, 'Bench content org');
    const space = async (title: string) => (await json<{ id: string }>(folio, 'POST', `/v1/orgs/${org}/spaces`, { title })).id;
    const small = await space('Small');
    const large = await space('Large');

    log(`Content: seeding ${SMALL_SPACE_PAGES} and ${LARGE_SPACE_PAGES} pages through the API…`);
    const seeded = await timed(async () => ({ small: await seedSpace(folio, small, SMALL_SPACE_PAGES), large: await seedSpace(folio, large, LARGE_SPACE_PAGES) }));
    const { small: smallIds, large: largeIds } = seeded.value;

    const reads: ContentFigures['reads'] = [];
    for (const [pages, spaceId, id] of [[SMALL_SPACE_PAGES, small, smallIds[5]], [LARGE_SPACE_PAGES, large, largeIds[2_777]]] as const) {
      const url = `${folio.url}/v1/spaces/${spaceId}/content/page/${id}?format=document`;
      const { measured } = await measure(`page read at ${pages} pages`, { url, connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}` } }, SECONDS, 1);
      reads.push({ pages, figures: measured });
    }

    log(`Content: a page read of the ${LARGE_SPACE_PAGES}-page space at ${READ_LOAD.connections} connections (server CPU per request)`);
    const pageRead = (
      await measure(
        `page read at ${LARGE_SPACE_PAGES} pages`,
        { url: `${folio.url}/v1/spaces/${large}/content/page/${largeIds[2_777]}`, connections: READ_LOAD.connections, headers: { authorization: `Bearer ${folio.token}` } },
        READ_LOAD.seconds,
        READ_LOAD.warmupSeconds,
        folio.process.pid,
      )
    ).measured;

    log('Content: search on the large space');
    const search = await measureSearch(folio, large);
    log('Content: link statuses of the whole large space');
    const links = await measureLinks(folio, large);
    log('Content: PDF of a section (50 pages) of the large space');
    const pdf = await measurePdf(folio, large, largeIds[BATCH]);

    log('Content: a 50-change batch on the large space');
    const batchCr = await newChangeRequest(folio, large, 'Batch');
    const batch = await timed(() =>
      writeBatch(folio, large, batchCr.id, largeIds.slice(0, BATCH).map((page, k) => ({ operation: 'update_page', page, document: { markdown: pageMarkdown(k, ' (batch)') } }))),
    );

    log('Content: merging a request touching 100 pages after main moved');
    const mine = await editPages(folio, large, largeIds.slice(1_000, 1_100), 'mine');
    const theirs = await editPages(folio, large, largeIds.slice(2_000, 2_100), 'theirs');
    await folio.call('POST', `/v1/spaces/${large}/change-requests/${theirs.number}/merge`);
    const pid = folio.process.pid!;
    const before = residentMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 5);
    const merge = await timed(() => json<{ result: string }>(folio, 'POST', `/v1/spaces/${large}/change-requests/${mine.number}/merge`));
    clearInterval(sampler);
    peak = Math.max(peak, residentMb(pid));

    const [smallRead, largeRead] = reads;
    return {
      reads,
      pageRead,
      readRatio: largeRead.figures.p50Ms / smallRead.figures.p50Ms,
      batchMs: batch.ms,
      mergeMs: merge.ms,
      mergeResult: merge.value.result,
      mergeRssGrowthMb: peak - before,
      seedSeconds: seeded.ms / 1000,
      search,
      pdf,
      links,
      largeSpace: { dataDir, organizationId: org, spaceId: large, pageId: largeIds[2_777] },
    };
  } finally {
    await folio.stop();
  }
}
