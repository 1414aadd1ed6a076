import { PageDocument } from '@folio/kernel/document/document.model';
import { TranslationLanguage } from './translation-language';

/** A glossary entry for one pair: `source` (in the source language) is always rendered as `target`. */
export interface GlossaryTerm {
  source: string;
  target: string;
}

/** What of a page is translated: its title, description and document; the page tree around it never is. */
export interface PageText {
  title: string;
  description?: string;
  /** Null for a page without a document (a link, a group). */
  document: PageDocument | null;
}

export interface PageTranslationRequest {
  page: PageText;
  from: TranslationLanguage;
  to: TranslationLanguage;
  glossary: readonly GlossaryTerm[];
}

/**
 * A translated page: the same document, block for block and key for key, with only its text leaves'
 * words changed (marks, links and their targets, code blocks, inline code, expressions and variables,
 * emojis, mentions and every block's data kept); `words` counts the source words sent to the engine.
 */
export interface PageTranslation {
  page: PageText;
  words: number;
}
