import { MAX_DOCUMENT_DEPTH } from '../document/document-limits';

/**
 * A small reader of the HTML GitBook writes for its blocks (`<figure>`, `<table>`): elements, their attributes
 * in the order written, and text, kept as written (entities included). Not an HTML parser: anything it does not
 * understand (a comment, a tag left open, a closing tag that closes nothing) makes it answer undefined, and the
 * caller then keeps the HTML verbatim. Linear in its input; nesting past MAX_DOCUMENT_DEPTH is undefined too.
 */
export interface HtmlElement {
  name: string;
  attributes: Map<string, string>;
  children: HtmlNode[];
  /** The opening tag and the closing one as written (undefined for a void element or the root). */
  raw: { open: string; close?: string };
}
export type HtmlNode = HtmlElement | string;

/** Elements that have no closing tag. */
const VOID = new Set(['img', 'source', 'br', 'hr', 'input', 'col', 'wbr']);
const NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;
const ATTRIBUTE_NAME = /[a-zA-Z_:][\w:.-]*/y;
const BARE_VALUE = /[^\s"'=<>`]+/y;
const SPACE = /\s*/y;

/**
 * Scanned by hand, each character once (a regular expression over attributes backtracks on hostile input): a
 * `<` not followed by a letter or `/` is text; a tag that does not end well makes the whole answer undefined.
 */
export function parseHtml(html: string): HtmlNode[] | undefined {
  const root: HtmlElement = { name: '', attributes: new Map(), children: [], raw: { open: '' } };
  const stack: HtmlElement[] = [root];
  let text = '';
  let at = 0;
  const sticky = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const match = pattern.exec(html);
    if (match) at = pattern.lastIndex;
    return match?.[0];
  };
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0 || !/[a-zA-Z/]/.test(html[lt + 1] ?? '')) {
      text += html.slice(at, lt < 0 ? html.length : lt + 1);
      at = lt < 0 ? html.length : lt + 1;
      continue;
    }
    text += html.slice(at, lt);
    at = lt + 1;
    const closing = html[at] === '/';
    if (closing) at++;
    const name = sticky(NAME)?.toLowerCase();
    if (name === undefined) return undefined;
    const attributes = new Map<string, string>();
    for (;;) {
      sticky(SPACE);
      if (html.startsWith('/>', at) || html[at] === '>') break;
      const attribute = sticky(ATTRIBUTE_NAME);
      if (attribute === undefined) return undefined;
      sticky(SPACE);
      let value = '';
      if (html[at] === '=') {
        at++;
        sticky(SPACE);
        const quote = html[at];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, at + 1);
          if (end < 0) return undefined;
          value = html.slice(at + 1, end);
          at = end + 1;
        } else {
          const bare = sticky(BARE_VALUE);
          if (bare === undefined) return undefined;
          value = bare;
        }
      }
      attributes.set(attribute, value);
    }
    const selfClosing = html[at] === '/';
    at += selfClosing ? 2 : 1;
    const written = html.slice(lt, at);
    const top = stack[stack.length - 1];
    if (text !== '') top.children.push(text);
    text = '';
    if (closing) {
      if (top.name !== name || stack.length === 1) return undefined;
      top.raw.close = written;
      stack.pop();
      continue;
    }
    const element: HtmlElement = { name, attributes, children: [], raw: { open: written } };
    top.children.push(element);
    if (!selfClosing && !VOID.has(name)) {
      if (stack.length > MAX_DOCUMENT_DEPTH) return undefined;
      stack.push(element);
    }
  }
  if (stack.length > 1) return undefined;
  if (text !== '') root.children.push(text);
  return root.children;
}

/** The nodes as they were written. */
export function htmlText(nodes: readonly HtmlNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : `${node.raw.open}${htmlText(node.children)}${node.raw.close ?? ''}`)).join('');
}

export function formatAttributes(attributes: ReadonlyMap<string, string | undefined>): string {
  let out = '';
  for (const [name, value] of attributes) if (value !== undefined) out += value === '' && FLAG.has(name) ? ` ${name}` : ` ${name}="${value}"`;
  return out;
}

/** Attributes GitBook writes bare. */
const FLAG = new Set(['data-hidden', 'data-card-target', 'data-card-cover', 'data-card-cover-dark', 'data-header-hidden', 'open']);

/** Children that are elements, when all the others are blank text; undefined when some text is not blank. */
export function elementsOnly(nodes: readonly HtmlNode[]): HtmlElement[] | undefined {
  const elements: HtmlElement[] = [];
  for (const node of nodes) {
    if (typeof node !== 'string') elements.push(node);
    else if (node.trim() !== '') return undefined;
  }
  return elements;
}

/** Whether the element has only the attributes named. */
export function hasOnly(element: HtmlElement, names: readonly string[]): boolean {
  for (const name of element.attributes.keys()) if (!names.includes(name)) return false;
  return true;
}
