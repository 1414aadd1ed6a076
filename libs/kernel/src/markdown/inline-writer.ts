import type { Block } from '../document/document.model';
import { ContentRef, Inline, InlineButton, InlineImage, Leaf, Mark, Text } from '../document/document.model';
import { LinkContext } from './dialect';
import { emphasisFits, Delimiter } from './inline-delimiters';
import { codeSpan, escapeExpression, escapeText, formatDestination, InlineContainer } from './inline-escape';
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
  /** What holds the text when not `html` (default a paragraph): a heading's or a GFM table cell's text opens no block. */
  container?: InlineContainer;
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
  const container = ctx.container ?? 'paragraph';
  resolve(tokens, ctx.html, container);
  return render(tokens, ctx.html, container);
}

/**
 * The written form as a flat list: text (escaped once its neighbours are known), raw syntax, line breaks, and
 * the opening and closing of each mark, whose syntax is chosen once the characters around it are known.
 */
type Token =
  | { kind: 'text'; text: string; inLink: boolean; encodeEdges?: { start?: boolean; end?: boolean } }
  | { kind: 'raw'; text: string }
  | { kind: 'break'; text?: string }
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
 * Leaves `from..to` under the marks already open: the first leaf's outermost mark not yet open wraps the run of
 * leaves that list it outermost too, so a mark over several leaves is written once and each leaf's marks nest in
 * the order it lists them. Code is innermost: a code span holds no other syntax.
 */
function nest(items: Item[], from: number, to: number, open: Mark[], ctx: InlineWriteContext, tokens: Token[], inLink: boolean): void {
  for (let i = from; i < to;) {
    const item = items[i];
    if (item.object !== 'leaf') {
      inline(item, ctx, tokens);
      i++;
      continue;
    }
    const mark = outermostPending(item, open);
    if (!mark) {
      leafText(item.text, tokens, inLink);
      i++;
      continue;
    }
    if (mark.type === 'code') {
      code(item.text, ctx, tokens);
      i++;
      continue;
    }
    // The run goes on while the next leaf lists this mark outermost too: `**a **_**b**_` keeps b's italic outside.
    let j = i + 1;
    while (j < to && items[j].object === 'leaf' && sameOrNone(outermostPending(items[j] as Leaf, open), mark)) j++;
    const pair: MarkPair = { open: tokens.length, close: -1 };
    tokens.push({ kind: 'open', mark, pair });
    nest(items, i, j, [...open, mark], ctx, tokens, inLink);
    pair.close = tokens.length;
    tokens.push({ kind: 'close', mark, pair });
    i = j;
  }
}

/** A leaf's outermost mark not yet open, code last (a code span holds no other syntax). */
function outermostPending(leaf: Leaf, open: Mark[]): Mark | undefined {
  const pending = leaf.marks.filter((mark) => !open.some((o) => sameMark(o, mark)));
  return pending.find((m) => m.type !== 'code') ?? pending[0];
}

function sameOrNone(a: Mark | undefined, b: Mark): boolean {
  return a !== undefined && sameMark(a, b);
}

function leafText(text: string, tokens: Token[], inLink: boolean): void {
  text.split('\n').forEach((line, i) => {
    if (i > 0) tokens.push({ kind: 'break' });
    if (line !== '') tokens.push({ kind: 'text', text: line, inLink });
  });
}

/** A code leaf: a code span per line (a span cannot hold a line break). */
function code(text: string, ctx: InlineWriteContext, tokens: Token[]): void {
  text.split('\n').forEach((line, i) => {
    if (i > 0) tokens.push({ kind: 'break' });
    if (line === '') return;
    const atLineStart = tokens.length === 0 || tokens[tokens.length - 1].kind === 'break';
    // A GFM cell ends at a `|` even inside a code span: `\|` there reads as `|`.
    const span = ctx.container === 'cell' ? codeSpan(line).replace(/\|/g, '\\|') : codeSpan(line);
    // A fence of three backticks opening a line would open a code block: the HTML form says the same.
    if (ctx.html || (atLineStart && span.startsWith('```'))) tokens.push({ kind: 'raw', text: '<code>' }, { kind: 'text', text: line, inLink: false }, { kind: 'raw', text: '</code>' });
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
        // Always `[text](url)`, a bare URL too: GitBook writes every link so, and a bare one reads back as this link.
        raw('[');
        tokenize(node.nodes, ctx, tokens, true);
        raw(`](${formatDestination(target(node.data.ref))})`);
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
      raw(`<code class="expression">${escapeExpression(node.data.expression, ctx.html)}</code>`);
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
function resolve(tokens: Token[], html: boolean, container: InlineContainer): void {
  tokens.forEach((token, i) => {
    // `\` + newline breaks a paragraph's line only; a heading or a cell is one line, and HTML has its tag.
    if (token.kind === 'break') token.text = html || container !== 'paragraph' || trailing(tokens, i) ? '<br>' : '\\\n';
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
    const [before, first, last, after] = [around(i - 1, -1), around(i + 1, 1), around(close - 1, -1), around(close + 1, 1)];
    let delimiter = html ? undefined : markdownDelimiter(token.mark, before, first, last, after, tokens[i - 1], tokens[close + 1]);
    const inner = [tokens[i + 1], tokens[close - 1]];
    if (!html && !delimiter && (/\s/.test(first) || /\s/.test(last)) && inner.every((t) => t?.kind === 'text')) {
      // A space just inside a delimiter keeps it from opening or closing: GitBook writes that space `&#x20;`.
      const start = /\s/.test(first);
      const end = /\s/.test(last);
      delimiter = markdownDelimiter(token.mark, before, start ? '&' : first, end ? ';' : last, after, tokens[i - 1], tokens[close + 1]);
      if (delimiter) {
        const [firstText, lastText] = inner as Extract<Token, { kind: 'text' }>[];
        if (start) firstText.encodeEdges = { ...firstText.encodeEdges, start: true };
        if (end) lastText.encodeEdges = { ...lastText.encodeEdges, end: true };
      }
    }
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
function render(tokens: Token[], html: boolean, container: InlineContainer): string {
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
  const open = new OpenElements();
  let out = '';
  tokens.forEach((token, i) => {
    if (token.kind !== 'text') {
      out += written[i];
      open.track(written[i]);
      return;
    }
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    out += escapeText(token.text, html, {
      before: edge(i - 1, -1),
      after: edge(i + 1, 1),
      lineStart: !previous || previous.kind === 'break',
      // Only the text's very end loses its spaces: before `\` + newline they stay.
      lineEnd: !next,
      inLink: token.inLink,
      beforeLink: next !== undefined && next.kind === 'raw' && next.text.startsWith('['),
      isOpen: (name) => open.has(name),
      container,
      encodeEdges: token.encodeEdges,
    });
  });
  return out;
}

/** The elements written as HTML tags and not yet closed, by name: a text's `</kbd>` inside `<kbd>` would close it. */
class OpenElements {
  private readonly counts = new Map<string, number>();

  track(written: string): void {
    for (const [, closing, name] of written.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
      if (name === 'img' || name === 'br' || name === 'source') continue;
      this.counts.set(name, (this.counts.get(name) ?? 0) + (closing ? -1 : 1));
    }
  }

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }
}
