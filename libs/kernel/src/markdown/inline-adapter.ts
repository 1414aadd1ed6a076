import type { FootnoteDefinition, PhrasingContent, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown } from 'mdast-util-to-markdown';
import { urlOfRef } from '../document/content-ref-urls';
import { Block, Inline, Leaf, MarkType, Text } from '../document/document.model';
import { LinkContext } from './dialect';
import { Definitions, MARK_ORDER, MENTION_SCHEME, phrasing } from './markdown-phrasing';

/**
 * TEMPORARY (issue 19): the inline half of the dialect with the contract's signatures (DIALECT-CONTRACT.md),
 * over the old phrasing reader and writer, until fix/dialect-inlines lands its inline-reader.ts and
 * inline-writer.ts; the integrator then points the imports of this file at those and deletes it.
 */
export interface InlineReadContext {
  links: LinkContext;
  definitions: Definitions;
  footnotes: ReadonlyMap<string, FootnoteDefinition>;
  readBlocks(children: RootContent[]): Block[];
}

export function readInlines(children: PhrasingContent[], ctx: InlineReadContext): (Text | Inline)[] {
  return phrasing(children, ctx.definitions);
}

export interface InlineWriteContext {
  links: LinkContext;
  html: boolean;
  footnote(body: Block[]): string;
}

const WRITE_OPTIONS = { extensions: [gfmToMarkdown(), mathToMarkdown()] };

export function writeInlines(nodes: readonly (Text | Inline)[], ctx: InlineWriteContext): string {
  // Inside HTML the old reader kept tags as text: they go back as they came, marks as HTML tags.
  if (ctx.html && nodes.every((node) => node.object === 'text')) return nodes.map((node) => (node as Text).leaves.map(htmlLeaf).join('')).join('');
  return toMarkdown({ type: 'paragraph', children: inlines(nodes) }, WRITE_OPTIONS).trimEnd();
}

const HTML_MARKS: Record<MarkType, string> = { bold: 'strong', italic: 'em', strikethrough: 's', keyboard: 'kbd', code: 'code' };

function htmlLeaf(leaf: Leaf): string {
  return leaf.marks.reduceRight((text, mark) => `<${HTML_MARKS[mark.type]}>${text}</${HTML_MARKS[mark.type]}>`, leaf.text);
}

/** Texts and inlines as markdown phrasing: leaves that share a mark share one wrapper, so nesting stays minimal. */
function inlines(nodes: readonly (Text | Inline)[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let leaves: Leaf[] = [];
  const flush = () => {
    for (const phrase of marked(leaves, MARK_ORDER)) out.push(phrase);
    leaves = [];
  };
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) leaves.push(leaf);
      continue;
    }
    flush();
    switch (node.type) {
      case 'link':
        out.push({ type: 'link', url: urlOfRef(node.data.ref), children: inlines(node.nodes) });
        break;
      case 'inline-image':
        out.push({ type: 'image', url: urlOfRef(node.data.ref), alt: node.data.alt ?? '' });
        break;
      case 'emoji':
        out.push({ type: 'text', value: String.fromCodePoint(...node.data.code.split('-').map((hex) => parseInt(hex, 16))) });
        break;
      case 'inline-math':
        out.push({ type: 'inlineMath', value: node.data.formula });
        break;
      case 'mention': {
        const ref = node.data.ref as { kind: string } & Record<string, string>;
        out.push({ type: 'link', url: `${MENTION_SCHEME}${ref.kind}:${ref[ref.kind]}`, children: [] });
        break;
      }
    }
  }
  flush();
  return out;
}

function marked(leaves: Leaf[], order: readonly MarkType[]): PhrasingContent[] {
  if (order.length === 0) {
    return leaves.flatMap((leaf) => leaf.text.split('\n').flatMap((part, i): PhrasingContent[] =>
      [...(i > 0 ? [{ type: 'break' as const }] : []), ...(part ? [{ type: 'text' as const, value: part }] : [])]));
  }
  const [mark, ...rest] = order;
  const out: PhrasingContent[] = [];
  for (let i = 0; i < leaves.length;) {
    const has = leaves[i].marks.some((m) => m.type === mark);
    let j = i;
    while (j < leaves.length && leaves[j].marks.some((m) => m.type === mark) === has) j++;
    const run = leaves.slice(i, j);
    for (const phrase of has ? wrap(mark, run, rest) : marked(run, rest)) out.push(phrase);
    i = j;
  }
  return out;
}

function wrap(mark: MarkType, run: Leaf[], rest: readonly MarkType[]): PhrasingContent[] {
  switch (mark) {
    case 'bold':
      return [{ type: 'strong', children: marked(run, rest) }];
    case 'italic':
      return [{ type: 'emphasis', children: marked(run, rest) }];
    case 'strikethrough':
      return [{ type: 'delete', children: marked(run, rest) }];
    case 'keyboard':
      return [{ type: 'html', value: '<kbd>' }, ...marked(run, rest), { type: 'html', value: '</kbd>' }];
    case 'code':
      return [{ type: 'inlineCode', value: run.map((leaf) => leaf.text).join('') }];
  }
}
