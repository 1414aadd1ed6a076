import { IndexDescription } from 'mongodb';
import { readPath } from '../../read-store/read-path';
import { indexWords } from '../search-terms';
import { TextIndexSpec } from '../search.port';

/**
 * A collection's text index in MongoDB: a text index with the spec's weights (`default_language: none`:
 * no stemming, as FTS5's unicode61; version 3 folds case and diacritics) that ranks whole words, and beside
 * each document the folded words of its indexed fields, which a text index cannot give: `_terms` (all of
 * them, indexed, for prefix and all-words matching) and `_fieldTerms` (per field, in the spec's order, for
 * weighting what the text index does not score). The read store writes them with the document, so they
 * commit with the projection's batch and are rebuilt with the collection.
 */
export const TERMS_FIELD = '_terms';
export const FIELD_TERMS_FIELD = '_fieldTerms';
export const TEXT_INDEX_NAME = 'text';

export function textIndexes(spec: TextIndexSpec): IndexDescription[] {
  const fields = Object.keys(spec.fields);
  return [
    { key: Object.fromEntries(fields.map((f) => [f, 'text' as const])), weights: spec.fields, default_language: 'none', name: TEXT_INDEX_NAME },
    { key: { [TERMS_FIELD]: 1 } },
  ];
}

/** The word fields to store with `doc`. */
export function termsOf(doc: Record<string, unknown>, spec: TextIndexSpec): { [TERMS_FIELD]: string[]; [FIELD_TERMS_FIELD]: string[][] } {
  const perField = Object.keys(spec.fields).map((field) => {
    const value = readPath(doc, field);
    return typeof value === 'string' ? indexWords(value) : [];
  });
  return { [TERMS_FIELD]: [...new Set(perField.flat())], [FIELD_TERMS_FIELD]: perField };
}

/** Whether a patch touches an indexed field (so the stored words must be recomputed). */
export function touchesTextIndex(changes: Record<string, unknown>, spec: TextIndexSpec): boolean {
  return Object.keys(spec.fields).some((field) => Object.hasOwn(changes, field.split('.')[0]));
}
