import { urlOfRef } from '../document/content-ref-urls';
import type { BlockContent, FootnoteDefinition, ListItem as MdListItem, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import { frontmatterToMarkdown } from 'mdast-util-frontmatter';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown } from 'mdast-util-to-markdown';
import { stringify as stringifyYaml } from 'yaml';
import { assertDocumentBounds } from '../document/document-limits';
import { Block, Fragment, Inline, PageDocument, Text } from '../document/document.model';
import { API_LINKS, PageFrontMatter, WriteOptions } from './dialect';
import { formatTag } from './gitbook-tags';
import { InlineWriteContext, writeInlines } from './inline-writer';

/**
 * A page document as markdown, GitBook's block syntax included, such that reading it back
 * (markdownToDocument) gives the same document up to keys. The title becomes a leading `# heading`,
 * the description front matter.
 */
export function documentToMarkdown(document: PageDocument, page: PageFrontMatter = {}, _options: WriteOptions = {}): string {
  assertDocumentBounds(document);
  const children: RootContent[] = [];
  if (page.description !== undefined) children.push({ type: 'yaml', value: stringifyYaml({ description: page.description }).trimEnd() });
  if (page.title !== undefined) children.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: page.title }] });
  // concat, not push(...): a spread of many blocks would overflow the stack.
  footnotes = [];
  const root: Root = { type: 'root', children: children.concat(flow(document.nodes), footnotes) };
  return toMarkdown(root, { extensions: [gfmToMarkdown(), mathToMarkdown(), frontmatterToMarkdown(['yaml'])], bullet: '-', rule: '-', fences: true });
}

const raw = (value: string): RootContent => ({ type: 'html', value });

function flow(blocks: readonly Block[]): RootContent[] {
  return blocks.flatMap(block);
}

function block(node: Block): RootContent[] {
  switch (node.type) {
    case 'paragraph':
      return [{ type: 'paragraph', children: inlines(node.nodes) }];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [{ type: 'heading', depth: Number(node.type.slice(-1)) as 1 | 2 | 3, children: inlines(node.nodes) }];
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'blockquote':
      return [{ type: 'blockquote', children: flow(node.nodes) as BlockContent[] }];
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return [{
        type: 'list',
        ordered: node.type === 'list-ordered',
        ...(node.type === 'list-ordered' && node.data.start !== undefined ? { start: node.data.start } : {}),
        spread: false,
        children: node.nodes.map((item): MdListItem => ({
          type: 'listItem',
          spread: false,
          checked: node.type === 'list-tasks' ? item.data?.checked === true : null,
          children: flow(item.nodes) as BlockContent[],
        })),
      }];
    case 'list-item':
      return flow(node.nodes);
    case 'hint':
      return [raw(formatTag('hint', { style: node.data.style })), ...flow(node.nodes), raw(formatTag('endhint'))];
    case 'code': {
      const code: RootContent = { type: 'code', lang: node.data.syntax ?? null, value: node.nodes.map(lineText).join('\n') };
      if (node.data.title === undefined && !node.data.lineNumbers) return [code];
      return [raw(formatTag('code', { title: node.data.title, lineNumbers: node.data.lineNumbers ? 'true' : undefined })), code, raw(formatTag('endcode'))];
    }
    case 'code-line':
      return [{ type: 'code', value: lineText(node) }];
    case 'math':
      return [{ type: 'math', value: node.data.formula }];
    case 'table':
      return [table(node)];
    case 'images':
      return [{ type: 'paragraph', children: node.nodes.flatMap((image, i): PhrasingContent[] => [
        ...(i > 0 ? [{ type: 'text' as const, value: ' ' }] : []),
        { type: 'image', url: urlOfRef(image.data.ref), alt: image.data.alt ?? '' },
      ]) }];
    case 'image':
      return [{ type: 'paragraph', children: [{ type: 'image', url: urlOfRef(node.data.ref), alt: node.data.alt ?? '' }] }];
    case 'file':
      return [raw(formatTag('file', { src: urlOfRef(node.data.ref) })), raw(formatTag('endfile'))];
    case 'content-ref': {
      const url = urlOfRef(node.data.ref);
      return [raw(formatTag('content-ref', { url })), { type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', value: url }] }] }, raw(formatTag('endcontent-ref'))];
    }
    case 'tabs':
      return [raw(formatTag('tabs')), ...node.nodes.flatMap(block), raw(formatTag('endtabs'))];
    case 'tabs-item':
      return [raw(formatTag('tab', { title: node.data.title })), ...flow(node.nodes), raw(formatTag('endtab'))];
    case 'expandable': {
      const title = fragment(node.fragments, 'expandable-title')?.nodes ?? [];
      const summary = title.map((p) => ('nodes' in p ? plain(p.nodes as (Text | Inline)[]) : '')).join(' ');
      return [raw('<details>'), raw(`<summary>${escapeHtml(summary)}</summary>`), ...flow(fragment(node.fragments, 'expandable-body')?.nodes ?? []), raw('</details>')];
    }
    default:
      // A block of the spec markdown has no syntax for (an OpenAPI block, a drawing…) is left out of the markdown.
      return [];
  }
}

function fragment(fragments: Fragment[], name: string): Fragment | undefined {
  return fragments.find((f) => f.fragment === name);
}

function lineText(line: { nodes: Text[] }): string {
  return line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join('');
}


function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function plain(nodes: (Text | Inline)[]): string {
  return nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : '')).join('');
}

function table(node: Extract<Block, { type: 'table' }>): RootContent {
  const columns = node.data.view.columns;
  const header: TableRow = { type: 'tableRow', children: columns.map((c) => ({ type: 'tableCell', children: [{ type: 'text', value: node.data.definition[c]?.title ?? '' }] })) };
  const records = Object.values(node.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
  const rows: TableRow[] = records.map((record) => ({
    type: 'tableRow',
    children: columns.map((c) => {
      const cell = fragment(node.fragments, record.values[c])?.nodes[0];
      // A GFM cell ends at an unescaped `|`, even inside a code span.
      return { type: 'tableCell', children: cell && 'nodes' in cell ? [{ type: 'html', value: writeInlines(cell.nodes as (Text | Inline)[], INLINES).replace(/\|/g, '\\|') }] : [] };
    }),
  }));
  return { type: 'table', align: columns.map((c) => node.data.definition[c]?.textAlignment ?? 'left'), children: [header, ...rows] };
}

/** The footnote definitions of the page being written (writing is synchronous: one page at a time), after its blocks. */
let footnotes: FootnoteDefinition[] = [];

/** Texts and inlines as the raw Markdown writeInlines gives (written as is, not escaped again). */
const INLINES: InlineWriteContext = {
  links: API_LINKS,
  html: false,
  footnote: (body) => {
    const label = String(footnotes.length + 1);
    footnotes.push({ type: 'footnoteDefinition', identifier: label, label, children: flow(body) as BlockContent[] });
    return label;
  },
};

function inlines(nodes: readonly (Text | Inline)[]): PhrasingContent[] {
  return [{ type: 'html', value: writeInlines(nodes, INLINES) }];
}
