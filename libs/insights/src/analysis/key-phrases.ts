import { Token } from './english';
import { CUE_WORDS } from './problem-cues';

const PHRASE_PARTS: ReadonlySet<string> = new Set(['ADJ', 'NOUN', 'PROPN']);
const HEADS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);
/** Longer runs keep their last words: "the new SSO login page" is "sso login page". */
const MAX_PHRASE_WORDS = 3;
/**
 * Nouns that name no topic of the documentation (greetings, time, the conversation itself): a phrase made
 * only of them is no key phrase, so "thanks" or "yesterday" never label an issue.
 */
const GENERIC: ReadonlySet<string> = new Set([
  'thanks', 'thank', 'hi', 'hello', 'hey', 'please', 'today', 'yesterday', 'tomorrow', 'morning', 'afternoon', 'evening',
  'minute', 'hour', 'day', 'week', 'month', 'year', 'moment', 'time', 'way', 'thing', 'lot', 'bit', 'help', 'question',
  'problem', 'issue', 'anyone', 'someone', 'everyone', 'guy', 'sir', 'madam', 'idea', 'answer', 'reply', 'option',
  // The documentation itself: what of it is the topic ("the docs about Git Sync": git sync).
  'doc', 'docs', 'documentation',
]);

/** A noun phrase and the index of its first token in the sentence. */
export interface PlacedPhrase {
  phrase: string;
  at: number;
}

/**
 * The noun phrases of a sentence, from its part-of-speech tags, in order (repeats kept, they rank): runs of
 * adjectives and nouns ending on a noun ("custom domain", "api key"), lemmatized and lower-cased, stop
 * words, cue words ("error", "broken") and generic nouns left out.
 */
export function placedPhrases(tokens: Token[]): PlacedPhrase[] {
  const phrases: PlacedPhrase[] = [];
  let run: Token[] = [];
  let start = 0;
  const close = () => {
    while (run.length && !HEADS.has(run[run.length - 1].pos)) run.pop();
    const kept = run.slice(-MAX_PHRASE_WORDS);
    const words = kept.map((token) => token.lemma);
    if (words.length && !words.every((word) => GENERIC.has(word))) phrases.push({ phrase: words.join(' '), at: start + run.length - kept.length });
    run = [];
  };
  tokens.forEach((token, i) => {
    const part = token.type === 'word' && PHRASE_PARTS.has(token.pos) && !token.stopWord && !CUE_WORDS.has(token.lemma) && !CUE_WORDS.has(token.normal) && !GENERIC.has(token.lemma);
    if (!part) return close();
    if (!run.length) start = i;
    run.push(token);
  });
  close();
  return phrases;
}

export const nounPhrases = (tokens: Token[]): string[] => placedPhrases(tokens).map((placed) => placed.phrase);

/** Distinct phrases, best first: the most frequent, then the longest, then the first seen. */
export function rankPhrases(phrases: string[]): string[] {
  const seen = new Map<string, { count: number; first: number }>();
  phrases.forEach((phrase, i) => {
    const entry = seen.get(phrase);
    if (entry) entry.count++;
    else seen.set(phrase, { count: 1, first: i });
  });
  const words = (phrase: string) => phrase.split(' ').length;
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => y.count - x.count || words(b) - words(a) || x.first - y.first)
    .map(([phrase]) => phrase);
}
