import { Block, CardsView, ColumnAlignment, ContentRef, Fragment, GridView, Table, TableColumn, TableValue } from '@folio/kernel/document/document.model';
import { elementsOnly, formatAttributes, hasOnly, HtmlNode, htmlText } from '../html-elements';
import { BlockReader, BlockWriter } from './block-context';
import { escapeAttribute } from '../inline-html';
import { decodeHtml, encodeHtml } from './code';
import { columnId, emptyParagraph, fragmentNodes, orderIndexes, recordId, sortedRecords } from './tables';

/** GitBook's HTML tables (cards, and grids a pipe table cannot say), both ways: see tables.ts for the form. */

const COLUMN_TYPES = new Set(['text', 'content-ref', 'image', 'files', 'number', 'checkbox']);
const LINK_CELL = new Set(['content-ref', 'image', 'files']);

/** GitBook's HTML table; undefined when it holds anything this reader does not know (it is then kept verbatim). */
export function readHtmlTable(nodes: readonly HtmlNode[], reader: BlockReader): Table | undefined {
  const top = elementsOnly(nodes);
  if (top?.length !== 1 || top[0].name !== 'table') return undefined;
  const table = top[0];
  if (!hasOnly(table, ['data-view', 'data-card-size', 'data-card-wrap', 'data-full-width', 'data-search', 'data-header-hidden', 'data-column-title-hidden'])) return undefined;
  const parts = elementsOnly(table.children);
  if (parts?.length !== 2 || parts[0].name !== 'thead' || parts[1].name !== 'tbody') return undefined;
  const headRows = elementsOnly(parts[0].children);
  const bodyRows = elementsOnly(parts[1].children);
  if (headRows?.length !== 1 || headRows[0].name !== 'tr' || !bodyRows || bodyRows.some((row) => row.name !== 'tr')) return undefined;
  const heads = elementsOnly(headRows[0].children);
  if (!heads || heads.some((th) => th.name !== 'th')) return undefined;
  const cards = table.attributes.get('data-view') === 'cards';
  if (!cards && table.attributes.has('data-view') && table.attributes.get('data-view') !== 'grid') return undefined;

  const definition: Record<string, TableColumn> = {};
  const visible: string[] = [];
  const widths: Record<string, number> = {};
  const roles: Partial<Record<'targetDefinition' | 'coverDefinition' | 'coverDefinitionDark', string>> = {};
  for (const [i, th] of heads.entries()) {
    const id = columnId(i);
    if (!hasOnly(th, ['width', 'valign', 'align', 'data-hidden', 'data-type', 'data-card-target', 'data-card-cover', 'data-card-cover-dark'])) return undefined;
    if (th.children.some((child) => typeof child !== 'string')) return undefined;
    const type = th.attributes.get('data-type') ?? 'text';
    if (!COLUMN_TYPES.has(type)) return undefined;
    const title = decodeHtml(htmlText(th.children));
    const column = { id, title, type } as TableColumn;
    if (column.type === 'text') {
      const align = th.attributes.get('align') ?? 'left';
      if (align !== 'left' && align !== 'center' && align !== 'right') return undefined;
      column.textAlignment = align as ColumnAlignment;
      const valign = th.attributes.get('valign');
      if (valign !== undefined) {
        if (valign !== 'top' && valign !== 'middle' && valign !== 'bottom') return undefined;
        column.verticalAlignment = valign;
      }
    } else if (th.attributes.has('align') || th.attributes.has('valign')) {
      return undefined;
    }
    definition[id] = column;
    if (!th.attributes.has('data-hidden')) visible.push(id);
    else if (th.attributes.get('data-hidden') !== '') return undefined;
    const width = th.attributes.get('width');
    if (width !== undefined) {
      if (!/^\d{1,9}(\.\d+)?$/.test(width)) return undefined;
      widths[id] = Number(width);
    }
    if (th.attributes.has('data-card-target')) roles.targetDefinition = id;
    if (th.attributes.has('data-card-cover')) roles.coverDefinition = id;
    if (th.attributes.has('data-card-cover-dark')) roles.coverDefinitionDark = id;
  }
  if (!visible.every((id, i) => id === columnId(i))) return undefined; // hidden columns come last, as they are written

  const order = orderIndexes(bodyRows.length);
  const records: Table['data']['records'] = {};
  const fragments: Fragment[] = [];
  for (const [r, row] of bodyRows.entries()) {
    const cells = elementsOnly(row.children);
    if (cells?.length !== heads.length || cells.some((td) => td.name !== 'td') || row.attributes.size > 0) return undefined;
    const values: Record<string, TableValue> = {};
    for (const [c, td] of cells.entries()) {
      const column = definition[columnId(c)];
      const valign = column.type === 'text' ? column.verticalAlignment : undefined;
      if (td.attributes.get('valign') !== valign || !hasOnly(td, ['valign'])) return undefined;
      const name = `${recordId(r)}-${column.id}`;
      const value = readCell(column, td.children, name, fragments, reader);
      if (value === undefined) return undefined;
      if (value !== null) values[column.id] = value;
    }
    records[recordId(r)] = { orderIndex: order[r], values };
  }

  const attr = table.attributes;
  const flag = (name: string) => (attr.has(name) ? attr.get(name) === 'true' : undefined);
  let view: GridView | CardsView;
  if (cards) {
    const size = attr.get('data-card-size') ?? 'medium';
    if (size !== 'medium' && size !== 'large') return undefined;
    view = { type: 'cards', cardSize: size, columns: visible, ...roles };
    if (attr.has('data-card-wrap')) view.wrap = flag('data-card-wrap');
    if (attr.has('data-column-title-hidden')) view.hideColumnTitle = true;
  } else {
    if (Object.keys(roles).length > 0 || attr.has('data-card-size') || attr.has('data-card-wrap') || attr.has('data-column-title-hidden')) return undefined;
    view = { type: 'grid', columns: visible, hideHeader: attr.has('data-header-hidden') };
  }
  if (Object.keys(widths).length > 0) (view as GridView).columnWidths = widths;
  const data: Table['data'] = { view, records, definition };
  if (attr.has('data-full-width')) data.fullWidth = flag('data-full-width');
  if (attr.has('data-search')) data.search = flag('data-search');
  return { object: 'block', type: 'table', data, fragments, isVoid: true };
}

/** A cell's value (null: empty), its fragments added; undefined when the cell does not fit its column. */
function readCell(column: TableColumn, nodes: readonly HtmlNode[], name: string, fragments: Fragment[], reader: BlockReader): TableValue | null | undefined {
  if (column.type === 'text') {
    const blocks = cellBlocks(nodes, reader);
    if (blocks === undefined) return undefined;
    fragments.push({ object: 'fragment', fragment: name, nodes: blocks });
    return name;
  }
  if (nodes.length === 0) return null;
  if (column.type === 'number') return typeof nodes[0] === 'string' && nodes.length === 1 && /^-?\d+(\.\d+)?$/.test(nodes[0]) ? Number(nodes[0]) : undefined;
  if (column.type === 'checkbox') return nodes.length === 1 && (nodes[0] === 'true' || nodes[0] === 'false') ? nodes[0] === 'true' : undefined;
  if (!LINK_CELL.has(column.type)) return undefined;
  const links = elementsOnly(nodes);
  if (!links || links.length === 0 || links.some((a) => a.name !== 'a' || !hasOnly(a, ['href']) || !a.attributes.has('href') || a.children.some((c) => typeof c !== 'string'))) return undefined;
  if (links.length > 1 && column.type !== 'files') return undefined;
  const targets = links.map((a) => decodeHtml(a.attributes.get('href')!));
  const texts = links.map((a) => decodeHtml(htmlText(a.children)));
  if (texts.some((text, i) => text !== defaultText(targets[i]))) {
    fragments.push({ object: 'fragment', fragment: name, nodes: texts.map((text) => emptyParagraph(text ? [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] : [])) });
  }
  if (column.type === 'content-ref') return reader.links.refOfTarget(targets[0], 'link') ?? { kind: 'url', url: targets[0] };
  if (column.type === 'image') {
    const ref = reader.links.refOfTarget(targets[0], 'image');
    return ref?.kind === 'file' || ref?.kind === 'url' ? ref : { kind: 'url', url: targets[0] };
  }
  const files: string[] = [];
  for (const target of targets) {
    const ref = reader.links.refOfTarget(target, 'file');
    if (ref?.kind !== 'file') return undefined;
    files.push(ref.file);
  }
  return files;
}

/** What GitBook writes as a cell link's text: the target's last segment. */
function defaultText(target: string): string {
  const path = target.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

const HEADING = new Map<string, 'heading-1' | 'heading-2' | 'heading-3'>([['h2', 'heading-1'], ['h3', 'heading-2'], ['h4', 'heading-3']]);
const BLOCK_ELEMENTS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'div', 'figure', 'pre', 'blockquote']);

/** A text cell's HTML as blocks: `<p>` and `<h2>`…`<h4>` each a block, inline content between them a paragraph. */
function cellBlocks(nodes: readonly HtmlNode[], reader: BlockReader): Block[] | undefined {
  const blocks: Block[] = [];
  let run: HtmlNode[] = [];
  const flush = () => {
    const text = htmlText(run);
    if (text.trim() !== '' || (blocks.length === 0 && run.length > 0)) blocks.push(emptyParagraph(reader.htmlInlines(text)));
    run = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || !BLOCK_ELEMENTS.has(node.name)) {
      run.push(node);
      continue;
    }
    flush();
    if (node.attributes.size > 0) return undefined;
    if (node.name === 'p') blocks.push(emptyParagraph(reader.htmlInlines(htmlText(node.children))));
    else if (HEADING.has(node.name)) blocks.push({ object: 'block', type: HEADING.get(node.name)!, data: {}, nodes: reader.htmlInlines(htmlText(node.children)) });
    else return undefined;
  }
  flush();
  return blocks.length > 0 ? blocks : [emptyParagraph()];
}

/** Columns in the order written: the visible ones, then the hidden ones by their number. */
function writtenColumns(table: Table): string[] {
  const visible = table.data.view.columns;
  const hidden = Object.keys(table.data.definition).filter((id) => !visible.includes(id));
  hidden.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...visible, ...hidden];
}

export function writeHtmlTable(table: Table, writer: BlockWriter): string {
  const { view, definition } = table.data;
  const cards = view.type === 'cards' ? view : undefined;
  const widths = (view as GridView).columnWidths ?? {};
  const bool = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  const attributes = new Map<string, string | undefined>([
    ['data-card-size', cards && cards.cardSize !== 'medium' ? cards.cardSize : undefined],
    ['data-card-wrap', bool(cards?.wrap)],
    ['data-column-title-hidden', cards?.hideColumnTitle ? '' : undefined],
    ['data-full-width', bool(table.data.fullWidth)],
    ['data-header-hidden', view.type === 'grid' && view.hideHeader ? '' : undefined],
    ['data-search', bool(table.data.search)],
    ['data-view', cards ? 'cards' : undefined],
  ]);
  const columns = writtenColumns(table);
  const heads = columns.map((id) => {
    const column = definition[id];
    const text = column.type === 'text' ? column : undefined;
    const th = new Map<string, string | undefined>([
      ['width', widths[id] === undefined ? undefined : String(widths[id])],
      ['valign', text?.verticalAlignment],
      ['align', text && text.textAlignment !== 'left' ? text.textAlignment : undefined],
      ['data-hidden', view.columns.includes(id) ? undefined : ''],
      ['data-card-target', cards?.targetDefinition === id ? '' : undefined],
      ['data-card-cover', cards?.coverDefinition === id ? '' : undefined],
      ['data-card-cover-dark', cards?.coverDefinitionDark === id ? '' : undefined],
      ['data-type', column.type === 'text' ? undefined : column.type],
    ]);
    return `<th${formatAttributes(th)}>${encodeHtml(column.title)}</th>`;
  });
  const rows = sortedRecords(table).map(([name, record]) => {
    const cells = columns.map((id) => {
      const column = definition[id];
      const valign = column.type === 'text' && column.verticalAlignment ? ` valign="${column.verticalAlignment}"` : '';
      return `<td${valign}>${writeCell(table, column, `${name}-${id}`, record.values[id], writer)}</td>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table${formatAttributes(attributes)}><thead><tr>${heads.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A cell's HTML; `name` is the fragment that holds a link cell's written text, when it is not the default. */
function writeCell(table: Table, column: TableColumn, name: string, value: TableValue | undefined, writer: BlockWriter): string {
  if (value === undefined || value === null) return '';
  if (column.type === 'text') return cellHtml(fragmentNodes(table, value) ?? [], writer);
  if (column.type === 'number' || column.type === 'checkbox') return String(value);
  const texts = (fragmentNodes(table, name) ?? []).map((p) => (p.type === 'paragraph' ? p.nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : '')).join('') : ''));
  const single = value as ContentRef | { ref: ContentRef };
  const refs: ContentRef[] = Array.isArray(value) ? value.map((file): ContentRef => ({ kind: 'file', file })) : ['kind' in single ? single : single.ref];
  const use = column.type === 'image' ? 'image' : column.type === 'files' ? 'file' : 'link';
  return refs.map((ref, i) => {
    const target = writer.links.targetOfRef(ref, use);
    return `<a href="${escapeAttribute(target)}">${encodeHtml(texts[i] ?? defaultText(target))}</a>`;
  }).join('');
}

function cellHtml(blocks: readonly Block[], writer: BlockWriter): string {
  if (blocks.length === 1 && blocks[0].type === 'paragraph') return writer.inlines(blocks[0].nodes, true);
  return blocks.map((block) => {
    if (block.type === 'paragraph') return `<p>${writer.inlines(block.nodes, true)}</p>`;
    if (block.type === 'heading-1' || block.type === 'heading-2' || block.type === 'heading-3') {
      const level = Number(block.type.slice(-1)) + 1;
      return `<h${level}>${writer.inlines(block.nodes, true)}</h${level}>`;
    }
    return '';
  }).join('');
}
