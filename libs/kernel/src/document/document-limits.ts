import { Invalid, TooLarge } from '@folio/platform/domain/errors';

/**
 * How deep blocks may nest in a page, counted in document nodes (a list in a list item in a list is
 * three). The same bound as a request body's JSON depth: real pages nest a handful of levels, and every
 * walk over a document below this one may then recurse safely.
 */
export const MAX_DOCUMENT_DEPTH = 64;

/**
 * Emphasis and strikethrough delimiters one paragraph may hold. micromark resolves them in time that
 * grows with the square of their number (10,000 in a paragraph: seconds of CPU); a real paragraph holds
 * a few dozen.
 */
export const MAX_DELIMITERS_PER_PARAGRAPH = 1000;

/** Leading indentation a markdown line may have: MAX_DOCUMENT_DEPTH list levels of four columns. */
const MAX_INDENT = MAX_DOCUMENT_DEPTH * 4;

/**
 * Nodes a page document may hold: its blocks, inlines, texts and leaves, table-cell fragments included.
 * A long real page (a changelog, an API reference) holds a few thousand; reading, storing, serializing and
 * printing cost time that follows this count, so it is bounded before any of them runs.
 */
export const MAX_DOCUMENT_NODES = 50_000;

/**
 * Nodes a comment or a review's comment may hold. A discussion is a few paragraphs (64 KiB of prose is about a
 * thousand nodes); their mentions are resolved and their markdown written on the event loop, in time that
 * follows this count, so it stays a tenth of a page's (8,000 email autolinks took half a second).
 */
export const MAX_DISCUSSION_NODES = 5_000;

/**
 * Markdown a page may be given as, in UTF-8 bytes, and its lines: far above any real page (a long one is
 * some 100 KB and a few thousand lines), far below what the parser reads in seconds.
 */
export const MAX_MARKDOWN_BYTES = 1024 * 1024;
export const MAX_MARKDOWN_LINES = 20_000;

/**
 * Square brackets a paragraph may hold, and how deep they may nest: micromark matches each `]` against the
 * open brackets before it, so nested and chained labels (`![![![…`, `[a][a][a]…`) cost time that grows with
 * the square of their number (2,000 nested images: 20 s). A real paragraph holds a few links.
 */
export const MAX_BRACKETS_PER_PARAGRAPH = 1000;
export const MAX_BRACKET_NESTING = 32;

/**
 * HTML comments, declarations, processing instructions and CDATA sections (`<!--`, `<!X`, `<?`, `<![CDATA[`) a
 * paragraph may open: micromark looks for the end of each one to the end of the paragraph when it is not closed,
 * in time that grows with the square of their number (6,000 unclosed `<!--`: 3 s). A real paragraph opens none.
 */
export const MAX_HTML_DECLARATIONS_PER_PARAGRAPH = 100;

/** Footnote definitions one markdown page may hold (each costs the parser a pass of its own). */
export const MAX_FOOTNOTE_DEFINITIONS = 1000;

/**
 * Refuses a JSON document whose nodes (fragments included) nest deeper than MAX_DOCUMENT_DEPTH (Invalid),
 * or that holds more than `maxNodes` nodes and leaves (TooLarge).
 */
export function assertDocumentBounds(document: unknown, maxNodes = MAX_DOCUMENT_NODES): void {
  if (documentNodes(document, maxNodes) > maxNodes) throw tooManyNodes(maxNodes);
}

/**
 * The nodes and leaves of a document, counted up to `stopAbove` (a count past it is answered as soon as it
 * is reached, so a hostile document costs at most that much of a walk), without recursion. Depth past
 * MAX_DOCUMENT_DEPTH is Invalid.
 */
export function documentNodes(document: unknown, stopAbove: number): number {
  const pending: [unknown, number][] = [[document, 0]];
  let nodes = 0;
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DOCUMENT_DEPTH) throw new Invalid(`The document nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    if (node === null || typeof node !== 'object') continue;
    for (const field of ['nodes', 'fragments', 'leaves'] as const) {
      const children = (node as Record<string, unknown>)[field];
      if (!Array.isArray(children)) continue;
      nodes += children.length;
      if (nodes > stopAbove) return nodes;
      for (const child of children) pending.push([child, depth + 1]);
    }
  }
  return nodes;
}

export const tooManyNodes = (maxNodes = MAX_DOCUMENT_NODES) =>
  new TooLarge(
    `The document holds more than ${maxNodes} nodes (blocks, inlines, texts and leaves)` +
      (maxNodes === MAX_DOCUMENT_NODES ? ': split it into several pages' : ''),
  );

/** Refuses markdown over MAX_MARKDOWN_BYTES (TooLarge): judged on the string, before anything reads it. */
export function assertMarkdownSize(markdown: string): void {
  // A UTF-16 unit is 1 to 3 bytes: only a string that may be either is measured.
  const over = markdown.length > MAX_MARKDOWN_BYTES || (markdown.length * 3 > MAX_MARKDOWN_BYTES && Buffer.byteLength(markdown, 'utf8') > MAX_MARKDOWN_BYTES);
  if (over) {
    throw new TooLarge(`The markdown is more than ${MAX_MARKDOWN_BYTES / 1024 / 1024} MiB: split it into several pages`);
  }
}

/**
 * Refuses markdown that the parser would take too long or too deep to read, on its raw lines and before
 * parsing: its size (MAX_MARKDOWN_BYTES, MAX_MARKDOWN_LINES: TooLarge); micromark nests containers (block
 * quotes, lists) one level per `>` or list marker, and its cost grows with the square of that nesting, so
 * depth has to be judged before it runs. A line may open at most MAX_DOCUMENT_DEPTH containers and be
 * indented at most MAX_INDENT columns; a paragraph (lines up to a blank one) may hold at most
 * MAX_DELIMITERS_PER_PARAGRAPH `*`, `_` and `~` and MAX_BRACKETS_PER_PARAGRAPH `[`, nested at most
 * MAX_BRACKET_NESTING deep, and open at most MAX_HTML_DECLARATIONS_PER_PARAGRAPH `<!`/`<?`; the page at most
 * MAX_FOOTNOTE_DEFINITIONS footnote definitions.
 */
export function assertMarkdownShape(markdown: string): void {
  assertMarkdownSize(markdown);
  const lines = markdown.split('\n');
  if (lines.length > MAX_MARKDOWN_LINES) throw new TooLarge(`The markdown has more than ${MAX_MARKDOWN_LINES} lines: split it into several pages`);
  let delimiters = 0;
  let brackets = 0;
  let nesting = 0;
  let declarations = 0;
  let footnotes = 0;
  for (const line of lines) {
    if (line.trim() === '') {
      delimiters = brackets = nesting = declarations = 0;
      continue;
    }
    const { containers, indent, end } = linePrefix(line);
    if (containers > MAX_DOCUMENT_DEPTH) {
      throw new Invalid(`The markdown nests block quotes or lists deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    }
    if (indent > MAX_INDENT) throw new Invalid(`A markdown line is indented more than ${MAX_INDENT} columns`);
    if (line.startsWith('[^', end) && FOOTNOTE_DEFINITION.test(line.slice(end)) && ++footnotes > MAX_FOOTNOTE_DEFINITIONS) {
      throw new Invalid(`The markdown has more than ${MAX_FOOTNOTE_DEFINITIONS} footnote definitions`);
    }
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if ((c === '*' || c === '_' || c === '~') && ++delimiters > MAX_DELIMITERS_PER_PARAGRAPH) {
        throw new Invalid(`A markdown paragraph has more than ${MAX_DELIMITERS_PER_PARAGRAPH} emphasis delimiters`);
      }
      if (c === '<' && (line[i + 1] === '!' || line[i + 1] === '?') && ++declarations > MAX_HTML_DECLARATIONS_PER_PARAGRAPH) {
        throw new Invalid(`A markdown paragraph opens more than ${MAX_HTML_DECLARATIONS_PER_PARAGRAPH} HTML comments or declarations`);
      }
      if (c === '[') {
        if (++brackets > MAX_BRACKETS_PER_PARAGRAPH) throw new Invalid(`A markdown paragraph has more than ${MAX_BRACKETS_PER_PARAGRAPH} square brackets`);
        if (++nesting > MAX_BRACKET_NESTING) throw new Invalid(`A markdown paragraph nests square brackets deeper than ${MAX_BRACKET_NESTING} levels`);
      } else if (c === ']' && nesting > 0) {
        nesting--;
      }
    }
  }
}

const FOOTNOTE_DEFINITION = /^\[\^[^\]]+\]:/;

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;

/**
 * The containers a line opens (`>` and list markers), the whitespace columns before and between them, and
 * where its content starts.
 */
function linePrefix(line: string): { containers: number; indent: number; end: number } {
  let containers = 0;
  let indent = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ') {
      indent++;
      i++;
    } else if (c === '\t') {
      indent += 4;
      i++;
    } else if (c === '>') {
      containers++;
      i++;
    } else {
      const marker = LIST_MARKER.exec(line.slice(i, i + 10));
      if (!marker) break;
      containers++;
      i += marker[0].length;
    }
  }
  return { containers, indent, end: i };
}
