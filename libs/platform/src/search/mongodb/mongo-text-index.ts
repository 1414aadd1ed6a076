import { IndexDescription } from 'mongodb';
import { readPath } from '../../read-store/read-path';
import { indexWords } from '../search-terms';
import { TextIndexSpec } from '../search.port';

/**
 * A collection's text index in MongoDB: beside each document, the folded words of its indexed fields, cut
 * by Folio's own rule (`indexWords`, as SQLite's unicode61 cuts them): `_terms` (all of them, indexed, for
 * matching every word and the last one's prefix) and `_fieldTerms` (per field, in the spec's order, for
 * weighting). No MongoDB text index: its tokenizer keeps `_`, `€` and emoji inside words, so `folio secret`
 * would not find `FOLIO_SECRET` there while SQLite does. The read store writes the words with the document,
 * so they commit with the projection's batch and are rebuilt with the collection.
 */
export const TERMS_FIELD = '_terms';
export const FIELD_TERMS_FIELD = '_fieldTerms';
/** The name of the `$text` index earlier versions built, dropped where it is still there. */
export const LEGACY_TEXT_INDEX = 'text';

export function textIndexes(): IndexDescription[] {
  return [{ key: { [TERMS_FIELD]: 1 } }];
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
