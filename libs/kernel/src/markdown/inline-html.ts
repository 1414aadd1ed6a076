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

/** The tags the inline reader gives a meaning (marks, links, buttons, icons, images, breaks). */
export const READ_TAGS: ReadonlySet<string> = new Set(['strong', 'em', 'code', 's', 'kbd', 'sup', 'sub', 'mark', 'a', 'button', 'i', 'picture', 'img', 'br']);

/**
 * Is this a tag the inline reader gives a meaning, by its shape (a closing tag of such a name too, since it may
 * close one)? `<a href="#x" id="x">` (a heading's anchor) is not: the reader keeps it as the text it is.
 */
export function isReadTag(tag: HtmlTag): boolean {
  const attributes = tag.attributes;
  if (tag.closing || tag.name === 'picture' || tag.name === 'br') return READ_TAGS.has(tag.name);
  switch (tag.name) {
    case 'code':
      return attributes.size === 0 || attributes.get('class') === 'expression';
    case 'mark':
      return attributes.size === 0 || (attributes.size === 1 && attributes.has('style'));
    case 'i':
      return (attributes.get('class') ?? '').startsWith('fa-');
    case 'a':
      return attributes.has('href') && (attributes.size === 1 || attributes.has('data-mention') || (attributes.get('class') ?? '').startsWith('button'));
    case 'button':
      return (attributes.get('class') ?? '').startsWith('button');
    case 'img':
      return attributes.has('src');
    default:
      return READ_TAGS.has(tag.name) && attributes.size === 0;
  }
}

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
   * Must the `<` at `at` be written `&#x3C;`? A tag the reader gives a meaning (or the closing tag of such an
   * element still open around the text: `isOpen`), or an autolink (`<https://…>`), would not read back as the
   * text it is; a tag it keeps as text (`<span>`, a comment, a heading's `<a href="#x" id="x">`) does, and is
   * written as it is, so HTML kept verbatim round-trips byte for byte. Anything else is no tag and needs nothing.
   */
  opensReadTag(at: number, isOpen: (name: string) => boolean): boolean {
    const tag = this.at(at);
    if (tag) {
      const parsed = tag.name === undefined ? undefined : parseHtmlTag(this.text.slice(at, tag.end));
      if (!parsed) return false;
      return parsed.closing ? READ_TAGS.has(parsed.name) && isOpen(parsed.name) : isReadTag(parsed);
    }
    AUTOLINK_AT.lastIndex = at;
    return AUTOLINK_AT.test(this.text);
  }
}

/**
 * Text inside HTML (a card's or a table cell's, a figcaption): GitBook writes every `&` as `&#x26;` and every `<`
 * as `&#x3C;` there, but for the `<span>`s of its own it writes as tags (a select column's options) and the
 * reader keeps as they are.
 */
export function escapeHtmlText(text: string): string {
  const tags = new TagScanner(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '&') out += '&#x26;';
    else if (c === '<' && tags.at(i)?.name !== 'span') out += '&#x3C;';
    else out += c;
  }
  return out;
}

/** An attribute's value as GitBook writes it: `&`, `"` and `'` as references. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;').replace(/'/g, '&#x27;');
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
