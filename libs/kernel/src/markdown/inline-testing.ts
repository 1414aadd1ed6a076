import type { FootnoteDefinition, Nodes, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import type { Block, Inline, Text } from '../document/document.model';
import { API_LINKS, LinkContext } from './dialect';
import { htmlToPhrasing } from './inline-html';
import { Definitions, readInlines } from './inline-reader';
import { writeInlines } from './inline-writer';

/**
 * For the inline specs: one paragraph of Markdown read and written with the inline reader and writer alone, its
 * footnotes' bodies read and written as paragraphs (the page's block reader and writer are BLOCKS' business).
 */
const parse = (markdown: string) =>
  fromMarkdown(markdown, { extensions: [gfm(), math({ singleDollarTextMath: false })], mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()] });

export type Phrasing = (Text | Inline)[];

export function readParagraph(markdown: string, links: LinkContext = API_LINKS): Phrasing {
  const tree = parse(markdown);
  const definitions: Definitions = new Map();
  const footnotes = new Map<string, FootnoteDefinition>();
  const walk = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition') footnotes.set(node.label ?? node.identifier, node);
    if ('children' in node) node.children.forEach(walk);
  };
  walk(tree);
  const ctx = {
    links,
    definitions,
    footnotes,
    readBlocks: (children: RootContent[]): Block[] =>
      children.flatMap((child) => (child.type === 'paragraph' ? [{ object: 'block' as const, type: 'paragraph' as const, nodes: readInlines(child.children, ctx) }] : [])),
  };
  const first = tree.children.find((child) => child.type === 'paragraph' || child.type === 'heading');
  return first && 'children' in first ? readInlines(first.children as PhrasingContent[], ctx) : [];
}

/** The paragraph's Markdown, its footnote definitions after it as the page would write them. */
export function writeParagraph(nodes: Phrasing, links: LinkContext = API_LINKS): string {
  const definitions: string[] = [];
  const ctx = {
    links,
    html: false,
    footnote: (body: Block[]) => {
      const label = String(definitions.length + 1);
      const text = body.map((block) => ('nodes' in block && block.type === 'paragraph' ? writeInlines(block.nodes, ctx) : '')).join('\n\n');
      definitions.push(`[^${label}]: ${text}`);
      return label;
    },
  };
  const paragraph = writeInlines(nodes, ctx);
  return [paragraph, ...definitions].join('\n\n');
}

/** Inline content written as HTML (a table cell's) and read back from it. */
export function writeHtml(nodes: Phrasing, links: LinkContext = API_LINKS): string {
  return writeInlines(nodes, { links, html: true, footnote: () => '' });
}

export function readHtml(html: string, links: LinkContext = API_LINKS): Phrasing {
  return readInlines(htmlToPhrasing(html), { links, definitions: new Map(), footnotes: new Map(), readBlocks: () => [] });
}

export const text = (value: string, ...marks: Text['leaves'][number]['marks']): Text => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks }] });

/** Adjacent texts as one, the way the reader gives them: `[text('a'), text('b', bold)]` is one text of two leaves. */
export function merged(nodes: Phrasing): Phrasing {
  const out: Phrasing = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.object === 'text' && last?.object === 'text') out[out.length - 1] = { ...last, leaves: [...last.leaves, ...node.leaves] };
    else out.push(node);
  }
  return out;
}
