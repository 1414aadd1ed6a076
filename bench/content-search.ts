// Search at scale: autocannon p50 of GET /v1/spaces/{id}/search on the content bench's 5,000-page space
// (pages written by bench/content.ts: "Overview <i>", "This page documents feature <i>…"). Two queries:
// one whose words few pages hold (the last typed as a prefix), and one that every page holds, so bm25
// ranks all 5,000 matches for the first page of 10.
import { Folio } from './folio';
import { LoadFigures, measure } from './load';

/** One client at a time: the target is a search's own latency, not its latency behind a queue on 2 cores. */
const CONNECTIONS = 1;
const SECONDS = 4;

export interface SearchFigures {
  /** A selective query: "feature 4242 overv" (all words, last a prefix). */
  selective: LoadFigures;
  /** A query every page matches: "documents feature", first page of 10. */
  broad: LoadFigures;
}

export async function measureSearch(folio: Folio, spaceId: string): Promise<SearchFigures> {
  const headers = { authorization: `Bearer ${folio.token}` };
  const url = (query: string, limit: number) => `${folio.url}/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}&limit=${limit}`;
  // Correctness first: a figure for a search that finds nothing would mean nothing.
  for (const query of ['feature 4242 overv', 'documents feature']) {
    const { items } = JSON.parse((await folio.call('GET', url(query, 10).slice(folio.url.length))).text) as { items: unknown[] };
    if (items.length === 0) throw new Error(`search bench: "${query}" found nothing`);
  }
  const selective = (await measure('search, selective query', { url: url('feature 4242 overv', 10), connections: CONNECTIONS, headers }, SECONDS, 1)).measured;
  const broad = (await measure('search, every page matches', { url: url('documents feature', 10), connections: CONNECTIONS, headers }, SECONDS, 1)).measured;
  return { selective, broad };
}
