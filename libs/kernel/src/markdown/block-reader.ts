import type { Definition, FootnoteDefinition, Heading as MdHeading, Html, List, Nodes, Paragraph as MdParagraph, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { Invalid } from '@folio/platform/domain/errors';
import { MAX_DOCUMENT_DEPTH, tooManyNodes } from '../document/document-limits';
import { Block, Heading, Inline, ListItem, Paragraph, Text, TextAlignment } from '../document/document.model';
import { LinkContext } from './dialect';
import { parseHtml } from './html-elements';
import { htmlToPhrasing } from './inline-html';
import { InlineReadContext, readInlines } from './inline-reader';
import { BlockReader } from './blocks/block-context';
import { readFence, readMath, readPre } from './blocks/code';
import { readImages } from './blocks/media';
import { readTagRegion } from './blocks/tag-blocks';
import { readGfmTable } from './blocks/gfm-tables';
import { readHtmlTable } from './blocks/html-tables';
import { verbatimBlock } from './blocks/verbatim';
import { Region, TextRegion } from './tag-tree';

/** HTML blocks longer than this are kept verbatim without being read as elements (a real cards table is a few KiB). */
const MAX_HTML_BLOCK = 256 * 1024;

/** The parser's extensions, built once (building them per call costs more than parsing a short region). */
// GitBook writes math as `$$…$$` only: with single dollars read as math, "costs $5 or $10" would be a formula.
const PARSE_OPTIONS = { extensions: [gfm(), math({ singleDollarTextMath: false })], mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()] };

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, PARSE_OPTIONS);
}

/**
 * Reads a page's regions (tag-tree.ts) as blocks: each region of Markdown parsed on its own (mdast), each
 * tag by its family (blocks/), phrasing by the inline reader. A reference reads the same wherever its
 * definition is: the parser only makes `[text][label]` and `[^1]` references of labels it has seen defined, so
 * the page's definition lines are parsed after each region's text (what they add there is not read), and the
 * definitions gathered from every region.
 */
export class PageBlockReader implements BlockReader {
  private readonly trees = new Map<Region, Root>();
  private readonly inlineContext: InlineReadContext;
  /** The text of the region being read (what a node's position points into). */
  private source = '';

  constructor(readonly links: LinkContext, regions: readonly Region[], maxNodes: number) {
    const definitions = new Map<string, Definition>();
    const footnotes = new Map<string, FootnoteDefinition>();
    const texts: TextRegion[] = [];
    const pending: Region[] = [...regions];
    for (let region = pending.pop(); region !== undefined; region = pending.pop()) {
      if (region.kind === 'tag') for (const child of region.children) pending.push(child);
      // Blank lines between tags (most text regions of a page of tags) are nothing to parse.
      if (region.kind === 'text' && region.lines.some((line) => line.trim() !== '')) texts.push(region);
    }
    let labels = texts.length > 1 ? definitionLines(texts) : '';
    // Bounded: a page of many regions and many definitions parses them at most MAX_LABEL_TEXT over (else as before).
    if (labels.length * texts.length > MAX_LABEL_TEXT) labels = '';
    let nodes = 0;
    for (const region of texts) {
      const text = region.lines.join('\n');
      let tree = parseMarkdown(labels === '' ? text : `${text}\n\n${labels}`);
      const own = (child: RootContent) => (child.position?.start.offset ?? 0) < text.length;
      // A region that ends inside a fence would take the labels into its code: it is parsed without them.
      if (labels !== '' && tree.children.some((child) => own(child) && (child.position?.end.offset ?? 0) > text.length)) tree = parseMarkdown(text);
      tree.children = tree.children.filter(own);
      this.trees.set(region, tree);
      nodes += collect(tree, definitions, footnotes);
      if (nodes > maxNodes + 1) throw tooManyNodes(maxNodes);
    }
    this.inlineContext = { links, definitions, footnotes, readBlocks: (children) => this.flow(children) };
  }

  /** The tree a text region parsed to (the first region's, to find the page's title). */
  tree(region: Region): Root | undefined {
    return this.trees.get(region);
  }

  regions(regions: readonly Region[]): Block[] {
    const blocks: Block[] = [];
    for (const region of regions) {
      let read: Block[];
      if (region.kind === 'text') {
        this.source = region.lines.join('\n');
        // A region cut from another (an expandable's body after its summary) is parsed when it is read.
        const blank = region.lines.every((line) => line.trim() === '');
        read = this.flow(this.tree(region)?.children ?? (blank ? [] : parseMarkdown(this.source).children));
      } else {
        read = region.kind === 'tag' ? readTagRegion(region, this) : [verbatimBlock(region.lines.join('\n'))];
      }
      for (const block of read) blocks.push(block);
    }
    return blocks;
  }

  inlines(markdown: string): (Text | Inline)[] {
    const [first] = parseMarkdown(markdown).children;
    return first?.type === 'paragraph' ? this.phrasing(first.children) : [];
  }

  htmlInlines(html: string): (Text | Inline)[] {
    return this.phrasing(htmlToPhrasing(html));
  }

  phrasing(children: PhrasingContent[]): (Text | Inline)[] {
    return readInlines(children, this.inlineContext);
  }

  flow(children: readonly RootContent[]): Block[] {
    const blocks: Block[] = [];
    for (const child of children) for (const block of this.node(child)) blocks.push(block);
    return blocks;
  }

  private node(node: RootContent): Block[] {
    switch (node.type) {
      case 'paragraph':
        return [this.paragraph(node)];
      case 'heading':
        return [this.heading(node)];
      case 'thematicBreak':
        return [{ object: 'block', type: 'divider', data: {}, isVoid: true }];
      case 'blockquote':
        return [{ object: 'block', type: 'blockquote', nodes: this.flow(node.children) }];
      case 'list':
        return [this.list(node)];
      case 'code':
        return [readFence(node)];
      case 'math':
        return [readMath(node.value)];
      case 'table':
        return [readGfmTable(node, this.source, (cells) => this.phrasing(cells))];
      case 'html':
        return [this.html(node)];
      default:
        // Definitions are read into their links, footnote definitions into their references.
        return [];
    }
  }

  /** GitBook writes an empty paragraph as `&#x20;` (a line Markdown would otherwise drop). */
  private paragraph(node: MdParagraph): Paragraph {
    const only = node.children.length === 1 ? node.children[0] : undefined;
    if (only?.type === 'text' && only.value === ' ' && only.position && only.position.end.offset! - only.position.start.offset! === 6) {
      return { object: 'block', type: 'paragraph', nodes: [] };
    }
    return { object: 'block', type: 'paragraph', nodes: this.phrasing(node.children) };
  }

  /**
   * GitBook writes heading-1 as `##`, heading-2 as `###`, heading-3 as `####` (the page's title is its `#`), an
   * anchor as `<a href="#id" id="id"></a>` at the heading's end. A `#` below the title reads as heading-1,
   * deeper than `####` as heading-3.
   */
  private heading(node: MdHeading): Heading {
    const level = Math.min(Math.max(node.depth - 1, 1), 3) as 1 | 2 | 3;
    let children = node.children;
    let id: string | undefined;
    const [open, close] = children.slice(-2);
    const anchor = open?.type === 'html' ? /^<a href="#([^"]*)" id="([^"]*)">$/.exec(open.value) : null;
    if (anchor && anchor[1] === anchor[2] && close?.type === 'html' && close.value === '</a>') {
      id = anchor[1];
      children = children.slice(0, -2);
      const last = children[children.length - 1];
      if (last?.type === 'text') children = [...children.slice(0, -1), { ...last, value: last.value.replace(/ $/, '') }];
    }
    return { object: 'block', type: `heading-${level}`, data: id !== undefined ? { id } : {}, nodes: this.phrasing(children) };
  }

  private list(node: List): Block {
    const tasks = node.children.some((item) => typeof item.checked === 'boolean');
    const items = node.children.map((item): ListItem => ({
      object: 'block',
      type: 'list-item',
      ...(tasks ? { data: { checked: item.checked === true } } : {}),
      nodes: this.flow(item.children),
    }));
    if (tasks) return { object: 'block', type: 'list-tasks', nodes: items };
    if (node.ordered) return { object: 'block', type: 'list-ordered', data: node.start != null && node.start !== 1 ? { start: node.start } : {}, nodes: items };
    return { object: 'block', type: 'list-unordered', nodes: items };
  }

  /** GitBook's HTML blocks (images, tables, `<pre>` code, an aligned paragraph); any other HTML is kept verbatim. */
  private html(node: Html): Block {
    const value = node.value;
    if (value.length <= MAX_HTML_BLOCK) {
      const code = value.startsWith('<pre') ? readPre(node) : undefined;
      if (code) return code;
      const elements = /^<(figure|div|table|p)\b/.test(value) ? parseHtml(value) : undefined;
      if (elements) {
        const block = value.startsWith('<table') ? readHtmlTable(elements, this) : value.startsWith('<p') ? this.alignedParagraph(value) : readImages(elements, this);
        if (block) return block;
      }
    }
    return verbatimBlock(value);
  }

  private alignedParagraph(value: string): Paragraph | undefined {
    const match = /^<p align="(left|center|right)">([\s\S]*)<\/p>$/.exec(value);
    if (!match || match[2].includes('</p>')) return undefined;
    const align: TextAlignment = match[1] === 'left' ? 'start' : match[1] === 'right' ? 'end' : 'center';
    return { object: 'block', type: 'paragraph', data: { align }, nodes: this.htmlInlines(match[2]) };
  }
}

/**
 * Gathers a parsed region's definitions and answers its node count, without recursion, bounding its depth before
 * anything recurses over it (each Markdown node becomes at least one document node).
 */
/** Characters of definition lines parsed again after other regions, at most, in a page (a real page: a few KiB). */
const MAX_LABEL_TEXT = 1024 * 1024;

const DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S/;

/** The lines of the page's regions that define a link or footnote label (outside fenced code), their first lines only. */
function definitionLines(regions: readonly TextRegion[]): string {
  const lines: string[] = [];
  for (const region of regions) {
    let fence: string | undefined;
    for (const line of region.lines) {
      const opens = /^[ \t]*(`{3,}|~{3,})/.exec(line);
      if (fence !== undefined) {
        if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      } else if (opens) {
        fence = opens[1];
      } else if (DEFINITION.test(line)) {
        lines.push(line.trim());
      }
    }
  }
  return lines.join('\n');
}

function collect(tree: Nodes, definitions: Map<string, Definition>, footnotes: Map<string, FootnoteDefinition>): number {
  const pending: [Nodes, number][] = [[tree, 0]];
  let nodes = 0;
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DOCUMENT_DEPTH) throw new Invalid(`The markdown nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    nodes++;
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition' && !footnotes.has(node.identifier)) footnotes.set(node.identifier, node);
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return nodes;
}
