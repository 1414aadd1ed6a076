import { urlOfRef } from '../document/content-ref-urls';
import type { BlockContent, ListItem as MdListItem, PhrasingContent, Root, RootContent, TableRow } from 'mdast';
import { frontmatterToMarkdown } from 'mdast-util-frontmatter';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { toMarkdown } from 'mdast-util-to-markdown';
import { stringify as stringifyYaml } from 'yaml';
import { assertDocumentBounds } from '../document/document-limits';
import { Block, Fragment, Inline, Leaf, MarkType, PageDocument, Text } from '../document/document.model';
import { PageFrontMatter, WriteOptions } from './dialect';
import { formatTag } from './gitbook-tags';
import { MARK_ORDER, MENTION_SCHEME } from './markdown-phrasing';

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
  const root: Root = { type: 'root', children: children.concat(flow(document.nodes)) };
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
      return { type: 'tableCell', children: cell && 'nodes' in cell ? inlines(cell.nodes as (Text | Inline)[]) : [] };
    }),
  }));
  return { type: 'table', align: columns.map((c) => node.data.definition[c]?.textAlignment ?? 'left'), children: [header, ...rows] };
}

/** Texts and inlines as markdown phrasing: leaves that share a mark share one wrapper, so nesting stays minimal. */
function inlines(nodes: readonly (Text | Inline)[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let leaves: Leaf[] = [];
  const flush = () => {
    for (const phrase of marked(leaves, MARK_ORDER)) out.push(phrase); // no spread: a paragraph may hold many leaves
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
