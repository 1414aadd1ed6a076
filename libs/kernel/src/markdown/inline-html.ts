import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import type { PhrasingContent } from 'mdast';

/**
 * The HTML GitBook writes inside a paragraph (`<kbd>`, `<mark style>`, `<a class="button">`, `<img>`…): one tag
 * read into its name and attributes, tags written back, entities decoded, and HTML content (a card's or a
 * table cell's, a figcaption) cut into the phrasing nodes the inline reader takes.
 */
export interface HtmlTag {
  name: string;
  closing: boolean;
  /** Attribute values decoded; an attribute written without a value (`data-mention`) is ''. Keys from the page: a Map. */
  attributes: Map<string, string>;
}

const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const TAG_START = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/;
const TAG_END = /^\s*\/?>$/;

/** One tag (`<a href="x">`, `</a>`, `<br/>`), or undefined for anything else (a comment, text, two tags). */
export function parseHtmlTag(source: string): HtmlTag | undefined {
  const start = TAG_START.exec(source);
  if (!start) return undefined;
  const attributes = new Map<string, string>();
  let at = start[0].length;
  ATTRIBUTE.lastIndex = at;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    const name = match[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    at = ATTRIBUTE.lastIndex;
  }
  if (!TAG_END.test(source.slice(at))) return undefined;
  if (start[1] && attributes.size > 0) return undefined;
  return { name: start[2].toLowerCase(), closing: start[1] === '/', attributes };
}

/** A tag as GitBook writes it: attributes in the given order, those without a value left out. */
export function formatHtmlTag(name: string, attributes: [string, string | boolean | undefined][] = []): string {
  const written = attributes
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${escapeAttribute(value as string)}"`))
    .join('');
  return `<${name}${written}>`;
}

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6});|#([0-9]{1,7});|([A-Za-z][A-Za-z0-9]{0,31});)/g;
const REFERENCE_AT = new RegExp(REFERENCE.source, 'y');

/** HTML character references decoded; one that names nothing stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) {
      const decoded = decodeNamedCharacterReference(name);
      return decoded === false ? whole : decoded;
    }
    const point = parseInt(hex ?? decimal!, hex ? 16 : 10);
    return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : '\uFFFD';
  });
}

/** Would this `&` start a character reference (so that writing it bare would read back as another character)? */
export function startsReference(text: string, at: number): boolean {
  REFERENCE_AT.lastIndex = at;
  const match = REFERENCE_AT.exec(text);
  return match !== null && (match[3] === undefined || decodeNamedCharacterReference(match[3]) !== false);
}

/** The tags the inline reader gives a meaning (marks, links, buttons, icons, images, breaks). */
export const READ_TAGS: ReadonlySet<string> = new Set(['strong', 'em', 'code', 's', 'kbd', 'sup', 'sub', 'mark', 'a', 'button', 'i', 'picture', 'img', 'br']);

/** CommonMark's inline tag: attribute names hold no `<`, so a failed attempt stops at the next tag's start. */
const TAG_AT = /<\/?([A-Za-z][A-Za-z0-9-]*)(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/y;
const AUTOLINK_AT = /<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>]+)>/y;

/**
 * Finds tags and comments in one text, at increasing offsets, in time linear in the text: the next `-->` is
 * looked up once and reused, so a page of unclosed `<!--` costs no scan per `<!--`.
 */
export class TagScanner {
  private commentEnd = -2;

  constructor(private readonly text: string) {}

  /** The tag or comment starting at `at`: where it ends, and the tag's name (none for a comment). */
  at(at: number): { end: number; name?: string } | undefined {
    if (this.text.startsWith('<!--', at)) {
      if (this.commentEnd !== -1 && this.commentEnd < at + 4) this.commentEnd = this.text.indexOf('-->', at + 4);
      return this.commentEnd === -1 ? undefined : { end: this.commentEnd + 3 };
    }
    TAG_AT.lastIndex = at;
    const tag = TAG_AT.exec(this.text);
    return tag ? { end: TAG_AT.lastIndex, name: tag[1].toLowerCase() } : undefined;
  }

  /**
   * Must the `<` at `at` be written `&#x3C;`? A tag the reader gives a meaning, or an autolink (`<https://…>`),
   * would not read back as the text it is; a tag it keeps as text (`<span>`, a comment) does, and is written as
   * it is, so HTML kept verbatim round-trips byte for byte. Anything else is no tag and needs nothing.
   */
  opensReadTag(at: number): boolean {
    const tag = this.at(at);
    if (tag) return tag.name !== undefined && READ_TAGS.has(tag.name);
    AUTOLINK_AT.lastIndex = at;
    return AUTOLINK_AT.test(this.text);
  }
}

/** Text inside HTML: `<` that would open a tag read as one and `&` that would start a reference become references. */
export function escapeHtmlText(text: string): string {
  const tags = new TagScanner(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' && tags.opensReadTag(i)) out += '&#x3C;';
    else if (c === '&' && startsReference(text, i)) out += '&#x26;';
    else out += c;
  }
  return out;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;');
}

/**
 * HTML content (a cell's, a figcaption's) as the phrasing nodes Markdown's parser would give for it: its tags as
 * `html` nodes, the text between them decoded. Markdown is not read inside HTML, so `*` stays a star.
 */
export function htmlToPhrasing(html: string): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const tags = new TagScanner(html);
  let from = 0;
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
    const tag = tags.at(at);
    if (!tag) continue;
    if (at > from) out.push({ type: 'text', value: decodeEntities(html.slice(from, at)) });
    out.push({ type: 'html', value: html.slice(at, tag.end) });
    from = tag.end;
    at = tag.end - 1;
  }
  if (from < html.length) out.push({ type: 'text', value: decodeEntities(html.slice(from)) });
  return out;
}
