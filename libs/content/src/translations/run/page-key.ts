import { createHash } from 'node:crypto';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { GlossaryTerm } from '../page-translation';
import { TranslationLanguage } from '../translation-language';

/** What a page's translation depends on besides the page: the same for every page of one run. */
export interface TranslationSetting {
  from: TranslationLanguage;
  to: TranslationLanguage;
  glossary: readonly GlossaryTerm[];
  engine: string;
}

/** The hash of a run's setting, computed once per run (a glossary may hold thousands of terms). */
export function settingHash(setting: TranslationSetting): string {
  return createHash('sha256').update(canonicalJson(setting)).digest('hex');
}

/**
 * The translation memory's key of a page: its title, description and document (by the document's
 * content hash: the store addresses documents by content, so the page's source is never read to key it)
 * under a run's setting. A page whose key is remembered is not sent to the engine again.
 */
export function pageKey(page: Pick<PageNode, 'title' | 'description' | 'document'>, setting: string): string {
  return createHash('sha256')
    .update(canonicalJson({ title: page.title, description: page.description ?? null, document: page.document, setting }))
    .digest('hex');
}
