import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { TRANSLATION_LANGUAGES } from '../translation-language';
import { GlossaryEvent, GlossaryTerms } from './glossary.events';

export const GLOSSARY_ENTRIES = 'translationGlossaryEntries';

/** One document per glossary entry, keyed by its id. */
export interface GlossaryEntryDoc {
  id: string;
  organizationId: string;
  translations: GlossaryTerms;
  /**
   * The list's sort key for each language (`orderBy`): `1:` and the case-folded term where the entry has
   * one, `2:` where it has none, so every entry is listed (a sorted find leaves out documents without the
   * field) and those without the term come last.
   */
  by: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  logPosition: string;
  [key: string]: unknown;
}

function sortKeys(terms: GlossaryTerms): Record<string, string> {
  const has = new Map(Object.entries(terms));
  return Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, has.has(language) ? `1:${has.get(language)!.toLowerCase()}` : '2:']));
}

/** The organizations' glossary entries, from their glossary streams. */
export const glossaryProjection = defineProjection<GlossaryEvent>('content-translation-glossary', [{ name: GLOSSARY_ENTRIES, indexes: [['organizationId', 'createdAt']] }], {
  GlossaryEntryCreated: async ({ data, position }, tx) => {
    if (await tx.get(GLOSSARY_ENTRIES, data.glossaryEntryId)) return;
    const doc: GlossaryEntryDoc = {
      id: data.glossaryEntryId,
      organizationId: data.organizationId,
      translations: data.translations,
      by: sortKeys(data.translations),
      createdAt: data.createdAt,
      updatedAt: data.createdAt,
      logPosition: position,
    };
    await tx.upsert(GLOSSARY_ENTRIES, doc);
  },
  GlossaryEntryChanged: async ({ data, position }, tx) => {
    const doc = await tx.get<GlossaryEntryDoc>(GLOSSARY_ENTRIES, data.glossaryEntryId);
    if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
    await tx.upsert(GLOSSARY_ENTRIES, { ...doc, translations: data.translations, by: sortKeys(data.translations), updatedAt: data.changedAt, logPosition: position });
  },
  GlossaryEntryDeleted: async ({ data }, tx) => tx.delete(GLOSSARY_ENTRIES, data.glossaryEntryId),
});
