import { Block, Inline, PageDocument } from './document.model';

/**
 * Every block and inline of the document that has a key: through every block's nodes and every void block's
 * fragments (a table cell's, an expandable's content), without recursion, in no particular order.
 */
function* keyedNodes(document: PageDocument): Generator<Block | Inline> {
  const pending: unknown[] = [...document.nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null || typeof node !== 'object') continue;
    const fields = node as { object?: unknown; key?: unknown; nodes?: unknown; fragments?: unknown };
    if ((fields.object === 'block' || fields.object === 'inline') && typeof fields.key === 'string') yield node as Block | Inline;
    // One push per node: a spread of a long list would overflow the stack.
    if (Array.isArray(fields.nodes)) for (const child of fields.nodes) pending.push(child);
    if (Array.isArray(fields.fragments)) for (const child of fields.fragments) pending.push(child);
  }
}

/**
 * The block or inline of the document with this key, or null: what a comment's `node` names. Keys are
 * unique within a document, so the order of the walk is free.
 */
export function nodeByKey(document: PageDocument, key: string): Block | Inline | null {
  for (const node of keyedNodes(document)) if (node.key === key) return node;
  return null;
}

/** The keys a comment's `node` may name in the document (nodeByKey finds each), sorted. */
export function nodeKeys(document: PageDocument): string[] {
  return [...new Set(Array.from(keyedNodes(document), (node) => node.key as string))].sort();
}
