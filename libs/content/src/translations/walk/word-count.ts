const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of a text, as a translation bills them: runs of letters and digits (with inner apostrophes and hyphens). */
export function countWords(text: string): number {
  let words = 0;
  for (const _ of text.matchAll(WORD)) words++;
  return words;
}
