import { Block, ContentRef, Fragment, Inline, Text } from '@folio/kernel/document/document.model';

/** A piece of a paragraph drawn in one style: what pdfkit writes in one `text` call. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  strike?: boolean;
  /** Where the run links to, when it is (part of) a link or a mention. */
  ref?: ContentRef;
}

/**
 * A paragraph's inline content (texts with marks, links, emoji, math, mentions, inline images, icons,
 * expressions, buttons, annotations) as runs of styled text. Void inlines become text a reader understands: an
 * image its alt text in brackets, math its formula, a mention the thing mentioned, an icon its name, an expression
 * its code, a button its label in brackets (linking where it links). Empty runs are dropped; adjacent runs of one style stay apart
 * (pdfkit joins them on the line).
 */
export function inlineRuns(nodes: readonly (Text | Inline)[] | undefined, within: Pick<Run, 'ref'> = {}): Run[] {
  const runs: Run[] = [];
  for (const node of nodes ?? []) {
    if (node.object === 'text') {
      for (const leaf of node.leaves ?? []) {
        if (!leaf.text) continue;
        const marks = new Set<string>((leaf.marks ?? []).map((mark) => mark.type));
        runs.push({
          text: leaf.text,
          ...within,
          ...(marks.has('bold') ? { bold: true } : {}),
          ...(marks.has('italic') ? { italic: true } : {}),
          ...(marks.has('code') || marks.has('keyboard') ? { code: true } : {}),
          ...(marks.has('strikethrough') ? { strike: true } : {}),
        });
      }
      continue;
    }
    switch (node.type) {
      case 'link':
        for (const run of inlineRuns(node.nodes, { ref: node.data.ref })) runs.push(run); // no spread: a link may hold many texts
        break;
      case 'inline-image':
        runs.push({ text: `[${node.data.alt || node.data.caption || 'image'}]`, italic: true, ...within });
        break;
      case 'emoji':
        runs.push({ text: emoji(node.data.code), ...within });
        break;
      case 'inline-math':
        runs.push({ text: node.data.formula, code: true, ...within });
        break;
      case 'mention':
        runs.push({ text: mentioned(node.data.ref), bold: true, ref: node.data.ref });
        break;
      case 'icon':
        runs.push({ text: `:${node.data.icon}:`, ...within });
        break;
      case 'expression':
        runs.push({ text: node.data.expression, code: true, ...within });
        break;
      case 'button':
        runs.push({ text: `[${node.data.label}]`, bold: true, ...('ref' in node.data ? { ref: node.data.ref } : within) });
        break;
      case 'annotation':
        // The annotated text reads on; its body is a note the page does not print.
        for (const run of inlineRuns(node.nodes, within)) runs.push(run);
        break;
    }
  }
  return runs.filter((run) => run.text !== '');
}

/** The plain text of inline content (table cells, tab titles, the outline). */
export function plainText(nodes: readonly (Text | Inline)[] | undefined): string {
  return inlineRuns(nodes)
    .map((run) => run.text)
    .join('');
}

/**
 * The text of blocks, one line per block that holds text (paragraphs, headings, code lines…), whatever
 * contains them: a table cell, an expandable's title, a block the PDF has no drawing for. Walked without
 * recursion.
 */
export function blocksText(blocks: readonly Block[] | undefined): string {
  const lines: string[] = [];
  type Node = Block | Fragment | Text | Inline;
  const stack: Node[] = [...(blocks ?? [])].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.object === 'text' || node.object === 'inline') continue;
    const children = ((node as { nodes?: Node[] }).nodes ?? []) as Node[];
    if (children.some((child) => child.object === 'text' || child.object === 'inline')) {
      lines.push(plainText(children as (Text | Inline)[]));
      continue;
    }
    const nested = [...children, ...(((node as { fragments?: Fragment[] }).fragments ?? []) as Node[])];
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]);
  }
  return lines.filter((line) => line !== '').join('\n');
}

/** An emoji's characters from its code points in hex (`1f600`, `1f468-200d-1f4bb`); nothing for a bad code. */
function emoji(code: string): string {
  const points = String(code).split('-').map((hex) => (/^[0-9a-f]{1,6}$/i.test(hex) ? parseInt(hex, 16) : NaN));
  return points.every((point) => point <= 0x10ffff) ? String.fromCodePoint(...points) : '';
}

function mentioned(ref: ContentRef): string {
  switch (ref.kind) {
    case 'user':
      return `@${ref.user}`;
    case 'space':
      return `space ${ref.space}`;
    case 'page':
      return `page ${ref.page}`;
    case 'file':
      return `file ${ref.file}`;
    case 'anchor':
      return `#${ref.anchor}`;
    case 'url':
      return ref.url;
    case 'collection':
      return `collection ${ref.collection}`;
    case 'reusable-content':
      return `reusable content ${ref.reusableContent}`;
    case 'tag':
      return `#${ref.tag}`;
    case 'openapi':
      return `OpenAPI ${ref.spec}`;
  }
}
