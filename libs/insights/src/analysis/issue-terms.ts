import { Token } from './english';

/** Parts of speech whose words carry content; pronouns, determiners, auxiliaries and the like do not. */
const CONTENT: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);

/** The lemmas of a sentence's content words: words only (no punctuation, numbers, emoji), stop words out. */
export const contentLemmas = (tokens: Token[]): string[] =>
  tokens.filter((token) => token.type === 'word' && CONTENT.has(token.pos) && !token.stopWord && token.lemma.length > 1).map((token) => token.lemma);

/** Lemma counts, in first-seen order; an own-property record (a lemma such as "constructor" is a plain key). */
export function termCounts(lemmas: Iterable<string>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const lemma of lemmas) counts.set(lemma, (counts.get(lemma) ?? 0) + 1);
  return Object.fromEntries(counts);
}
