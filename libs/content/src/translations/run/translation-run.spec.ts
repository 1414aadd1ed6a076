import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PageDocument } from '@folio/kernel/document/document.model';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { ContentTrees, TreeEditor } from '@folio/kernel/tree/content-trees';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { newId } from '@folio/platform/ids';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { Siblings } from '@folio/content/ordering/siblings';
import { collectionProjection } from '@folio/content/collections/collection.projection';
import { revisionProjection } from '@folio/content/revisions/revision.projection';
import { spaceDecider } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { spaceProjection } from '@folio/content/spaces/space.projection';
import { EngineFailed, EngineRequest, TranslationEngine } from '../engines/translation-engine';
import { glossaryDecider } from '../glossary/glossary.decider';
import { glossaryStream } from '../glossary/glossary.events';
import { glossaryProjection } from '../glossary/glossary.projection';
import { GlossaryReads } from '../glossary/glossary.reads';
import { PageTranslationRequest } from '../page-translation';
import { translationDecider } from '../translation/translation.decider';
import { translationStream } from '../translation/translation.events';
import { TRANSLATIONS, TranslationDoc, translationProjection } from '../translation/translation.projection';
import { TargetSpace, targetTitle } from './target-space';
import { RUN_BATCH, RunRequest, TranslatePage, TranslationRun } from './translation-run';

const caller: Caller = { userId: 'u1', source: 'api', correlationId: 'test' };
/** Each test writes real SQLite stores and runs projections: more than Jest's 5 s on a loaded machine. */
jest.setTimeout(60_000);
const doc = (md: string): PageDocument => markdownToDocument(md).document;

/** An engine that says what it was sent, fails when told to (as an engine does, or as a crash would), and marks what it translates. */
class TestEngine implements TranslationEngine {
  readonly name = 'pseudo' as const;
  sent: string[] = [];
  failWith: Error | null = null;
  /** Fail once this many texts went through (a crash part-way through a run). */
  failAfter = Infinity;

  async translate(request: EngineRequest): Promise<string[]> {
    if (this.failWith && this.sent.length >= this.failAfter) throw this.failWith;
    this.sent.push(...request.texts);
    return request.texts.map((text) => `${request.to}:${text}`);
  }
}

/** translatePage's stand-in: the title through the engine, the document kept (the walk is translate-page.ts's, tested there). */
const translateTitles: TranslatePage = async (request: PageTranslationRequest, engine) => {
  const [title] = await engine.translate({ texts: [request.page.title], from: request.from, to: request.to, format: 'text' });
  const glossed = request.glossary.reduce((text, term) => text.replace(`${request.to}:${term.source}`, term.target), title);
  return { page: { ...request.page, title: glossed }, words: request.page.title.split(/\s+/).length };
};

describe('a translation run', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let objects: SqliteObjectStore;
  let projections: ProjectionRunner;
  let aggregates: Aggregates;
  let trees: ContentTrees;
  let engine: TestEngine;
  let runs: TranslationRun;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-translation-run-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    objects = new SqliteObjectStore(join(dir, 'objects.db'));
    projections = new ProjectionRunner(events, reads, [spaceProjection, collectionProjection, revisionProjection, translationProjection, glossaryProjection], { objects });
    await projections.start();
    const clock = new SystemClock();
    aggregates = new Aggregates(events, projections, clock, { aggregateCacheSize: 100 });
    trees = new ContentTrees(objects);
    engine = new TestEngine();
    runs = new TranslationRun(aggregates, trees, objects, new GlossaryReads(reads), new TargetSpace(aggregates, new Siblings(reads), clock, reads), engine, translateTitles);
  });
  afterEach(async () => {
    await projections.stop();
    await events.close();
    await reads.close();
    await objects.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function space(title: string) {
    const spaceId = newId();
    await aggregates.handle(
      spaceStream(spaceId),
      spaceDecider,
      { type: 'CreateSpace', spaceId, organizationId: 'o1', parent: null, position: 'a0', settings: { title }, revision: newId() },
      caller,
    );
    return spaceId;
  }

  async function edit(spaceId: string, build: (editor: TreeEditor, now: string) => Promise<void>) {
    const { state } = await aggregates.load(spaceStream(spaceId), spaceDecider);
    if (state.status === 'none') throw new Error('no space');
    const editor = await trees.edit(state.tree);
    await build(editor, new Date().toISOString());
    const revision = { id: newId(), type: 'edits' as const, parents: [state.revision], tree: await editor.commit(), createdBy: 'u1', createdAt: new Date().toISOString() };
    await aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'EditMain', basedOn: state.revision, revision }, caller);
  }

  /** A guide: an introduction, a group holding two pages, and a link. */
  async function guide() {
    const spaceId = await space('Guide');
    await edit(spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction', description: 'Start here' }, document: doc('Hello **world**.\n'), now });
      await tree.insertPage({ id: 'guides', into: null, type: 'group', meta: { title: 'Guides' }, document: null, now });
      await tree.insertPage({ id: 'install', into: 'guides', meta: { title: 'Install' }, document: doc('Run `npm i`.\n'), now });
      await tree.insertPage({ id: 'use', into: 'guides', meta: { title: 'Use the space' }, document: doc('Open it.\n'), now });
      await tree.putReusableContent({ id: 'note', title: 'Note', document: doc('Read this.\n'), now });
    });
    return spaceId;
  }

  async function translation(sourceSpaceId: string): Promise<RunRequest> {
    const translationId = newId();
    const run = { runId: newId(), revisionId: newId() };
    await aggregates.handle(
      translationStream(translationId),
      translationDecider,
      { type: 'CreateTranslation', translationId, organizationId: 'o1', sourceSpaceId, sourceLanguage: 'en', language: 'fr', instructions: doc(''), targetSpaceId: newId(), run, actor: 'u1' },
      caller,
    );
    return { translationId, organizationId: 'o1', ...run };
  }

  async function again(request: RunRequest): Promise<RunRequest> {
    const run = { runId: newId(), revisionId: newId() };
    await aggregates.handle(translationStream(request.translationId), translationDecider, { type: 'RequestRun', translationId: request.translationId, organizationId: 'o1', run, actor: 'u1' }, caller);
    return { ...request, ...run };
  }

  const stored = async (translationId: string) => (await reads.get<TranslationDoc>(TRANSLATIONS, translationId))!;
  const target = async (translationId: string) => {
    const { state } = await aggregates.load(translationStream(translationId), translationDecider);
    if (state.status !== 'active') throw new Error('no translation');
    const { state: space } = await aggregates.load(spaceStream(state.targetSpaceId), spaceDecider);
    if (space.status === 'none') throw new Error('no target');
    return space;
  };
  const eventTypes = async (translationId: string) => (await events.readStream(translationStream(translationId))).map((e) => e.type);

  it('makes the target space and writes the translated tree, page for page, as the run\'s revision', async () => {
    const source = await guide();
    const request = await translation(source);
    await runs.run(request, caller);

    const result = await target(request.translationId);
    expect(result).toMatchObject({ status: 'active', organizationId: 'o1', parent: null, revision: request.revisionId, settings: { title: 'Guide (fr)', language: 'fr' } });
    const targetTree = await trees.open(result.tree);
    const pages = await targetTree.pages();
    expect(pages.map((p) => [p.id, p.type, p.parent, p.title, p.description])).toEqual([
      ['intro', 'document', null, 'fr:Introduction', 'Start here'],
      ['guides', 'group', null, 'fr:Guides', undefined],
      ['install', 'document', 'guides', 'fr:Install', undefined],
      ['use', 'document', 'guides', 'fr:Use the space', undefined],
    ]);
    expect(await targetTree.document(pages[0])).toEqual(doc('Hello **world**.\n'));
    expect(await targetTree.reusableContent('note')).toMatchObject({ title: 'fr:Note' });
    expect(engine.sent).toEqual(['Introduction', 'Guides', 'Install', 'Use the space', 'Note']);

    const translated = await stored(request.translationId);
    expect(translated).toMatchObject({ status: 'completed', resultRevision: request.revisionId });
    // The reusable content's words count; it is no page.
    expect(translated.stats).toMatchObject({ runs: 1, totalPages: 4, latestPages: 4, totalWords: 7, latestWords: 7 });
  });

  it('sends a second run only the pages whose source changed, and counts only those', async () => {
    const source = await guide();
    const first = await translation(source);
    await runs.run(first, caller);
    await edit(source, (tree, now) => tree.updatePage('install', { meta: { title: 'Install it' }, now }).then(() => undefined));
    engine.sent = [];

    const second = await again(first);
    await runs.run(second, caller);

    expect(engine.sent).toEqual(['Install it']);
    const translated = await stored(first.translationId);
    expect(translated).toMatchObject({ status: 'completed', resultRevision: second.revisionId });
    expect(translated.stats).toMatchObject({ runs: 2, totalPages: 4, latestPages: 1, latestWords: 2, totalWords: 9 });
    const titles = (await (await trees.open((await target(first.translationId)).tree)).pages()).map((p) => p.title);
    expect(titles).toEqual(['fr:Introduction', 'fr:Guides', 'fr:Install it', 'fr:Use the space']);
  });

  it('sends a page whose copy it already translated no second time', async () => {
    const source = await space('Copies');
    await edit(source, async (tree, now) => {
      await tree.insertPage({ id: 'a', into: null, meta: { title: 'Same' }, document: doc('Same text.\n'), now });
      await tree.insertPage({ id: 'b', into: null, meta: { title: 'Same', slug: 'same-2' }, document: doc('Same text.\n'), now });
    });
    const first = await translation(source);
    await runs.run(first, caller);
    expect(engine.sent).toEqual(['Same']);
    expect((await (await trees.open((await target(first.translationId)).tree)).pages()).map((p) => p.title)).toEqual(['fr:Same', 'fr:Same']);
    expect(await stored(first.translationId)).toMatchObject({ stats: { totalPages: 2, latestPages: 1 } });
  });

  it('writes no revision for a run that finds nothing changed, and keeps the last one as its result', async () => {
    const first = await translation(await guide());
    await runs.run(first, caller);
    engine.sent = [];
    const second = await again(first);
    await runs.run(second, caller);
    expect(engine.sent).toEqual([]);
    expect((await target(first.translationId)).revision).toBe(first.revisionId);
    expect(await stored(first.translationId)).toMatchObject({ status: 'completed', resultRevision: first.revisionId, stats: { runs: 2, latestPages: 0 } });
  });

  it('applies the glossary of the pair, and translates again when it changes', async () => {
    const first = await translation(await guide());
    await aggregates.handle(glossaryStream('o1'), glossaryDecider, { type: 'UpdateGlossary', organizationId: 'o1', operations: [{ type: 'insert', id: 'g1', translations: { en: 'Guides', fr: 'Guides' } }, { type: 'insert', id: 'g2', translations: { en: 'Install', de: 'Installieren' } }], actor: 'u1' }, caller);
    await runs.run(first, caller);
    const titles = async () => (await (await trees.open((await target(first.translationId)).tree)).pages()).map((p) => p.title);
    expect(await titles()).toEqual(['fr:Introduction', 'Guides', 'fr:Install', 'fr:Use the space']);

    await aggregates.handle(glossaryStream('o1'), glossaryDecider, { type: 'UpdateGlossary', organizationId: 'o1', operations: [{ type: 'delete', id: 'g1' }], actor: 'u1' }, caller);
    engine.sent = [];
    await runs.run(await again(first), caller);
    expect(engine.sent).toHaveLength(5);
    expect(await titles()).toEqual(['fr:Introduction', 'fr:Guides', 'fr:Install', 'fr:Use the space']);
  });

  it('fails the run when the engine fails, saying why, and runs when asked again', async () => {
    const first = await translation(await guide());
    engine.failWith = new EngineFailed('LibreTranslate answered 503');
    engine.failAfter = 0;
    await runs.run(first, caller);
    expect(await stored(first.translationId)).toMatchObject({ status: 'pending', lastRunError: 'LibreTranslate answered 503', stats: { runs: 0 } });
    expect(await eventTypes(first.translationId)).toEqual(['TranslationCreated', 'TranslationRunRequested', 'TranslationRunStarted', 'TranslationRunFailed']);

    engine.failWith = null;
    const second = await again(first);
    await runs.run(second, caller);
    const translated = await stored(first.translationId);
    expect(translated).toMatchObject({ status: 'completed', resultRevision: second.revisionId, stats: { runs: 1 } });
    expect(translated).not.toHaveProperty('lastRunError');
  });

  it('does nothing when its request is reacted to again after it completed', async () => {
    const first = await translation(await guide());
    await runs.run(first, caller);
    const before = await eventTypes(first.translationId);
    engine.sent = [];
    await runs.run(first, caller);
    expect(await eventTypes(first.translationId)).toEqual(before);
    expect(engine.sent).toEqual([]);
  });

  it('resumes a run cut part-way: the pages recorded are not sent again, one revision, one completion', async () => {
    const source = await space('Big');
    const count = RUN_BATCH + 8;
    await edit(source, async (tree, now) => {
      for (let i = 0; i < count; i++) await tree.insertPage({ id: `p${i}`, into: null, meta: { title: `Page ${i}` }, document: doc(`Text ${i}.\n`), now });
    });
    const first = await translation(source);
    engine.failWith = new Error('killed');
    engine.failAfter = RUN_BATCH + 3;
    await expect(runs.run(first, caller)).rejects.toThrow('killed');
    expect(await stored(first.translationId)).toMatchObject({ status: 'running' });

    engine.failWith = null;
    engine.sent = [];
    await runs.run(first, caller);
    expect(engine.sent).toEqual(Array.from({ length: 8 }, (_, i) => `Page ${RUN_BATCH + i}`));
    const types = await eventTypes(first.translationId);
    expect(types.filter((t) => t === 'TranslationRunCompleted')).toHaveLength(1);
    expect(types.filter((t) => t === 'TranslationRunStarted')).toHaveLength(1);
    const revisions = (await events.readStream(spaceStream((await target(first.translationId)).spaceId))).filter((e) => e.type === 'SpaceContentChanged');
    expect(revisions).toHaveLength(1);
    expect(await stored(first.translationId)).toMatchObject({ status: 'completed', stats: { runs: 1, totalPages: count, latestPages: count } });
  });

  it('ends quietly when its translation is deleted while it runs', async () => {
    const first = await translation(await guide());
    const remove = () => aggregates.handle(translationStream(first.translationId), translationDecider, { type: 'DeleteTranslation', translationId: first.translationId, organizationId: 'o1', actor: 'u1' }, caller);
    const translate = engine.translate.bind(engine);
    engine.translate = async (request) => {
      if (engine.sent.length === 0) await remove();
      return translate(request);
    };
    await runs.run(first, caller);
    expect(await eventTypes(first.translationId)).toEqual(['TranslationCreated', 'TranslationRunRequested', 'TranslationRunStarted', 'TranslationDeleted']);
  });

  it('fails a run whose target space was deleted instead of making it again', async () => {
    const first = await translation(await guide());
    await runs.run(first, caller);
    const { spaceId } = await target(first.translationId);
    await aggregates.handle(spaceStream(spaceId), spaceDecider, { type: 'DeleteSpace' }, caller);
    await runs.run(await again(first), caller);
    expect((await stored(first.translationId)).lastRunError).toMatch(/was deleted/);
  });

  it('names the target after the source, shortened to a space title', () => {
    expect(targetTitle('Guide', 'pt-br')).toBe('Guide (pt-br)');
    expect(targetTitle('x'.repeat(60), 'fr')).toBe(`${'x'.repeat(45)} (fr)`);
    expect(Array.from(targetTitle('😀'.repeat(60), 'fr'))).toHaveLength(50);
  });
});
