// Link statuses of a whole space: GET /v1/spaces/{id}/links, the whole listing resolved (every link's
// status computed against the tree, the stats over all of them), timed as sequential calls.
import { Folio } from './folio';

/** Sequential timed calls after one untimed warm-up (which fills the tree cache the way any earlier read would). */
const RUNS = 7;

export interface LinkFigures {
  /** p50 of `GET /v1/spaces/{id}/links` over the runs. */
  p50Ms: number;
  maxMs: number;
  runs: number;
  /** What the listing answered: how many links, how many broken. */
  total: number;
  broken: number;
}

/**
 * Links a bench page can carry so that the large space has links of every status: to its section's page
 * (the batch's `sectionRef`, ok), to an anchor of itself (ok), to a URL (ok, never fetched) and to a page
 * that does not exist (broken). Append it to a page's markdown; a section page itself passes no ref.
 */
export function benchPageLinks(i: number, sectionRef: string | null): string {
  return [
    sectionRef ? `Part of [its section](/pages/${sectionRef}).` : 'A section.',
    `See [the overview](#overview-${i}), [the guide](https://example.com/guide/${i}) and [a page to come](/pages/missing${i}).`,
  ].join(' ');
}

export async function measureLinks(folio: Folio, spaceId: string): Promise<LinkFigures> {
  const path = `/v1/spaces/${spaceId}/links?limit=1000`;
  const list = async () => JSON.parse((await folio.call('GET', path)).text) as { stats: { total: number; broken: { total: number } } };
  const { stats } = await list();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    await list();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], runs: RUNS, total: stats.total, broken: stats.broken.total };
}
