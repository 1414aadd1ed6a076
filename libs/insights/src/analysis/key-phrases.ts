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
  'problem', 'issue', 'anyone', 'someone', 'everyone', 'guy', 'team', 'sir', 'madam', 'idea', 'answer', 'reply',
]);

/**
 * The noun phrases of a sentence, from its part-of-speech tags, in order (repeats kept, they rank): runs of
 * adjectives and nouns ending on a noun ("custom domain", "api key"), lemmatized and lower-cased, stop
 * words, cue words ("error", "broken") and generic nouns left out.
 */
export function nounPhrases(tokens: Token[]): string[] {
  const phrases: string[] = [];
  let run: Token[] = [];
  const close = () => {
    while (run.length && !HEADS.has(run[run.length - 1].pos)) run.pop();
    const words = run.slice(-MAX_PHRASE_WORDS).map((token) => token.lemma);
    if (words.length && !words.every((word) => GENERIC.has(word))) phrases.push(words.join(' '));
    run = [];
  };
  for (const token of tokens) {
    const part = token.type === 'word' && PHRASE_PARTS.has(token.pos) && !token.stopWord && !CUE_WORDS.has(token.lemma) && !CUE_WORDS.has(token.normal) && !GENERIC.has(token.lemma);
    if (part) run.push(token);
    else close();
  }
  close();
  return phrases;
}

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
