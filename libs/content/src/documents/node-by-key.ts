import { Block, Inline, PageDocument } from './document.model';

/**
 * The block or inline of the document with this key, or null: what a comment's `node` names. Looks
 * through every block's nodes and every void block's fragments (a table cell's, an expandable's
 * content), without recursion. Keys are unique within a document, so the order of the walk is free.
 */
export function nodeByKey(document: PageDocument, key: string): Block | Inline | null {
  const pending: unknown[] = [...document.nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== 'object') continue;
    const fields = node as { object?: unknown; key?: unknown; nodes?: unknown; fragments?: unknown };
    if ((fields.object === 'block' || fields.object === 'inline') && fields.key === key) return node as Block | Inline;
    // One push per node: a spread of a long list would overflow the stack.
    if (Array.isArray(fields.nodes)) for (const child of fields.nodes) pending.push(child);
    if (Array.isArray(fields.fragments)) for (const child of fields.fragments) pending.push(child);
  }
  return null;
}
