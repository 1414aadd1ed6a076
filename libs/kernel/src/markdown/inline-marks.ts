import { ColorMark, Mark, PlainMarkType, TEXT_COLORS, TextColor } from '../document/inline.model';

/**
 * The marks' HTML forms, both ways: Markdown has syntax for bold, italic, code and strikethrough only; GitBook
 * writes the others as tags (`<kbd>`, `<sup>`, `<sub>`, `<mark style="color:red;">`), and all of them as tags
 * inside HTML (a card, a table cell written as HTML, a figcaption).
 */
export const MARK_TAGS: ReadonlyMap<string, PlainMarkType> = new Map([
  ['strong', 'bold'],
  ['em', 'italic'],
  ['code', 'code'],
  ['s', 'strikethrough'],
  ['kbd', 'keyboard'],
  ['sup', 'superscript'],
  ['sub', 'subscript'],
]);
export const TAG_OF_MARK: ReadonlyMap<PlainMarkType, string> = new Map([...MARK_TAGS].map(([tag, mark]) => [mark, tag]));

const COLORS: ReadonlySet<string> = new Set(TEXT_COLORS);
const DECLARATION = /^\s*(color|background-color)\s*:\s*([$a-z]+)\s*$/i;

/** `color:red;background-color:blue;` as a color mark (no style: both default); undefined when it says anything else. */
export function colorOfStyle(style: string): ColorMark | undefined {
  const data: ColorMark['data'] = { text: 'default', background: 'default' };
  const declarations = style.split(';').filter((part) => part.trim() !== '');
  for (const declaration of declarations) {
    const match = DECLARATION.exec(declaration);
    if (!match || !COLORS.has(match[2])) return undefined;
    data[match[1].toLowerCase() === 'color' ? 'text' : 'background'] = match[2] as TextColor;
  }
  return { object: 'mark', type: 'color', data };
}

/** GitBook's style for a color mark: `color:red;`, `background-color:blue;` or both; a default color is not written. */
export function styleOfColor({ data }: ColorMark): string {
  return (data.text !== 'default' ? `color:${data.text};` : '') + (data.background !== 'default' ? `background-color:${data.background};` : '');
}

export function sameMark(a: Mark, b: Mark): boolean {
  if (a.type !== b.type) return false;
  if (a.type !== 'color' || b.type !== 'color') return true;
  return a.data.text === b.data.text && a.data.background === b.data.background;
}

export function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, i) => sameMark(mark, b[i]));
}
