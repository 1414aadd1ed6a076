import { generateNKeysBetween } from 'fractional-indexing';
import { Block, Inline, Table, Text } from '@folio/kernel/document/document.model';

/**
 * Tables. A plain grid (text columns, one paragraph per cell, a header) is a GFM pipe table. Any other is the
 * HTML GitBook writes: `<table data-view="cards" data-card-size data-card-wrap data-full-width data-search
 * data-header-hidden>`, a `<th>` per column (its title; `width`, `valign`, `align`; `data-hidden` for a column
 * not shown; `data-card-target`, `data-card-cover`, `data-card-cover-dark`; `data-type` for a column that is
 * not text), a `<td>` per cell: a text cell's blocks as HTML (`<h2>`…`<h4>` for headings 1 to 3, `<p>`), a
 * reference, image or file cell as `<a href>`. Columns are `c0`, `c1`…, records `r0`…, a text cell's fragment
 * `<record>-<column>`; the text of a cell's link is kept (in a fragment of that name) when it is not the
 * target's last segment, which is what is written for none. This file holds what both forms share.
 */

export const columnId = (i: number) => `c${i}`;
export const recordId = (i: number) => `r${i}`;

/** Fractional order keys for a table's records, in the order they are read. */
export const orderIndexes = (count: number): string[] => generateNKeysBetween(null, null, count);

export function emptyParagraph(nodes: (Text | Inline)[] = []): Block {
  return { object: 'block', type: 'paragraph', nodes };
}

/** Indexes the table's fragments by name before it is written (each cell then looks its own up). */
export function indexFragments(table: Table): void {
  fragmentsByName.set(table, new Map(table.fragments.map((fragment) => [fragment.fragment, fragment.nodes])));
}

export function sortedRecords(table: Table) {
  return Object.entries(table.data.records).sort(([, a], [, b]) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
}

/** The fragments of the tables being written, by name. */
const fragmentsByName = new WeakMap<Table, Map<string, Block[]>>();

export function fragmentNodes(table: Table, name: unknown): Block[] | undefined {
  return typeof name === 'string' ? fragmentsByName.get(table)?.get(name) : undefined;
}
