import type { FootnoteDefinition, Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import type { Block, Inline, Text } from '../document/document.model';
import { API_LINKS, LinkContext } from './dialect';
import { htmlToPhrasing } from './inline-html';
import { Definitions, InlineReadContext, readInlines } from './inline-reader';
import { writeInlines } from './inline-writer';

/**
 * For the inline specs: one paragraph of Markdown read and written with the inline reader and writer alone, its
 * footnotes' bodies read and written as paragraphs (the page's block reader and writer are BLOCKS' business).
 */
const parse = (markdown: string) =>
  fromMarkdown(markdown, { extensions: [gfm(), math({ singleDollarTextMath: false })], mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()] });

export type Phrasing = (Text | Inline)[];

/** A Git Sync page's targets kept as written: a relative `.md` path is a page, an asset path a file. */
export const PATHS: LinkContext = {
  refOfTarget: (target, use) => {
    if (/^[a-z][a-z0-9+.-]*:|^#/i.test(target)) return undefined;
    return use === 'image' || target.includes('.gitbook/assets/') ? { kind: 'file', file: target } : { kind: 'page', page: target };
  },
  targetOfRef: (ref) => (ref.kind === 'file' ? ref.file : ref.kind === 'page' ? ref.page : ref.kind === 'url' ? ref.url : API_LINKS.targetOfRef(ref, 'link')),
};

/**
 * Every paragraph's and heading's phrasing in a page that does not come back as written, with what came back: the
 * page read by the Markdown parser, each run of phrasing read by readInlines and written by writeInlines.
 */
export function inlineDifferences(markdown: string, links: LinkContext = PATHS): { source: string; written: string }[] {
  const tree = parse(markdown);
  const ctx = pageContext(tree, links);
  const differences: { source: string; written: string }[] = [];
  const walk = (node: Nodes) => {
    if ((node.type === 'paragraph' || node.type === 'heading') && node.children.length > 0) {
      const source = markdown.slice(node.children[0].position!.start.offset, node.children[node.children.length - 1].position!.end.offset);
      const written = writeInlines(readInlines(node.children, ctx), { links, html: false, footnote: () => '1', container: node.type });
      if (written !== source) differences.push({ source, written });
    } else if ('children' in node) {
      node.children.forEach(walk);
    }
  };
  walk(tree);
  return differences;
}

export function readParagraph(markdown: string, links: LinkContext = API_LINKS): Phrasing {
  const tree = parse(markdown);
  const ctx = pageContext(tree, links);
  const first = tree.children.find((child) => child.type === 'paragraph' || child.type === 'heading');
  return first && 'children' in first ? readInlines(first.children as PhrasingContent[], ctx) : [];
}

/** What the inline reader needs of a page: its definitions, its footnotes, and its footnotes' paragraphs read. */
function pageContext(tree: Root, links: LinkContext): InlineReadContext {
  const definitions: Definitions = new Map();
  const footnotes = new Map<string, FootnoteDefinition>();
  const walk = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition') footnotes.set(node.label ?? node.identifier, node);
    if ('children' in node) node.children.forEach(walk);
  };
  walk(tree);
  const ctx: InlineReadContext = {
    links,
    definitions,
    footnotes,
    readBlocks: (children: RootContent[]): Block[] =>
      children.flatMap((child) => (child.type === 'paragraph' ? [{ object: 'block' as const, type: 'paragraph' as const, nodes: readInlines(child.children, ctx) }] : [])),
  };
  return ctx;
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
