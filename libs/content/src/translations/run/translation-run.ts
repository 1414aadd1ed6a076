import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { PageDocument } from '@folio/kernel/document/document.model';
import { ContentTrees, TreeEditor, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { PageNode, ReusableContentEntry } from '@folio/kernel/tree/tree.model';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { DomainError, Invalid, NotFound, Unavailable } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { spaceDecider } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { EngineFailed, TRANSLATION_ENGINE, TranslationEngine } from '../engines/translation-engine';
import { GlossaryReads } from '../glossary/glossary.reads';
import { PageTranslation, PageTranslationRequest } from '../page-translation';
import { RememberedPage, translationMemory } from '../translation/translation-memory';
import { translationDecider, TranslationCommand } from '../translation/translation.decider';
import { translationStream } from '../translation/translation.events';
import { pageKey, settingHash } from './page-key';
import { TargetSpace } from './target-space';

/** Pages translated between two records of the memory: what a crash may translate again, at most. */
export const RUN_BATCH = 32;

/** How a page is translated (translate-page.ts's `translatePage`, a double in unit tests). */
export type TranslatePage = (request: PageTranslationRequest, engine: TranslationEngine) => Promise<PageTranslation>;
export const TRANSLATE_PAGE = Symbol('TranslatePage');

/** A translated page as the memory keeps it in the content store: its texts, its document by hash. */
interface StoredTranslation {
  title: string;
  description: string | null;
  document: string | null;
}

/** The application stops: the run ends between two pages, unfinished, to be resumed at the next start. */
export class RunInterrupted extends Error {
  constructor() {
    super('translation run interrupted by shutdown; it resumes at the next start');
  }
}

/** The run the process was asked for: the translation's, from its TranslationRunRequested. */
export interface RunRequest {
  translationId: string;
  organizationId: string;
  runId: string;
  revisionId: string;
}

/**
 * One run of a translation: the source's main, page by page, into the target's main as one revision.
 *
 * The target tree is the source tree with each page's and each reusable content's title, description and
 * document replaced by their translation: the page tree (ids, order, kinds, slugs, every other field), the
 * files and the variables are the source's as they are. Pages are walked in batches of RUN_BATCH; a page whose key
 * (page-key.ts) the memory holds is taken from it, the others are sent to the engine and recorded as a
 * batch (TranslationPagesTranslated) before the next, so a run resumed after a crash sends each page once.
 * Documents are read one page at a time and dropped once stored: what the run holds grows with the number
 * of pages (their nodes, their keys), never with their documents.
 *
 * An engine that fails (EngineFailed) or a refusal (the source or the target gone, the target locked) ends
 * the run as failed, the reason recorded; anything else (the stores) is thrown, for the process to retry.
 */
@Injectable()
export class TranslationRun {
  private stopping = false;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly trees: ContentTrees,
    @Inject(CONTENT_OBJECT_STORE) private readonly store: ContentObjectStore,
    private readonly glossary: GlossaryReads,
    private readonly target: TargetSpace,
    @Inject(TRANSLATION_ENGINE) private readonly engine: TranslationEngine,
    @Inject(TRANSLATE_PAGE) private readonly translatePage: TranslatePage,
  ) {}

  /** The application stops: the run going (and any later one) ends at its next page. */
  interrupt(): void {
    this.stopping = true;
  }

  async run(request: RunRequest, caller: Caller): Promise<void> {
    const { state } = await this.aggregates.load(translationStream(request.translationId), translationDecider);
    // Deleted, or this run already ended (completed, failed): nothing to do.
    if (state.status !== 'active' || (state.pending?.runId !== request.runId && state.running?.runId !== request.runId)) return;
    // A duration, not a time of day: measured on the machine's clock, never the application's (tests move it).
    const started = Date.now();
    try {
      const source = await this.aggregates.load(spaceStream(state.sourceSpaceId), spaceDecider);
      if (source.state.status !== 'active') throw new Invalid(`the source space ${state.sourceSpaceId} was deleted`);
      await this.command(request, { type: 'StartRun', runId: request.runId, sourceRevisionId: source.state.revision }, caller);
      await this.target.ensure(state.targetSpaceId, source.state, state.language, caller);
      const glossary = await this.glossary.termsFor(request.organizationId, state.sourceLanguage, state.language);
      const setting = settingHash({ from: state.sourceLanguage, to: state.language, glossary, engine: this.engine.name });
      const { state: memory } = await this.aggregates.load(translationStream(request.translationId), translationMemory);
      const snapshot = await this.trees.open(source.state.tree);
      const editor = await this.trees.edit(source.state.tree);
      const pages = await snapshot.pages();
      // The pages, then the reusable contents they include (translated alike, counted as words, not pages).
      const items: TreeItem[] = [...pages.map((node) => ({ kind: 'page' as const, node })), ...(await snapshot.reusableContents()).map((entry) => ({ kind: 'reusable' as const, entry }))];
      // Resumed after a crash: the pages this run recorded before it are its own too.
      const counts = memory.latest?.runId === request.runId ? { pages: memory.latest.pages, words: memory.latest.words } : { pages: 0, words: 0 };
      let remembered = memory.pages;
      for (let at = 0; at < items.length; at += RUN_BATCH) {
        const translated: { key: string; object: string; words: number }[] = [];
        for (const item of items.slice(at, at + RUN_BATCH)) {
          const text = textOf(item);
          const key = pageKey(text, setting);
          let known = remembered.get(key);
          if (!known) {
            known = await this.translate(text, snapshot, { from: state.sourceLanguage, to: state.language, glossary });
            translated.push({ key, ...known });
            // A page of the same source further on (a copy) takes it from here.
            remembered = remembered.set(key, known);
            if (item.kind === 'page') counts.pages += 1;
            counts.words += known.words;
          }
          await place(editor, item, await this.stored(known));
          // A page's walk is work on the event loop: let requests in between pages.
          await yieldToLoop();
          if (this.stopping) throw new RunInterrupted();
        }
        await this.command(request, { type: 'RecordTranslatedPages', runId: request.runId, pages: translated }, caller);
      }
      const revisionId = await this.target.write(state.targetSpaceId, request.revisionId, await editor.commit(), caller);
      const durationMs = Date.now() - started;
      await this.command(request, { type: 'CompleteRun', runId: request.runId, revisionId, totalPages: pages.length, counts: { ...counts, durationMs } }, caller);
    } catch (error) {
      if (!(error instanceof EngineFailed) && !(error instanceof DomainError && !(error instanceof Unavailable))) throw error;
      try {
        await this.command(request, { type: 'FailRun', runId: request.runId, error: error.message }, caller);
      } catch (failing) {
        // Deleted while it ran: the run ends with it (nothing to retry).
        if (!(failing instanceof NotFound)) throw failing;
      }
    }
  }

  /** Sends the text to the engine and stores its translation: the document by its hash, the rest as one object. */
  private async translate(text: SourceText, snapshot: TreeSnapshot, pair: Omit<PageTranslationRequest, 'page'>): Promise<RememberedPage> {
    const document: PageDocument | null = text.document ? await snapshot.document(text) : null;
    const source = { title: text.title, ...(text.description !== undefined ? { description: text.description } : {}), document };
    const { page: result, words } = await this.translatePage({ page: source, ...pair }, this.engine);
    const stored: StoredTranslation = {
      title: result.title,
      description: result.description ?? null,
      document: result.document ? await this.trees.putDocument(result.document) : null,
    };
    const [object] = await this.store.put([canonicalJson(stored)]);
    return { object, words };
  }

  private async stored(known: RememberedPage): Promise<StoredTranslation> {
    const bytes = await this.store.get(known.object);
    if (!bytes) throw new Error(`translation memory object ${known.object} is missing from the content store`);
    return JSON.parse(bytes.toString('utf8')) as StoredTranslation;
  }

  private async command(request: RunRequest, command: RunCommand, caller: Caller) {
    const { translationId, organizationId } = request;
    await this.aggregates.handle(translationStream(translationId), translationDecider, { ...command, translationId, organizationId }, caller);
  }
}

/** The run's commands, without what every one of them carries. */
type RunCommand = WithoutRef<Extract<TranslationCommand, { type: 'StartRun' | 'RecordTranslatedPages' | 'CompleteRun' | 'FailRun' }>>;
type WithoutRef<C> = C extends unknown ? Omit<C, 'translationId' | 'organizationId' | 'now'> : never;

/** What a run translates in a tree: its pages and its reusable contents. */
type TreeItem = { kind: 'page'; node: PageNode } | { kind: 'reusable'; entry: ReusableContentEntry };
/** An item's texts as the memory keys them and the engine takes them (its document by hash, read when sent). */
type SourceText = Pick<PageNode, 'id' | 'title' | 'description' | 'document'>;

function textOf(item: TreeItem): SourceText {
  if (item.kind === 'reusable') return { id: item.entry.id, title: item.entry.title, document: item.entry.document };
  const { id, title, description, document } = item.node;
  return { id, title, ...(description !== undefined ? { description } : {}), document };
}

/** The item in the target tree: the source's node or entry with the translated texts and document. */
async function place(editor: TreeEditor, item: TreeItem, stored: StoredTranslation): Promise<void> {
  if (item.kind === 'reusable') {
    await editor.setReusableContent(item.entry.id, { ...item.entry, title: stored.title, document: stored.document });
    return;
  }
  const { children: _children, description: _description, ...node } = item.node;
  await editor.setPage(node.id, { ...node, title: stored.title, ...(stored.description !== null ? { description: stored.description } : {}), document: stored.document });
}
