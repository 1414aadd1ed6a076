import { BucketMap } from '@folio/platform/domain/bucket-map';
import { TranslationEvent } from './translation.events';

/** A page translated before: the content-store object of its translated text, and the words it took. */
export interface RememberedPage {
  object: string;
  words: number;
}

/**
 * The translation's memory: what its runs translated, by the key of what was sent (the page's source,
 * the pair, the glossary, the engine: see page-key.ts). Folded apart from the decider's state (the
 * aggregates cache each fold on its own), so commands on the translation never carry it; a BucketMap, so
 * folding thousands of pages copies buckets, not the map.
 */
export const translationMemory = {
  initialState: BucketMap.empty<RememberedPage>(),
  evolve(memory: BucketMap<RememberedPage>, event: TranslationEvent): BucketMap<RememberedPage> {
    if (event.type === 'TranslationDeleted') return BucketMap.empty();
    if (event.type !== 'TranslationPagesTranslated') return memory;
    return event.data.pages.reduce((map, { key, object, words }) => map.set(key, { object, words }), memory);
  },
};
