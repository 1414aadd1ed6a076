// 10,000 support conversations, generated here from a small vocabulary of documentation problems, ingested
// through the API (`POST /v1/orgs/{id}/conversations`, 100 a request) and processed by the extraction
// process (issues extracted, hashed, sealed, placed in clusters, projected). Measured per 1,000: the time
// to ingest them and until the last of them reads processed (`processedAt`: extraction is in log order, so
// all before it are too). Reported: ingest and end-to-end throughput, and the cost of the last 1,000 against
// the first (time per conversation, processing included): placing an issue costs its terms' postings, not
// the number of clusters or issues, so the ratio stays under 2.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOrganization, Folio, startFolio } from './folio';
import { runAlone } from './alone';
import { ms, num, ratio } from './report';

export const INSIGHTS_CONVERSATIONS = 10_000;
const BATCH = 100;
const CHUNK = 1_000;
export const INSIGHTS_RATIO_TARGET = 2;
/** How often the bench asks whether the chunk is processed: small beside a chunk's seconds. */
const POLL_MS = 20;
/** A chunk not processed within this is a failure, not a figure. */
const CHUNK_WITHIN_MS = 600_000;

export interface InsightsIngestFigures {
  conversations: number;
  /** Per chunk of 1,000: ms spent in the ingest requests, and ms until the chunk read processed. */
  chunks: { ingestMs: number; totalMs: number }[];
  issues: number;
  clusters: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** The vocabulary: problems with a product's features, asked in a few ways, with details that vary. */
const FEATURES = ['password reset', 'SSO login', 'API token', 'webhook delivery', 'billing invoice', 'custom domain', 'search index', 'PDF export', 'Git sync', 'team invite', 'page history', 'site redirect', 'dark mode', 'email notification', 'file upload', 'OpenAPI block', 'change request', 'merge conflict', 'audit log', 'role permission'];
const PROBLEMS = ['fails with an error', 'is broken since yesterday', 'keeps timing out', 'shows a blank page', 'is missing from the settings', 'returns a 500 error', 'does not work on mobile'];
const ASKS = ['How do I configure the', 'I cannot use the', 'Why does the', 'Where is the documentation for the', 'We are stuck with the'];
const DETAILS = ['for our staging workspace', 'after the last update', 'for every new user', 'on Safari and Chrome', 'in the EU region', 'when we use the API', 'for the enterprise plan'];
const SOURCES = ['zendesk', 'intercom', 'front', 'slack'];

/** Conversation `n`: deterministic, its createdAt a minute after the previous one (the last ingested is the newest). */
export function benchConversation(n: number) {
  const pick = <T>(list: T[], salt: number) => list[(n * 7919 + salt * 104729) % list.length];
  const feature = pick(FEATURES, 1);
  const ask = `${pick(ASKS, 2)} ${feature}: it ${pick(PROBLEMS, 3)} ${pick(DETAILS, 4)}.`;
  return {
    id: `bench-${n}`,
    subject: `${feature} trouble #${n}`,
    metadata: { attributes: { source: pick(SOURCES, 5) }, createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString() },
    parts: [
      { type: 'message', role: 'user', body: ask },
      { type: 'message', role: 'assistant', body: 'Thanks for reaching out, we are looking into it.' },
      { type: 'message', role: 'user', body: `Also, the ${pick(FEATURES, 6)} ${pick(PROBLEMS, 7)}.` },
    ],
  };
}

async function processed(folio: Folio, organizationId: string, conversationId: string): Promise<void> {
  const deadline = performance.now() + CHUNK_WITHIN_MS;
  for (;;) {
    const { text } = await folio.call('GET', `/v1/orgs/${organizationId}/conversations/${conversationId}`);
    if ((JSON.parse(text) as { conversation: { processedAt?: string } }).conversation.processedAt) return;
    if (performance.now() > deadline) throw new Error(`${conversationId} not processed within ${CHUNK_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function count(folio: Folio, path: string): Promise<number> {
  let total = 0;
  let page: string | undefined;
  do {
    const listed = JSON.parse((await folio.call('GET', `${path}?limit=1000${page ? `&page=${page}` : ''}`)).text) as { count: number; next?: { page: string } };
    total += listed.count;
    page = listed.next?.page;
  } while (page);
  return total;
}

export async function measureInsightsIngest(tempDir: string): Promise<InsightsIngestFigures> {
  const folio = await startFolio(join(tempDir, 'insights-ingest'));
  try {
    const organizationId = await createOrganization(folio, 'Bench Insights');
    const chunks: InsightsIngestFigures['chunks'] = [];
    for (let start = 0; start < INSIGHTS_CONVERSATIONS; start += CHUNK) {
      const began = performance.now();
      for (let batch = start; batch < start + CHUNK; batch += BATCH) {
        await folio.call('POST', `/v1/orgs/${organizationId}/conversations`, Array.from({ length: BATCH }, (_, i) => benchConversation(batch + i)));
      }
      const ingestMs = performance.now() - began;
      await processed(folio, organizationId, `bench-${start + CHUNK - 1}`);
      chunks.push({ ingestMs, totalMs: performance.now() - began });
      log(`insights ingest: ${start + CHUNK} of ${INSIGHTS_CONVERSATIONS} conversations, ${ms(chunks.at(-1)!.totalMs)}`);
    }
    const issues = await count(folio, `/v1/orgs/${organizationId}/conversations-issues`);
    const clusters = await count(folio, `/v1/orgs/${organizationId}/conversations-clusters`);
    return { conversations: INSIGHTS_CONVERSATIONS, chunks, issues, clusters };
  } finally {
    await folio.stop();
  }
}

const perConversation = (c: { totalMs: number }) => c.totalMs / CHUNK;

/** What the last 1,000 conversations cost, each, over what the first 1,000 did (processing included). */
export function insightsGrowth({ chunks }: InsightsIngestFigures): number {
  return perConversation(chunks[chunks.length - 1]) / perConversation(chunks[0]);
}

export function insightsIngestReport(figures: InsightsIngestFigures): string {
  const { conversations, chunks, issues, clusters } = figures;
  const ingestMs = chunks.reduce((sum, c) => sum + c.ingestMs, 0);
  const totalMs = chunks.reduce((sum, c) => sum + c.totalMs, 0);
  const [first, last] = [chunks[0], chunks[chunks.length - 1]];
  const grows = insightsGrowth(figures);
  return [
    `Insights ingest — ${num(conversations)} conversations through the API, ${BATCH} a request, into ${num(issues)} issues in ${num(clusters)} clusters:`,
    `  ingested at ${num(conversations / (ingestMs / 1000))} conversations/s, ingested and processed at ${num(conversations / (totalMs / 1000))} conversations/s`,
    `  first 1,000: ${ms(perConversation(first))} a conversation; last 1,000: ${ms(perConversation(last))}; ratio ${ratio(grows)} (target: at most ${ratio(INSIGHTS_RATIO_TARGET)})`,
  ].join('\n');
}

// Alone: `node dist/bench/insights-ingest.js` after a build.
if (require.main === module) runAlone('insights-ingest', measureInsightsIngest, insightsIngestReport);
