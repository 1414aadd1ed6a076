import 'reflect-metadata';
import { GitBookAPI } from '@gitbook/api';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { MAX_CHANGES } from '@folio/content/change-requests/content/content-change.dto';
import { RUN_BATCH } from '@folio/content/translations/run/translation-run';
import { translationStream } from '@folio/content/translations/translation/translation.events';
import { spaceStream } from '@folio/content/spaces/space.events';
import { freePort } from '../../bench/children';
import { startLibreTranslate } from '../support/libretranslate';
import { killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, processTree, startApiProcess, waitUntil, waitUntilGone } from '../support/processes';

/** Two batches recorded, the third cut: the engine stops answering past this many pages. */
const PAGES = 3 * RUN_BATCH;
const ANSWERED = 2 * RUN_BATCH + 4;
const RUN_WAIT_MS = 60_000;

describe('a translation run killed part-way (kill -9)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-translation-killed-'));
  });
  afterEach(() => {
    killStartedProcesses();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes at the next start, sends no recorded page again and completes once, with one revision', async () => {
    const engine1 = await startLibreTranslate({ answering: ANSWERED });
    const env = (url: string) => ({ TRANSLATION_ENGINE: 'libretranslate', TRANSLATION_URL: url, FETCH_ALLOW_PRIVATE: 'true' });
    const port = await freePort();
    const first = await startApiProcess(dataDir, port, env(engine1.url));
    const api = new GitBookAPI({ endpoint: `http://127.0.0.1:${port}`, authToken: readFileSync(join(dataDir, 'admin-token'), 'utf8').trim() });

    const { data: org } = await api.orgs.createOrganization({ title: 'Acme' });
    const { data: space } = await api.orgs.createSpace(org.id, { title: 'Manual' });
    const { data: cr } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
    const changes = Array.from({ length: PAGES }, (_, i) => ({ operation: 'insert_page', title: `Page ${i}`, document: { markdown: `Text of page ${i}.` } }));
    for (let at = 0; at < PAGES; at += MAX_CHANGES) await api.spaces.updateChangeRequestContent(space.id, cr.id, { changes: changes.slice(at, at + MAX_CHANGES) } as never);
    await api.spaces.mergeChangeRequest(space.id, cr.id);
    const { data: translation } = await api.orgs.createTranslation(org.id, { source: { space: space.id, language: 'en' }, language: 'fr' } as never);

    await waitUntil(async () => engine1.state.held > 0, 'the run reaching the stalled engine', RUN_WAIT_MS);
    const pids = processTree(first.pid!);
    first.kill('SIGKILL');
    await waitUntilGone(pids, 15_000);
    await engine1.close();

    const events = new SqliteEventStore(join(dataDir, 'events.db'));
    const recorded = async () => (await events.readStream(translationStream(translation.id))).filter((e) => e.type === 'TranslationPagesTranslated');
    const before = (await recorded()).flatMap((e) => e.data.pages as unknown[]).length;
    await events.close();
    expect(before).toBeGreaterThanOrEqual(RUN_BATCH);
    expect(before).toBeLessThan(PAGES);

    const engine2 = await startLibreTranslate();
    try {
      const second = await startApiProcess(dataDir, port, env(engine2.url));
      let done = (await api.orgs.getTranslation(org.id, translation.id)).data;
      await waitUntil(async () => {
        done = (await api.orgs.getTranslation(org.id, translation.id)).data;
        return done.status === 'completed';
      }, 'the resumed run completing', RUN_WAIT_MS);
      expect(done.stats).toMatchObject({ runs: 1, totalPages: PAGES, latestPages: PAGES });
      // Only the pages not recorded before the kill went to the engine (one request each: a title and a paragraph).
      expect(engine2.state.requests).toBe(PAGES - before);

      const { data: target } = await api.spaces.getSpaceById(done.result!.space);
      expect(target.revision).toBe(done.result!.revision);
      const titles = (await api.spaces.listPages(target.id)).data.pages.map((p) => p.title);
      expect(titles).toEqual(Array.from({ length: PAGES }, (_, i) => `fr:Page ${i}`));

      const pids2 = processTree(second.pid!);
      second.kill('SIGTERM');
      await waitUntilGone(pids2, 15_000);
    } finally {
      await engine2.close();
    }
    const after = new SqliteEventStore(join(dataDir, 'events.db'));
    try {
      const types = (await after.readStream(translationStream(translation.id))).map((e) => e.type);
      expect(types.filter((t) => t === 'TranslationRunStarted')).toHaveLength(1);
      expect(types.filter((t) => t === 'TranslationRunCompleted')).toHaveLength(1);
      const targetId = (await after.readStream(translationStream(translation.id)))[0].data.targetSpaceId as string;
      const written = (await after.readStream(spaceStream(targetId))).map((e) => e.type);
      expect(written.filter((t) => t === 'SpaceCreated')).toHaveLength(1);
      expect(written.filter((t) => t === 'SpaceContentChanged')).toHaveLength(1);
    } finally {
      await after.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS * 2);
});
