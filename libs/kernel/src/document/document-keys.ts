import { Invalid } from '@folio/platform/domain/errors';
import { Block, Fragment, PageDocument } from './document.model';

/**
 * Block keys. A key names a block for as long as it lives, so a merge can pair blocks by key: a block
 * that comes with a key keeps it, and only blocks without one get a new key. New keys are deterministic
 * (a counter in document order, skipping keys taken), so the same markdown always gives the same
 * document; pairing freshly parsed blocks with the keys of the page's previous version is the writer's
 * job, not the parser's. Keys are unique within a document: a duplicate is refused.
 */
export function assignKeys(document: PageDocument): PageDocument {
  const taken = new Set<string>();
  const keyless: (Block | Fragment)[] = [];
  walk(document.nodes, (node) => {
    if (node.key === undefined) keyless.push(node);
    else if (taken.has(node.key)) throw new Invalid(`The document has two blocks with the key ${node.key}`);
    else taken.add(node.key);
  });
  let counter = 0;
  for (const node of keyless) {
    let key: string;
    do key = `k${(++counter).toString(36)}`;
    while (taken.has(key));
    taken.add(key);
    node.key = key;
  }
  return document;
}

/** Every block and fragment, in document order. Depth is bounded before this runs (assertDocumentBounds). */
function walk(nodes: readonly unknown[], visit: (node: Block | Fragment) => void): void {
  for (const node of nodes as (Block | Fragment)[]) {
    if (node === null || typeof node !== 'object') continue;
    if (node.object !== 'block' && node.object !== 'fragment') continue;
    visit(node);
    if ('fragments' in node && Array.isArray(node.fragments)) walk(node.fragments, visit);
    if ('nodes' in node && Array.isArray(node.nodes)) walk(node.nodes, visit);
  }
}

/** A copy of a document without its keys: what "equal up to keys" compares. */
export function withoutKeys<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (name, v: unknown) => (name === 'key' ? undefined : v))) as T;
}
