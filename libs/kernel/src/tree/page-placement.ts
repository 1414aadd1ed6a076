import { Invalid } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';

export interface Placed {
  id: string;
  position: string;
}

/** Sibling order: by fractional position, ties (two sides of a merge that placed pages alike) by id. */
export const bySiblingOrder = (a: Placed, b: Placed) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The position that puts a page at index `at` (zero-based; absent: last) among `siblings` (in order, the
 * page itself left out). Siblings that share a position where the page goes (after a merge) cannot have a
 * key between them, so that run is given fresh keys too: `moved` lists the siblings whose position changes.
 */
export function placeAt(siblings: readonly Placed[], at: number | undefined): { position: string; moved: Placed[] } {
  const index = at ?? siblings.length;
  if (!Number.isInteger(index) || index < 0) throw new Invalid(`at must be an integer from 0, not ${at}`);
  if (index > siblings.length) throw new Invalid(`at ${index} is beyond the end: there are ${siblings.length} pages there`);
  const before = siblings[index - 1]?.position ?? null;
  const after = siblings[index]?.position ?? null;
  if (before === null || after === null || before < after) return { position: keyBetween(before, after), moved: [] };

  // A tie at the insertion point: re-key the whole run of equal positions, with the new page inside it.
  let start = index - 1;
  while (start > 0 && siblings[start - 1].position === before) start--;
  let end = index;
  while (end < siblings.length && siblings[end].position === before) end++;
  const lower = siblings[start - 1]?.position ?? null;
  const upper = siblings[end]?.position ?? null;
  const keys: string[] = [];
  for (let i = start; i <= end; i++) keys.push(keyBetween(keys.at(-1) ?? lower, upper));
  const run = [...siblings.slice(start, index), null, ...siblings.slice(index, end)];
  const moved = run.flatMap((sibling, i) => (sibling ? [{ id: sibling.id, position: keys[i] }] : []));
  return { position: keys[index - start], moved };
}
