import type { Block } from '../document/document.model';
import { ContentRef, Inline, InlineButton, InlineImage, Leaf, Mark, Text } from '../document/document.model';
import { LinkContext } from './dialect';
import { emphasisFits, Delimiter } from './inline-delimiters';
import { codeSpan, escapeText, formatDestination } from './inline-escape';
import { formatHtmlTag } from './inline-html';
import { sameMark, styleOfColor, TAG_OF_MARK } from './inline-marks';
import { MENTION_TITLE, USER_MENTION } from './inline-reader';

/** What writing a paragraph's phrasing needs from the page around it. */
export interface InlineWriteContext {
  links: LinkContext;
  /** Inside HTML (cards and table cells written as HTML, `<figcaption>`, `<summary>`): marks and links as HTML tags. */
  html: boolean;
  /** Registers an annotation's body as a footnote and answers its label; the page writes the definitions. */
  footnote(body: Block[]): string;
}

/**
 * Texts and inlines as GitBook writes them: `**bold**`, `_italic_`, `` `code` ``, `~~strike~~`, the other marks
 * as tags (`<kbd>`, `<sup>`, `<sub>`, `<mark style="color:red;">`), links, mentions (`[name](target
 * "mention")`), images, buttons, icons, expressions, `$$math$$`, footnote references; everything as HTML tags
 * when `html`. Reading the result back (readInlines) gives the same texts and inlines.
 */
export function writeInlines(nodes: readonly (Text | Inline)[], ctx: InlineWriteContext): string {
  const tokens: Token[] = [];
  tokenize(nodes, ctx, tokens);
  resolve(tokens, ctx.html);
  return render(tokens, ctx.html);
}

/**
 * The written form as a flat list: text (escaped once its neighbours are known), raw syntax, line breaks, and
 * the opening and closing of each mark, whose syntax is chosen once the characters around it are known.
 */
type Token =
  | { kind: 'text'; text: string; inLink: boolean }
  | { kind: 'raw'; text: string }
  | { kind: 'break'; text?: string }
  | { kind: 'autolink'; literal: string; bracketed: string; text?: string }
  | { kind: 'open'; mark: Mark; pair: MarkPair }
  | { kind: 'close'; mark: Mark; pair: MarkPair };
/** Where a mark opens and closes in the tokens, and the syntax chosen for it. */
interface MarkPair {
  open: number;
  close: number;
  written?: { open: string; close: string };
}

type Item = Leaf | Inline;

function tokenize(nodes: readonly (Text | Inline)[], ctx: InlineWriteContext, tokens: Token[], inLink = false): void {
  const items: Item[] = [];
  for (const node of nodes) {
    if (node.object === 'text') for (const leaf of node.leaves) items.push(leaf); // no spread: a paragraph may hold many leaves
    else items.push(node);
  }
  nest(items, 0, items.length, [], ctx, tokens, inLink);
}

/**
 * Leaves `from..to` under the marks already open: the first leaf's first mark not yet open wraps the longest run of
 * leaves that carry it, so a mark over several leaves is written once and a leaf's marks nest in the order it
 * lists them. Code is innermost: a code span holds no other syntax.
 */
function nest(items: Item[], from: number, to: number, open: Mark[], ctx: InlineWriteContext, tokens: Token[], inLink: boolean): void {
  for (let i = from; i < to;) {
    const item = items[i];
    if (item.object !== 'leaf') {
      inline(item, ctx, tokens);
      i++;
      continue;
    }
    const pending = item.marks.filter((mark) => !open.some((o) => sameMark(o, mark)));
    const mark = pending.find((m) => m.type !== 'code') ?? pending[0];
    if (!mark) {
      leafText(item.text, tokens, inLink);
      i++;
      continue;
    }
    if (mark.type === 'code') {
      code(item.text, ctx.html, tokens);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < to && items[j].object === 'leaf' && (items[j] as Leaf).marks.some((m) => sameMark(m, mark))) j++;
    const pair: MarkPair = { open: tokens.length, close: -1 };
    tokens.push({ kind: 'open', mark, pair });
    nest(items, i, j, [...open, mark], ctx, tokens, inLink);
    pair.close = tokens.length;
    tokens.push({ kind: 'close', mark, pair });
    i = j;
  }
}

function leafText(text: string, tokens: Token[], inLink: boolean): void {
  text.split('\n').forEach((line, i) => {
    if (i > 0) tokens.push({ kind: 'break' });
    if (line !== '') tokens.push({ kind: 'text', text: line, inLink });
  });
}

/** A code leaf: a code span per line (a span cannot hold a line break). */
function code(text: string, html: boolean, tokens: Token[]): void {
  text.split('\n').forEach((line, i) => {
    if (i > 0) tokens.push({ kind: 'break' });
    if (line === '') return;
    const atLineStart = tokens.length === 0 || tokens[tokens.length - 1].kind === 'break';
    const span = codeSpan(line);
    // A fence of three backticks opening a line would open a code block: the HTML form says the same.
    if (html || (atLineStart && span.startsWith('```'))) tokens.push({ kind: 'raw', text: '<code>' }, { kind: 'text', text: line, inLink: false }, { kind: 'raw', text: '</code>' });
    else tokens.push({ kind: 'raw', text: span });
  });
}

function inline(node: Inline, ctx: InlineWriteContext, tokens: Token[]): void {
  const raw = (text: string) => tokens.push({ kind: 'raw', text });
  const target = (ref: ContentRef) => ctx.links.targetOfRef(ref, 'link');
  switch (node.type) {
    case 'link':
      if (ctx.html) {
        raw(formatHtmlTag('a', [['href', target(node.data.ref)]]));
        tokenize(node.nodes, ctx, tokens, true);
        raw('</a>');
      } else {
        const href = target(node.data.ref);
        const literal = autolinkLiteral(node.nodes, href);
        if (literal !== undefined) {
          tokens.push({ kind: 'autolink', literal, bracketed: `[${escapeText(literal, false, IN_LINK)}](${formatDestination(href)})` });
          return;
        }
        raw('[');
        tokenize(node.nodes, ctx, tokens, true);
        raw(`](${formatDestination(href)})`);
      }
      return;
    case 'mention': {
      const written = target(node.data.ref);
      if (ctx.html) {
        raw(`${formatHtmlTag('a', [['data-mention', true], ['href', written]])}`);
        tokens.push({ kind: 'text', text: mentionText(written), inLink: true });
        raw('</a>');
      } else if (USER_MENTION.test(written)) {
        raw(`[](${written})`);
      } else {
        raw('[');
        tokens.push({ kind: 'text', text: mentionText(written), inLink: true });
        raw(`](${formatDestination(written)} "${MENTION_TITLE}")`);
      }
      return;
    }
    case 'inline-image':
      raw(image(node, ctx));
      return;
    case 'emoji':
      tokens.push({ kind: 'text', text: String.fromCodePoint(...node.data.code.split('-').map((hex) => parseInt(hex, 16))), inLink: false });
      return;
    case 'icon':
      raw(formatHtmlTag('i', [['class', `fa-${node.data.icon}`], ['style', node.data.color ? `color:${node.data.color};` : undefined]]));
      tokens.push({ kind: 'text', text: `:${node.data.icon}:`, inLink: false });
      raw('</i>');
      return;
    case 'expression':
      raw('<code class="expression">');
      leafText(node.data.expression, tokens, false);
      raw('</code>');
      return;
    case 'inline-math':
      raw(mathSpan(node.data.formula));
      return;
    case 'button':
      raw(buttonTag(node.data, ctx));
      tokens.push({ kind: 'text', text: node.data.label, inLink: true });
      raw('ref' in node.data ? '</a>' : '</button>');
      return;
    case 'annotation':
      // The annotated text, then its footnote: Markdown has no syntax for the span an annotation covers.
      tokenize(node.nodes, ctx, tokens);
      raw(`[^${ctx.footnote(node.fragments[0]?.nodes ?? [])}]`);
      return;
  }
}

const IN_LINK = { before: '[', after: ']', lineStart: false, lineEnd: false, inLink: true, beforeLink: false };

/**
 * GFM reads a bare `https://…` or `www.…` in text as a link to it; such a link (its text its URL) is written bare
 * where it reads back so. A URL that ends in punctuation GFM would leave out, or whose host is no domain, is not.
 */
const AUTOLINK_LITERAL = /^(?:https?:\/\/|www\.)(?:[A-Za-z0-9_-]+\.)*[A-Za-z0-9-]+\.[A-Za-z0-9-]+(?:[/?#:][^\s<]*)?$/;

function autolinkLiteral(nodes: readonly (Text | InlineImage)[], href: string): string | undefined {
  const [only] = nodes;
  if (nodes.length !== 1 || only.object !== 'text' || only.leaves.length !== 1 || only.leaves[0].marks.length > 0) return undefined;
  const literal = only.leaves[0].text;
  if (literal !== href && `http://${literal}` !== href) return undefined;
  if (literal.startsWith('www.') === (literal === href)) return undefined;
  if (!AUTOLINK_LITERAL.test(literal) || /[?!.,:*_~'"]$|&[A-Za-z0-9]+;$/.test(literal) || !balancedParentheses(literal)) return undefined;
  return literal;
}

function balancedParentheses(text: string): boolean {
  return (text.match(/\(/g)?.length ?? 0) === (text.match(/\)/g)?.length ?? 0);
}

/**
 * Does a bare URL here read back as this link? GFM starts one after a space, the paragraph's start or `*_~(`, and
 * runs it to the next space or `<`, less punctuation at its end.
 */
function bareAutolinkFits(tokens: Token[], at: number): boolean {
  const previous = tokens[at - 1];
  const before = !previous || previous.kind === 'break' || previous.kind === 'open' || previous.kind === 'close' ? ' ' : previous.kind === 'autolink' ? 'x' : previous.text.slice(-1);
  if (!/^[\s*_~(]?$/.test(before)) return false;
  const next = tokens[at + 1];
  if (!next || next.kind === 'break' || next.kind === 'close') return true;
  if (next.kind === 'raw') return next.text.startsWith('<');
  return next.kind === 'text' && /^[?!.,:]*(?:\s|$)/.test(next.text);
}

/** The name GitBook shows for a mention: the target's file (`quickstart.md`), folder (`embedding`) or anchor (`#setup`). */
export function mentionText(target: string): string {
  const hash = target.indexOf('#');
  if (hash >= 0 && hash < target.length - 1) return target.slice(hash);
  const path = target.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1) || target;
}

/** `![alt](src)`; `<img>` for an image sized to the line; `<picture>` with the dark variant's `<source>`. */
function image({ data }: InlineImage, ctx: InlineWriteContext): string {
  const src = ctx.links.targetOfRef(data.ref, 'image');
  if (!ctx.html && !data.refDark && !data.size) {
    const title = data.caption ? ` "${data.caption.replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
    return `![${escapeAlt(data.alt ?? '')}](${formatDestination(src)}${title})`;
  }
  const img = formatHtmlTag('img', [['src', src], ['alt', data.alt ?? ''], ['data-size', data.size]]);
  if (!data.refDark) return img;
  const dark = formatHtmlTag('source', [['srcset', ctx.links.targetOfRef(data.refDark, 'image')], ['media', '(prefers-color-scheme: dark)']]);
  return `<picture>${dark}${img}</picture>`;
}

function escapeAlt(alt: string): string {
  return alt.replace(/[\\[\]`*_<&]/g, (c) => `\\${c}`);
}

/** GitBook's buttons: `<a href class="button primary">` for a link, `<button type="button" data-action>` for an action. */
function buttonTag(data: InlineButton['data'], ctx: InlineWriteContext): string {
  const looks: [string, string | undefined][] = [['data-size', data.size], ['data-icon', data.icon]];
  const kind = `button ${data.kind}`;
  if ('ref' in data) return formatHtmlTag('a', [['href', ctx.links.targetOfRef(data.ref, 'link')], ['class', kind], ...looks]);
  const { action } = data;
  return formatHtmlTag('button', [
    ['type', 'button'],
    ['class', kind],
    ['data-action', action.action],
    ['data-query', 'query' in action ? action.query : undefined],
    ['data-slug', 'slug' in action ? action.slug : undefined],
    ...looks,
  ]);
}

/** `$$…$$`, with a longer fence when the formula holds `$$`. */
function mathSpan(formula: string): string {
  const longest = Math.max(1, ...(formula.match(/\$+/g) ?? []).map((run) => run.length));
  const fence = '$'.repeat(longest + 1);
  const pad = /^\$|\$$/.test(formula) || (/^ .* $/s.test(formula) && formula.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${formula}${pad}${fence}`;
}

/** Chooses each mark's syntax, Markdown's where it reads back as the mark in its place, else the HTML tag. */
function resolve(tokens: Token[], html: boolean): void {
  tokens.forEach((token, i) => {
    if (token.kind === 'break') token.text = html || trailing(tokens, i) ? '<br>' : '\\\n';
    if (token.kind === 'autolink') token.text = bareAutolinkFits(tokens, i) ? token.literal : token.bracketed;
  });
  tokens.forEach((token, i) => {
    if (token.kind !== 'open') return;
    const close = token.pair.close;
    const around = (at: number, step: 1 | -1): string => {
      const neighbour = tokens[at];
      if (!neighbour) return '';
      // A mark not yet written is some delimiter or tag: punctuation either way.
      if (neighbour.kind === 'open' || neighbour.kind === 'close') return '*';
      const text = neighbour.kind === 'break' ? '\n' : neighbour.text!;
      return step === 1 ? text[0] : text[text.length - 1];
    };
    const delimiter = html ? undefined : markdownDelimiter(token.mark, around(i - 1, -1), around(i + 1, 1), around(close - 1, -1), around(close + 1, 1), tokens[i - 1], tokens[close + 1]);
    token.pair.written = delimiter ? { open: delimiter, close: delimiter } : htmlMark(token.mark);
  });
}

/** A line break with nothing but closing marks after it: `\` would end the paragraph as text, so `<br>`. */
function trailing(tokens: Token[], at: number): boolean {
  return tokens.slice(at + 1).every((token) => token.kind === 'close');
}

function markdownDelimiter(mark: Mark, before: string, first: string, last: string, after: string, previous?: Token, next?: Token): Delimiter | undefined {
  const candidates: Delimiter[] = mark.type === 'bold' ? ['**'] : mark.type === 'italic' ? ['_', '*'] : mark.type === 'strikethrough' ? ['~~'] : [];
  const touchesMark = (token?: Token) => token?.kind === 'open' || token?.kind === 'close';
  return candidates.find((delimiter) =>
    emphasisFits(delimiter, before, first, last, after) &&
    // A lone `*` beside another mark's delimiter could join its run (`***`): the tag says it plainly.
    !(delimiter === '*' && (touchesMark(previous) || touchesMark(next))));
}

function htmlMark(mark: Mark): { open: string; close: string } {
  if (mark.type === 'color') {
    const style = styleOfColor(mark);
    return { open: style ? formatHtmlTag('mark', [['style', style]]) : '<mark>', close: '</mark>' };
  }
  const tag = TAG_OF_MARK.get(mark.type)!;
  return { open: `<${tag}>`, close: `</${tag}>` };
}

/** Joins the tokens, escaping each text now that what surrounds it is known. */
function render(tokens: Token[], html: boolean): string {
  const written = tokens.map((token) => {
    if (token.kind === 'open') return token.pair.written!.open;
    if (token.kind === 'close') return token.pair.written!.close;
    return token.kind === 'text' ? '' : token.text!;
  });
  const edge = (at: number, step: 1 | -1): string => {
    for (let i = at; i >= 0 && i < tokens.length; i += step) {
      const token = tokens[i];
      const text = token.kind === 'text' ? token.text : written[i];
      if (text) return step === 1 ? text[0] : text[text.length - 1];
    }
    return '';
  };
  let out = '';
  tokens.forEach((token, i) => {
    if (token.kind !== 'text') {
      out += written[i];
      return;
    }
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    out += escapeText(token.text, html, {
      before: edge(i - 1, -1),
      after: edge(i + 1, 1),
      lineStart: !previous || previous.kind === 'break',
      lineEnd: !next || next.kind === 'break',
      inLink: token.inLink,
      beforeLink: next !== undefined && next.kind === 'raw' && next.text.startsWith('['),
    });
  });
  return out;
}


