import { Invalid } from '@folio/platform/domain/errors';
import { Block } from './document.model';
import { assertTableCell } from './table-cell';

const table = {
  object: 'block',
  type: 'table',
  key: 'tbl',
  isVoid: true,
  data: {
    view: { type: 'grid', columns: ['col'], hideHeader: false },
    records: { row: { orderIndex: 'a0', values: { col: 'cell' } } },
    definition: { col: { id: 'col', title: 'Name', type: 'text', textAlignment: 'left' } },
  },
  fragments: [],
} as Block;
const paragraph = { object: 'block', type: 'paragraph', key: 'para', nodes: [] } as Block;

describe('assertTableCell', () => {
  it('accepts a record and column the table has', () => expect(() => assertTableCell(table, { record: 'row', definition: 'col' })).not.toThrow());

  it.each([
    ['a block that is not a table', paragraph, { record: 'row', definition: 'col' }, 'node: "para" is a paragraph, not a table'],
    ['a record the table lacks', table, { record: 'other', definition: 'col' }, 'tableCell.record: the table has no record "other"'],
    ['a column the table lacks', table, { record: 'row', definition: 'other' }, 'tableCell.definition: the table has no column "other"'],
    ['a name inherited by every object', table, { record: 'constructor', definition: 'col' }, 'tableCell.record: the table has no record "constructor"'],
    ['a table without its data', { ...table, data: undefined } as unknown as Block, { record: 'row', definition: 'col' }, 'tableCell.record'],
  ])('refuses %s, naming the field', (_case, node, cell, message) => {
    expect(() => assertTableCell(node, cell)).toThrow(Invalid);
    expect(() => assertTableCell(node, cell)).toThrow(message);
  });
});
