import { EngineRequest, TranslationEngine } from './translation-engine';

// Each ASCII letter and an accented look-alike: the text stays readable, and a string that was never sent
// through translation (hard-coded, concatenated) stands out unaccented.
const ACCENTED: ReadonlyMap<string, string> = new Map(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i]]),
);
const VOWELS = new Set('aeiouyAEIOUY');
// In HTML, tags and entities are not words: they pass through as they came.
const MARKUP = /(<[^>]*>|&(?:#x[0-9a-f]+|#\d+|[a-z]+);)/i;

/**
 * Pseudo-localization, the usual way to test a localization pipeline without a translator: letters accented,
 * vowels doubled (text about 30-40% longer, as many languages run longer than English), each text bracketed,
 * so a cut-off or untranslated string shows. Deterministic; never a translation, and never presented as one.
 */
export class PseudoEngine implements TranslationEngine {
  readonly name = 'pseudo';

  translate(request: EngineRequest): Promise<string[]> {
    return Promise.resolve(request.texts.map((text) => (request.format === 'html' ? pseudoHtml(text) : pseudoText(text))));
  }
}

function pseudoText(text: string): string {
  return text.trim() ? `[${pseudoWords(text)}]` : text;
}

function pseudoHtml(html: string): string {
  const parts = html.split(MARKUP).map((part, i) => (i % 2 === 1 ? part : pseudoWords(part)));
  return parts.some((part, i) => i % 2 === 0 && part.trim()) ? `[${parts.join('')}]` : html;
}

function pseudoWords(text: string): string {
  let out = '';
  for (const char of text) {
    const accented = ACCENTED.get(char) ?? char;
    out += VOWELS.has(char) ? accented + accented : accented;
  }
  return out;
}
