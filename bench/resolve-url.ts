// `POST /v1/urls/published` on a published site of 200 sections and 1,000 site spaces (bench/published-site.ts
// seeds it): what a renderer asks first on every page view, up to five times at once. Target: p50 under 5 ms.
import { join } from 'node:path';
import { createOrganization, startFolio } from './folio';
import { LoadFigures, measure } from './load';
import { seedSite, SECTIONS, SITE_SPACES } from './published-site';
import { runAlone } from './alone';
import { ms } from './report';

/** One renderer asking, one request at a time: the latency a page view pays, without queueing behind others. */
const CONNECTIONS = 1;
const SECONDS = 4;
export const RESOLVE_TARGET_MS = 5;

export interface ResolveUrlFigures {
  sections: number;
  siteSpaces: number;
  figures: LoadFigures;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

export async function measureResolveUrl(tempDir: string): Promise<ResolveUrlFigures> {
  const dataDir = join(tempDir, 'resolve-url');
  log(`Resolve URL: seeding ${SECTIONS} sections and ${SITE_SPACES} site spaces`);
  const setup = await startFolio(dataDir);
  const organizationId = await createOrganization(setup, 'Bench resolve');
  const user = JSON.parse((await setup.call('GET', '/v1/user')).text) as { id: string };
  await setup.stop();
  const siteId = seedSite(dataDir, organizationId, user.id);
  const folio = await startFolio(dataDir, 300_000);
  // A page of a variant of a section far down the list: every level of the walk is used.
  const url = `http://127.0.0.1/sites/${organizationId}/${siteId}/section-150/space-2/getting-started/install`;
  const body = JSON.stringify({ url, redirectOnError: false, cacheBust: 'bench' });
  const first = await folio.call('POST', '/v1/urls/published', JSON.parse(body));
  const answer = JSON.parse(first.text) as { site?: string; pathname?: string; basePath?: string };
  if (first.status !== 200 || answer.site !== siteId || answer.pathname !== 'getting-started/install') throw new Error(`resolve answered ${first.status} ${first.text.slice(0, 200)}`);
  const { measured } = await measure(
    'resolve URL',
    { connections: CONNECTIONS, url: `${folio.url}/v1/urls/published`, method: 'POST', body, headers: { 'content-type': 'application/json' } },
    SECONDS,
    1,
  );
  await folio.stop();
  return { sections: SECTIONS, siteSpaces: SITE_SPACES, figures: measured };
}

export function resolveUrlReport({ sections, siteSpaces, figures }: ResolveUrlFigures): string {
  return `Resolve URL — POST /v1/urls/published, a site of ${sections} sections and ${siteSpaces} site spaces, ${CONNECTIONS} connection: p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, ${Math.round(figures.rps)} req/s (target: p50 under ${RESOLVE_TARGET_MS} ms)`;
}

// Alone: `node dist/bench/resolve-url.js` after a build.
if (require.main === module) runAlone('resolve', measureResolveUrl, resolveUrlReport);
