/**
 * How every adapter reads a user's query: as words, never as a query language, so `"foo AND (`, `*` or
 * `NEAR(` are just the words they contain. Words are runs of letters and digits; case and diacritics are
 * folded (the indexes fold the same way: FTS5's `remove_diacritics 2`, MongoDB's text index v3).
 */

/** More words than this add nothing a user meant and only cost; the rest are dropped. */
export const MAX_SEARCH_TERMS = 32;

export interface SearchTerms {
  /** Distinct folded words, in the order typed. */
  words: string[];
  /** Whether the last word is matched as a prefix: it was still being typed (nothing follows it). */
  lastIsPrefix: boolean;
}

/** Lowercase, compatibility-decomposed, without combining marks: "Ça Fait" → "ca fait". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The folded words of an indexed text, each once (what the MongoDB adapter stores for prefix matching). */
export function indexWords(text: string): string[] {
  return [...new Set(foldText(text).match(WORD) ?? [])];
}

export function searchTerms(text: string): SearchTerms {
  const folded = foldText(text);
  const words = [...new Set(folded.match(WORD) ?? [])].slice(0, MAX_SEARCH_TERMS);
  // A word followed by nothing is unfinished; "install " (trailing space) asks for the whole word.
  const lastIsPrefix = words.length > 0 && /[\p{L}\p{N}]$/u.test(folded) && folded.endsWith(words[words.length - 1]);
  return { words, lastIsPrefix };
}
