import { TranslationLanguage } from '../translation-language';

/**
 * An organization's translation glossary: terms kept as they are said in each language, applied by every
 * translation's runs between the languages an entry has. All of one organization's entries are one
 * aggregate, so a batch of operations applies all or nothing and their number is bounded.
 */

/** An entry's terms by language: keys are TranslationLanguage values only (checked before any event is made). */
export type GlossaryTerms = Partial<Record<TranslationLanguage, string>>;

type EntryRef = { organizationId: string; glossaryEntryId: string };

export type GlossaryEvent =
  | { type: 'GlossaryEntryCreated'; data: EntryRef & { translations: GlossaryTerms; createdBy: string; createdAt: string } }
  | { type: 'GlossaryEntryChanged'; data: EntryRef & { translations: GlossaryTerms; changedBy: string; changedAt: string } }
  | { type: 'GlossaryEntryDeleted'; data: EntryRef & { deletedBy: string; deletedAt: string } };

export const glossaryStream = (organizationId: string) => `translationGlossary-${organizationId}`;
