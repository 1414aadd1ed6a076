import { Invalid } from '@folio/platform/domain/errors';
import { Block, Inline } from './document.model';

/** A cell of a table block: its row (a key of `data.records`) and its column (a key of `data.definition`). */
export interface TableCell {
  record: string;
  definition: string;
}

/**
 * Refuses a cell that `node` (the block a comment's `node` named) does not have, naming the field of
 * the comment that is wrong: `node` for a block that is not a table, else the cell's record or column.
 */
export function assertTableCell(node: Block | Inline, cell: TableCell): void {
  if (node.object !== 'block' || node.type !== 'table') throw new Invalid(`node: ${JSON.stringify(node.key)} is a ${node.type}, not a table`);
  // The table's data as stored: a document given as JSON is not held to the model's shape.
  const { records, definition } = (node.data ?? {}) as { records?: unknown; definition?: unknown };
  if (!has(records, cell.record)) throw new Invalid(`tableCell.record: the table has no record ${JSON.stringify(cell.record)}`);
  if (!has(definition, cell.definition)) throw new Invalid(`tableCell.definition: the table has no column ${JSON.stringify(cell.definition)}`);
}

const has = (map: unknown, key: string) => map !== null && typeof map === 'object' && Object.hasOwn(map, key);
