// How long a GET of a small page waits while one hostile request is in the server (issue 18's bar: never
// more than 100 ms). Runs the built API as a child process in embedded mode; for each hostile input of
// bench/hostile-payloads.ts (and a PDF and reads of a 4,000-row table), sends it once and GETs the
// small page one request after another until it answers, then reports the GETs' latency and its answer.
// Part of `npm run bench` (its own section and check); alone: `node scripts/build-if-needed.js && node dist/bench/heavy-input.js`.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, Folio, startFolio } from './folio';
import { HOSTILE_PAGES, markdownPage, markdownTable } from './hostile-payloads';
import { runAlone } from './alone';
import { ms, table } from './report';

/** Issue 18's bar: no GET waits longer than this behind a heavy request. */
export const HEAVY_INPUT_BAR_MS = 100;

export interface HeavyInputFigures {
  input: string;
  status: number;
  heavyMs: number;
  gets: number;
  p50: number;
  p99: number;
  max: number;
}

async function raw(folio: Folio, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(folio.url + path, {
    method,
    headers: { authorization: `Bearer ${folio.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Sends `heavy` and GETs `readPath` one after another until it answers. */
async function alongside(folio: Folio, input: string, readPath: string, heavy: () => Promise<{ status: number }>): Promise<HeavyInputFigures> {
  const latencies: number[] = [];
  let answered = false;
  const started = performance.now();
  const pending = heavy().finally(() => (answered = true));
  while (!answered) {
    const t = performance.now();
    const read = await raw(folio, 'GET', readPath);
    if (read.status !== 200) throw new Error(`GET ${readPath} → ${read.status} during ${input}`);
    latencies.push(performance.now() - t);
  }
  const { status } = await pending;
  const heavyMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { input, status, heavyMs, gets: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1] ?? 0 };
}

/** Each hostile input in turn, against one API started on a fresh `DATA_DIR` under `parentDir`. */
export async function measureHeavyInput(parentDir: string): Promise<HeavyInputFigures[]> {
  const dataDir = mkdtempSync(join(parentDir, 'folio-heavy-bench-'));
  try {
    const folio = await startFolio(dataDir);
    const org = await createOrganization(folio, 'Heavy');
    const space = JSON.parse((await folio.call('POST', `/v1/orgs/${org}/spaces`, { title: 'Heavy' })).text) as { id: string };
    const cr = JSON.parse((await folio.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Heavy' })).text) as { id: string };
    const content = `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`;
    const small = JSON.parse((await folio.call('POST', content, { changes: [markdownPage('A small page.', 'Small')] })).text) as { changes: { page: { id: string } }[] };
    const readPath = `/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${small.changes[0].page.id}`;

    const figures: HeavyInputFigures[] = [];
    for (const { name, changes } of HOSTILE_PAGES) figures.push(await alongside(folio, name, readPath, () => raw(folio, 'POST', content, { changes })));
    const tablePage = JSON.parse((await folio.call('POST', content, { changes: [markdownPage(markdownTable(4_000), 'Table')] })).text) as { changes: { page: { id: string } }[] };
    const tablePath = `/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${tablePage.changes[0].page.id}`;
    figures.push(await alongside(folio, '4,000-row table read as markdown', readPath, () => raw(folio, 'GET', `${tablePath}?format=markdown`)));
    figures.push(await alongside(folio, '4,000-row table read as its document', readPath, () => raw(folio, 'GET', tablePath)));
    figures.push(await alongside(folio, 'PDF of the request (tables included)', readPath, () => raw(folio, 'GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`)));
    await folio.stop();
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The worst GET over every input. */
export const worstGet = (figures: HeavyInputFigures[]) => Math.max(...figures.map((f) => f.max));

export function heavyInputReport(figures: HeavyInputFigures[]): string {
  return (
    table(
      ['input', 'answer', 'heavy request', 'GETs meanwhile', 'GET p50', 'GET p99', 'GET max'],
      figures.map((f) => [f.input, String(f.status), ms(f.heavyMs), String(f.gets), ms(f.p50), ms(f.p99), ms(f.max)]),
    ) + `\n\nWorst GET while a hostile request was in the server: ${ms(worstGet(figures))} (bar: ${HEAVY_INPUT_BAR_MS} ms)`
  );
}

// Alone: `node dist/bench/heavy-input.js` after a build.
if (require.main === module) runAlone('heavy-input', measureHeavyInput, heavyInputReport);
