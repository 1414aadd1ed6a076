import winkNLP, { ItemSentence, WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** One word of a sentence as the extractors read it: lower-cased form, lemma, part of speech, flags. */
export interface Token {
  normal: string;
  lemma: string;
  pos: string;
  /** `word`, `number`, `punctuation`, `emoji`, `url`…: only words count as content. */
  type: string;
  stopWord: boolean;
}

/**
 * wink-nlp with its English model, loaded on first use and kept for the life of the thread (the model is a
 * few megabytes and takes tens of milliseconds to load: once per worker thread, never per conversation).
 */
let loaded: WinkMethods | null = null;
const english = (): WinkMethods => (loaded ??= winkNLP(model));

/** A sentence of a text: as written, and its tokens. */
export interface Sentence {
  text: string;
  tokens: Token[];
}

/** The sentences of a text (wink's sentence boundary detection), in order. */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  english()
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => sentences.push({ text: sentence.out(), tokens: tokensOf(sentence) }));
  return sentences;
}

/** The tokens of a sentence, lemmas lower-cased and normalized (lemmaOf). */
function tokensOf(sentence: ItemSentence): Token[] {
  const its = english().its;
  const tokens = sentence.tokens();
  const normals = tokens.out(its.normal) as string[];
  // The typings declare `its.lemma` with the addons argument `out` does not pass on (it does at run time).
  const lemmas = tokens.out(its.lemma as unknown as typeof its.normal) as string[];
  const pos = tokens.out(its.pos) as string[];
  const types = tokens.out(its.type) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  return normals.map((normal, i) => ({ normal, lemma: lemmaOf(lemmas[i].toLowerCase(), normal, pos[i]), pos: pos[i], type: types[i], stopWord: stops[i] }));
}

/**
 * The model's lemma, but for a plural noun it does not know ("webhooks", "repos": its lemma is the word
 * itself), whose regular plural is undone, so "webhooks failing" and "webhook fails" share their lemmas.
 * Words ending in -ss, -us, -is ("access", "status", "analysis") are not plurals.
 */
function lemmaOf(lemma: string, normal: string, pos: string): string {
  if ((pos !== 'NOUN' && pos !== 'PROPN') || lemma !== normal || lemma.length < 4) return lemma;
  if (!lemma.endsWith('s') || /(ss|us|is)$/.test(lemma)) return lemma;
  return lemma.slice(0, -1);
}
