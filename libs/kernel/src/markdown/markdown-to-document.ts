import { Invalid } from '@folio/platform/domain/errors';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Definition, Html, Nodes, Paragraph as MdParagraph, RootContent, Table as MdTable } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { parse as parseYaml } from 'yaml';
import { refFromUrl } from '../document/content-ref-urls';
import { assignKeys } from '../document/document-keys';
import { assertDocumentBounds, assertMarkdownShape, MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_NODES, tooManyNodes } from '../document/document-limits';
import { Block, ContentRef, HINT_STYLES, HintStyle, Image, PageDocument, Paragraph, Table, TabsItem, TextColumn } from '../document/document.model';
import { parseTag, splitAtTags, Tag } from './gitbook-tags';
import { API_LINKS, PageFrontMatter, ReadOptions } from './dialect';
import { Definitions, InlineReadContext, readInlines } from './inline-reader';

/** A page read from its Markdown: its document and the page fields its title and front matter carry. */
export type ParsedMarkdown = PageFrontMatter & { document: PageDocument };

/**
 * Markdown (CommonMark and GFM, math, YAML front matter, GitBook's `{% … %}` blocks and `<details>`) as a
 * page document. Anything it cannot read is an Invalid naming what: hostile input never reaches a deep
 * recursion (see document-limits).
 */
export function markdownToDocument(markdown: string, { maxNodes = MAX_DOCUMENT_NODES }: ReadOptions = {}): ParsedMarkdown {
  assertMarkdownShape(markdown);
  const tree = fromMarkdown(markdown, {
    extensions: [gfm(), math(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
  const definitions = assertTreeDepthAndCollectDefinitions(tree, maxNodes);
  let children = tree.children;
  const front = children[0]?.type === 'yaml' ? frontMatter(children[0].value) : {};
  if (children[0]?.type === 'yaml') children = children.slice(1);
  let title = front.title;
  const first = children[0];
  if (title === undefined && first?.type === 'heading' && first.depth === 1) {
    title = plainText(first);
    children = children.slice(1);
  }
  const document: PageDocument = { object: 'document', data: {}, nodes: new FlowReader(definitions).blocks(children) };
  assertDocumentBounds(document, maxNodes);
  return { ...front, document: assignKeys(document), ...(title !== undefined ? { title } : {}) };
}

/** The front matter fields Folio reads, by the type each must have; others are left alone. */
const FRONT_MATTER = { title: 'string', description: 'string', hidden: 'boolean', noIndex: 'boolean' } as const;
type FrontMatter = Pick<ParsedMarkdown, keyof typeof FRONT_MATTER>;

function frontMatter(yaml: string): FrontMatter {
  let value: unknown;
  try {
    value = parseYaml(yaml);
  } catch (error) {
    throw new Invalid(`The markdown's front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Invalid("The markdown's front matter is not a mapping");
  const front: FrontMatter = {};
  for (const [name, type] of Object.entries(FRONT_MATTER)) {
    if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
    const field = (value as Record<string, unknown>)[name];
    if (typeof field !== type) throw new Invalid(`The front matter's ${name} is not a ${type}`);
    Object.assign(front, { [name]: field });
  }
  return front;
}

/**
 * Bounds the parsed tree's depth and size (without recursion) before anything recurses over it or builds a
 * document from it (each markdown node becomes at least one document node), and gathers link definitions.
 */
function assertTreeDepthAndCollectDefinitions(tree: Nodes, maxNodes: number): Definitions {
  const definitions: Definitions = new Map();
  const pending: [Nodes, number][] = [[tree, 0]];
  let nodes = 0;
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [node, depth] = entry;
    if (depth > MAX_DOCUMENT_DEPTH) throw new Invalid(`The markdown nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    if (++nodes > maxNodes + 1) throw tooManyNodes(maxNodes);
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node as Definition);
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return definitions;
}

function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  if ('children' in node) return node.children.map(plainText).join('');
  return '';
}

/** An open GitBook block while its content is read: the tag that opened it and the blocks so far. */
interface Frame {
  tag: Tag;
  blocks: Block[];
  summary?: string;
}

const OPENERS = new Set(['hint', 'tabs', 'tab', 'code', 'content-ref', 'file', 'details']);

class FlowReader {
  private readonly inlines: InlineReadContext;

  constructor(definitions: Definitions) {
    this.inlines = { links: API_LINKS, definitions, footnotes: new Map(), readBlocks: (children) => this.blocks(children) };
  }

  /** The page's content: a closing tag left over at its top level closes nothing. */
  blocks(children: RootContent[]): Block[] {
    const { blocks, unmatched } = this.container(children);
    if (unmatched.length > 0) throw new Invalid(`{% ${unmatched[0].name} %} closes no {% ${unmatched[0].name.slice(3)} %}`);
    return blocks;
  }

  /**
   * One container's content: its markdown blocks, with GitBook's tags nesting what lies between them.
   * A closing tag that matches nothing opened in the container is handed up: CommonMark reads a
   * `{% endhint %}` right under a list's last line as part of that list item (a lazy continuation line),
   * yet it closes the hint around the list.
   */
  private container(children: RootContent[]): { blocks: Block[]; unmatched: Tag[] } {
    const root: Frame = { tag: { name: 'root', attributes: {} }, blocks: [] };
    const stack: Frame[] = [root];
    const unmatched: Tag[] = [];
    for (const item of children.flatMap((child) => this.items(child))) {
      const top = stack[stack.length - 1];
      if (!('name' in item)) {
        top.blocks.push(item);
      } else if (item.name === 'summary') {
        if (top.tag.name !== 'details') throw new Invalid('A <summary> appears outside <details>');
        top.summary = item.attributes.text;
      } else if (OPENERS.has(item.name)) {
        if (item.name === 'tab' && top.tag.name !== 'tabs') throw new Invalid('A {% tab %} appears outside {% tabs %}');
        stack.push({ tag: item, blocks: [] });
      } else if (item.name.startsWith('end') && OPENERS.has(item.name.slice(3))) {
        if (stack.length === 1) {
          unmatched.push(item);
          continue;
        }
        if (top.tag.name !== item.name.slice(3)) throw new Invalid(`{% ${item.name} %} closes no {% ${item.name.slice(3)} %}`);
        stack.pop();
        stack[stack.length - 1].blocks.push(closed(top));
      } else {
        throw new Invalid(`The block tag {% ${item.name} %} is not supported`);
      }
    }
    if (stack.length > 1) throw new Invalid(`{% ${stack[stack.length - 1].tag.name} %} is not closed`);
    return { blocks: root.blocks, unmatched };
  }

  /** A nested container's blocks, and the closing tags it hands up to be read after it. */
  private nested(children: RootContent[], unmatched: Tag[]): Block[] {
    const content = this.container(children);
    unmatched.push(...content.unmatched);
    return content.blocks;
  }

  private items(node: RootContent): (Block | Tag)[] {
    switch (node.type) {
      case 'paragraph':
        return splitAtTags(node).map((part) => ('name' in part ? part : this.paragraph(part)));
      case 'heading': {
        const level = Math.min(node.depth, 3) as 1 | 2 | 3;
        return [{ object: 'block', type: `heading-${level}`, data: {}, nodes: readInlines(node.children, this.inlines) }];
      }
      case 'thematicBreak':
        return [{ object: 'block', type: 'divider', data: {}, isVoid: true }];
      case 'blockquote': {
        const unmatched: Tag[] = [];
        return [{ object: 'block', type: 'blockquote', nodes: this.nested(node.children, unmatched) }, ...unmatched];
      }
      case 'list': {
        const tasks = node.children.some((item) => typeof item.checked === 'boolean');
        const unmatched: Tag[] = [];
        const items = node.children.map((item) => ({
          object: 'block' as const,
          type: 'list-item' as const,
          ...(tasks ? { data: { checked: item.checked === true } } : {}),
          nodes: this.nested(item.children, unmatched),
        }));
        if (tasks) return [{ object: 'block', type: 'list-tasks', nodes: items }, ...unmatched];
        if (node.ordered) {
          const start = node.start != null && node.start !== 1 ? { start: node.start } : {};
          return [{ object: 'block', type: 'list-ordered', data: start, nodes: items }, ...unmatched];
        }
        return [{ object: 'block', type: 'list-unordered', nodes: items }, ...unmatched];
      }
      case 'code':
        return [{
          object: 'block',
          type: 'code',
          data: node.lang ? { syntax: node.lang } : {},
          nodes: node.value.split('\n').map((line) => ({
            object: 'block' as const,
            type: 'code-line' as const,
            data: {},
            nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: line, marks: [] }] }],
          })),
        }];
      case 'math':
        return [{ object: 'block', type: 'math', data: { formula: node.value }, isVoid: true }];
      case 'table':
        return [table(node, this)];
      case 'html':
        return htmlItems(node);
      default:
        // Definitions are resolved into their links; front matter past the first node and footnotes have no block here.
        return [];
    }
  }

  paragraph(node: MdParagraph): Block {
    const nodes = readInlines(node.children, this.inlines);
    const onlyImages = nodes.length > 0 && nodes.every((n) =>
      n.object === 'inline' ? n.type === 'inline-image' : n.leaves.every((leaf) => leaf.text.trim() === ''));
    if (onlyImages) {
      const images: Image[] = nodes.flatMap((n) => (n.object === 'inline' && n.type === 'inline-image'
        ? [{ object: 'block' as const, type: 'image' as const, data: { ref: n.data.ref, ...(n.data.alt ? { alt: n.data.alt } : {}) }, fragments: [], isVoid: true as const }]
        : []));
      return { object: 'block', type: 'images', data: {}, nodes: images, isVoid: false };
    }
    const paragraph: Paragraph = { object: 'block', type: 'paragraph', nodes };
    return paragraph;
  }
}

/** The block a GitBook tag pair makes of what it enclosed. */
function closed(frame: Frame): Block {
  const { tag, blocks } = frame;
  switch (tag.name) {
    case 'hint': {
      const style = (tag.attributes.style ?? 'info') as HintStyle;
      if (!HINT_STYLES.includes(style)) throw new Invalid(`The hint style "${style}" is not one of ${HINT_STYLES.join(', ')}`);
      return { object: 'block', type: 'hint', data: { style }, nodes: blocks };
    }
    case 'tabs':
      if (!blocks.every((block): block is TabsItem => block.type === 'tabs-item')) {
        throw new Invalid('{% tabs %} holds content outside a {% tab %}');
      }
      return { object: 'block', type: 'tabs', nodes: blocks };
    case 'tab':
      return { object: 'block', type: 'tabs-item', data: tag.attributes.title !== undefined ? { title: tag.attributes.title } : {}, nodes: blocks };
    case 'code': {
      const code = blocks[0];
      if (blocks.length !== 1 || code.type !== 'code') throw new Invalid('{% code %} must enclose exactly one code block');
      return { ...code, data: { ...code.data, ...(tag.attributes.title !== undefined ? { title: tag.attributes.title } : {}),
                                ...(tag.attributes.lineNumbers === 'true' ? { lineNumbers: true } : {}) } };
    }
    case 'content-ref':
      return { object: 'block', type: 'content-ref', data: { ref: refFromUrl(required(tag, 'url')) }, isVoid: true };
    case 'file':
      return { object: 'block', type: 'file', data: { ref: fileRef(required(tag, 'src')) }, isVoid: true };
    default: // details
      return {
        object: 'block',
        type: 'expandable',
        data: {},
        fragments: [
          { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title',
            nodes: [{ object: 'block', type: 'paragraph', nodes: frame.summary ? [{ object: 'text', leaves: [{ object: 'leaf', text: frame.summary, marks: [] }] }] : [] }] },
          { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: blocks },
        ],
        isVoid: true,
      };
  }
}

function required(tag: Tag, attribute: string): string {
  const value = tag.attributes[attribute];
  if (!value) throw new Invalid(`{% ${tag.name} %} needs a ${attribute}`);
  return value;
}

const DETAILS_TOKEN = /\s*(<details(?:\s+open)?\s*>|<\/details\s*>|<summary>([^<]*)<\/summary>)/iy;

/** `<details>`, `<summary>…</summary>` and `</details>` become tags like GitBook's; other HTML is kept as text. */
function htmlItems(node: Html): (Block | Tag)[] {
  const tags: Tag[] = [];
  DETAILS_TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = DETAILS_TOKEN.exec(node.value)) !== null) {
    const token = match[1].toLowerCase();
    if (token.startsWith('<summary>')) tags.push({ name: 'summary', attributes: { text: match[2].trim() } });
    else tags.push({ name: token.startsWith('</') ? 'enddetails' : 'details', attributes: {} });
    end = DETAILS_TOKEN.lastIndex;
  }
  if (tags.length > 0 && node.value.slice(end).trim() === '') return tags;
  const tag = parseTag(node.value);
  if (tag) return [tag];
  return [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: node.value, marks: [] }] }] }];
}

/** A GFM table as the spec's table block: text columns, one record per row, each cell's content a fragment. */
function table(node: MdTable, reader: FlowReader): Table {
  const [header, ...rows] = node.children;
  const columns = header.children.map((_, i) => `c${i}`);
  const definition: Record<string, TextColumn> = {};
  header.children.forEach((cell, i) => {
    definition[columns[i]] = { id: columns[i], title: plainText(cell), type: 'text', textAlignment: node.align?.[i] ?? 'left' };
  });
  const orderIndexes = generateNKeysBetween(null, null, rows.length);
  const records: Table['data']['records'] = {};
  const fragments: Table['fragments'] = [];
  rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const fragment = `r${r}-${column}`;
      values[column] = fragment;
      fragments.push({ object: 'fragment', fragment, nodes: [reader.paragraph({ type: 'paragraph', children: row.children[c]?.children ?? [] })] });
    });
    records[`r${r}`] = { orderIndex: orderIndexes[r], values };
  });
  return { object: 'block', type: 'table', data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments, isVoid: true };
}

/** `{% file src="…" %}`: `/files/<id>` (or a bare file id, as older exports write it). */
function fileRef(src: string): Extract<ContentRef, { kind: 'file' }> {
  const ref = refFromUrl(src);
  return ref.kind === 'file' ? ref : { kind: 'file', file: src };
}
