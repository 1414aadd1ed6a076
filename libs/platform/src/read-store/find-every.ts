import { CursorKey, Doc, Filter, ReadStore } from './read-store.port';

/** Page size when reading every match: bounds memory per round trip, not the result. */
const PAGE = 1000;

/** Every document matching `filter`, read page by page (for cascades and small per-user sets). */
export async function findEvery<T extends Doc>(store: ReadStore, collection: string, filter: Filter): Promise<T[]> {
  const items: T[] = [];
  let after: CursorKey | undefined;
  do {
    const page = await store.find<T>(collection, { filter, limit: PAGE, after });
    items.push(...page.items);
    after = page.next;
  } while (after);
  return items;
}
