import { Invalid } from '@folio/platform/domain/errors';

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

/** Refuses a JSON document whose nodes (fragments included) nest deeper than MAX_DOCUMENT_DEPTH. Walked without recursion. */
export function assertDocumentDepth(document: unknown): void {
  const pending: [unknown, number][] = [[document, 0]];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DOCUMENT_DEPTH) throw new Invalid(`The document nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    if (node === null || typeof node !== 'object') continue;
    for (const field of ['nodes', 'fragments'] as const) {
      const children = (node as Record<string, unknown>)[field];
      if (Array.isArray(children)) for (const child of children) pending.push([child, depth + 1]);
    }
  }
}

/**
 * Refuses markdown that the parser would take too long or too deep to read, on its raw lines and before
 * parsing: micromark nests containers (block quotes, lists) one level per `>` or list marker, and its
 * cost grows with the square of that nesting, so depth has to be judged before it runs. A line may open
 * at most MAX_DOCUMENT_DEPTH containers and be indented at most MAX_INDENT columns; a paragraph (lines
 * up to a blank one) may hold at most MAX_DELIMITERS_PER_PARAGRAPH `*`, `_` and `~`.
 */
export function assertMarkdownShape(markdown: string): void {
  let delimiters = 0;
  for (const line of markdown.split('\n')) {
    if (line.trim() === '') {
      delimiters = 0;
      continue;
    }
    const { containers, indent } = linePrefix(line);
    if (containers > MAX_DOCUMENT_DEPTH) {
      throw new Invalid(`The markdown nests block quotes or lists deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    }
    if (indent > MAX_INDENT) throw new Invalid(`A markdown line is indented more than ${MAX_INDENT} columns`);
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if ((c === '*' || c === '_' || c === '~') && ++delimiters > MAX_DELIMITERS_PER_PARAGRAPH) {
        throw new Invalid(`A markdown paragraph has more than ${MAX_DELIMITERS_PER_PARAGRAPH} emphasis delimiters`);
      }
    }
  }
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;

/** The containers a line opens (`>` and list markers) and the whitespace columns before and between them. */
function linePrefix(line: string): { containers: number; indent: number } {
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
  return { containers, indent };
}
