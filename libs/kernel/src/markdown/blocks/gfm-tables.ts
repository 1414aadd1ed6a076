import type { PhrasingContent, Table as MdTable } from 'mdast';
import { ColumnAlignment, Fragment, Inline, Table, TableColumn, TableValue, Text, TextColumn } from '@folio/kernel/document/document.model';
import { BlockWriter } from './block-context';
import { columnId, emptyParagraph, fragmentNodes, orderIndexes, recordId, sortedRecords } from './tables';

/** A plain grid as a GFM pipe table: text columns, a header, one paragraph per cell (tables.ts says when). */
/** A GFM table: text columns, its header's text their titles, each cell's content a fragment. */
export function readGfmTable(node: MdTable, source: string, inlines: (children: PhrasingContent[]) => (Text | Inline)[]): Table {
  const [header, ...rows] = node.children;
  const definition: Record<string, TableColumn> = {};
  header.children.forEach((cell, i) => {
    definition[columnId(i)] = { id: columnId(i), title: cellSource(cell.children, source), type: 'text', textAlignment: node.align?.[i] ?? 'left' };
  });
  const columns = header.children.map((_, i) => columnId(i));
  const order = orderIndexes(rows.length);
  const records: Table['data']['records'] = {};
  const fragments: Fragment[] = [];
  rows.forEach((row, r) => {
    const values: Record<string, TableValue> = {};
    columns.forEach((column, c) => {
      const fragment = `${recordId(r)}-${column}`;
      values[column] = fragment;
      fragments.push({ object: 'fragment', fragment, nodes: [emptyParagraph(inlines(row.children[c]?.children ?? []))] });
    });
    records[recordId(r)] = { orderIndex: order[r], values };
  });
  return { object: 'block', type: 'table', data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments, isVoid: true };
}

/**
 * A header cell's title: its Markdown as written (a title is a string, and GitBook writes `**Name**` in a header
 * to make it bold), escaped pipes as pipes.
 */
function cellSource(nodes: readonly PhrasingContent[], source: string): string {
  const start = nodes[0]?.position?.start.offset;
  const end = nodes[nodes.length - 1]?.position?.end.offset;
  return start === undefined || end === undefined ? '' : source.slice(start, end).replace(/\\\|/g, '|');
}

export function gfmFits(table: Table): boolean {
  const { view, definition } = table.data;
  if (view.type !== 'grid' || view.hideHeader || view.columnWidths || table.data.fullWidth !== undefined || table.data.search !== undefined) return false;
  if (Object.keys(definition).length !== view.columns.length || view.columns.length === 0) return false;
  if (view.columns.some((id) => definition[id]?.type !== 'text' || (definition[id] as TextColumn).verticalAlignment || definition[id].title.includes('\n'))) return false;
  return sortedRecords(table).every(([, record]) => view.columns.every((id) => {
    const nodes = fragmentNodes(table, record.values[id]) ?? [];
    return nodes.length === 0 || (nodes.length === 1 && nodes[0].type === 'paragraph');
  }));
}

const DELIMITER: Record<ColumnAlignment, string> = { left: '---', center: ':-:', right: '--:' };

export function writeGfm(table: Table, writer: BlockWriter): string {
  const { view, definition } = table.data;
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    row(view.columns.map((id) => escapePipes(definition[id].title))),
    row(view.columns.map((id) => DELIMITER[(definition[id] as TextColumn).textAlignment] ?? '---')),
  ];
  for (const [, record] of sortedRecords(table)) {
    lines.push(row(view.columns.map((id) => {
      const [paragraph] = fragmentNodes(table, record.values[id]) ?? [];
      return paragraph?.type === 'paragraph' ? escapePipes(writer.inlines(paragraph.nodes, false, 'cell').replace(/\n/g, '<br>')) : '';
    })));
  }
  return lines.join('\n');
}

function escapePipes(text: string): string {
  return text.replace(/\\?\|/g, (pipe) => (pipe.length === 2 ? pipe : '\\|'));
}
