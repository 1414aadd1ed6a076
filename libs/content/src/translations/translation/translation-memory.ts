import { BucketMap } from '@folio/platform/domain/bucket-map';
import { TranslationEvent } from './translation.events';

/** A page translated before: the content-store object of its translated text, and the words it took. */
export interface RememberedPage {
  object: string;
  words: number;
}

export interface TranslationMemory {
  pages: BucketMap<RememberedPage>;
  /** What the latest run to record pages recorded so far: a run resumed after a crash counts them as its own. */
  latest: { runId: string; pages: number; words: number } | null;
}

/**
 * The translation's memory: what its runs translated, by the key of what was sent (the page's source,
 * the pair, the glossary, the engine: see page-key.ts). Folded apart from the decider's state (the
 * aggregates cache each fold on its own), so commands on the translation never carry it; a BucketMap, so
 * folding thousands of pages copies buckets, not the map.
 */
export const translationMemory = {
  initialState: { pages: BucketMap.empty<RememberedPage>(), latest: null } as TranslationMemory,
  evolve(memory: TranslationMemory, event: TranslationEvent): TranslationMemory {
    if (event.type === 'TranslationDeleted') return translationMemory.initialState;
    if (event.type !== 'TranslationPagesTranslated') return memory;
    const { runId, pages } = event.data;
    const before = memory.latest?.runId === runId ? memory.latest : { runId, pages: 0, words: 0 };
    return {
      pages: pages.reduce((map, { key, object, words }) => map.set(key, { object, words }), memory.pages),
      latest: { runId, pages: before.pages + pages.length, words: pages.reduce((sum, page) => sum + page.words, before.words) },
    };
  },
};
