// Translating a 500-page space with the pseudo engine (the default): the time from the translation's
// creation (its first run asked for) to the run completed, as a client polling it sees it. Target: under 10 s.
import { join } from 'node:path';
import { createOrganization, Folio, startFolio } from './folio';
import { runAlone } from './alone';
import { ms } from './report';

export const TRANSLATION_PAGES = 500;
export const TRANSLATION_TARGET_MS = 10_000;
/** Pages one content write inserts (the content route's MAX_CHANGES). */
const WRITE_BATCH = 50;
const POLL_MS = 25;

export interface TranslationRunFigures {
  pages: number;
  words: number;
  runMs: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** A page as documentation reads: a heading, prose with marks and a link, a list, a code block. */
const page = (i: number) =>
  [
    `## Configure part ${i}`,
    `This page explains how to **configure** the part number ${i} of the _service_, and where [the reference](https://example.com/ref/${i}) says more.`,
    'Before you start, make sure that the `folio` command is installed and that you can reach the server from your machine.',
    '- Open the settings of the organization.\n- Choose the part to change.\n- Save, then check the result in the log.',
    '```bash\nfolio configure --part ' + i + '\n```',
    'When the change is saved, every reader of the site sees it at the next visit.',
  ].join('\n\n');

async function json(folio: Folio, method: string, path: string, body?: unknown) {
  return JSON.parse((await folio.call(method, path, body)).text) as Record<string, unknown>;
}

export async function measureTranslationRun(tempDir: string): Promise<TranslationRunFigures> {
  const folio = await startFolio(join(tempDir, 'translation-run'), 120_000, { TRANSLATION_ENGINE: 'pseudo' });
  try {
    const organizationId = await createOrganization(folio, 'Bench translations');
    const spaceId = (await json(folio, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Manual' })).id as string;
    log(`Translation run: writing ${TRANSLATION_PAGES} pages`);
    const cr = await json(folio, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Pages' });
    for (let at = 0; at < TRANSLATION_PAGES; at += WRITE_BATCH) {
      const changes = Array.from({ length: Math.min(WRITE_BATCH, TRANSLATION_PAGES - at) }, (_, n) => ({
        operation: 'insert_page',
        title: `Part ${at + n}`,
        document: { markdown: page(at + n) },
      }));
      await folio.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id as string}/content`, { changes });
    }
    await folio.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id as string}/merge`);

    log('Translation run: translating');
    const started = performance.now();
    const { id } = await json(folio, 'POST', `/v1/orgs/${organizationId}/translations`, { source: { space: spaceId, language: 'en' }, language: 'fr' });
    for (;;) {
      const translation = await json(folio, 'GET', `/v1/orgs/${organizationId}/translations/${id as string}`);
      const stats = translation.stats as { runs: number; totalPages: number; latestWords: number };
      if (translation.status === 'completed') {
        const runMs = performance.now() - started;
        if (stats.totalPages !== TRANSLATION_PAGES) throw new Error(`the run translated ${stats.totalPages} pages, not ${TRANSLATION_PAGES}`);
        return { pages: stats.totalPages, words: stats.latestWords, runMs };
      }
      if (translation.lastRunError) throw new Error(`the run failed: ${String(translation.lastRunError)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await folio.stop();
  }
}

export function translationRunReport({ pages, words, runMs }: TranslationRunFigures): string {
  return `Translation run — a ${pages}-page space (${words} words) with the pseudo engine, from the request to the run completed: ${ms(runMs)} (target: under ${ms(TRANSLATION_TARGET_MS)})`;
}

// Alone: `node dist/bench/translation-run.js` after a build.
if (require.main === module) runAlone('translation-run', measureTranslationRun, translationRunReport);
