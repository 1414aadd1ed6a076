/** The sizes of an extracted issue's fields, whichever extractor found it. */
export const MAX_TITLE_CHARACTERS = 100;
export const MAX_SUMMARY_CHARACTERS = 600;
export const MAX_KEY_PHRASES = 5;

/** A text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
