import { TreeSnapshot } from './content-trees';
import { PageNode } from './tree.model';

/**
 * `items` sorted by where their pages (`idOf`) stand in `tree`, depth-first, as a walk of the whole tree
 * would list them, reading only their ancestors: the cost follows the items, never the size of the tree.
 */
export async function inTreeOrder<T>(tree: TreeSnapshot, items: readonly T[], idOf: (item: T) => string): Promise<T[]> {
  const order = new TreeOrder(tree);
  const keyed = [];
  // One at a time: the items share the lookups of their common ancestors.
  for (const item of items) keyed.push({ item, key: await order.key(idOf(item)) });
  return keyed.sort((a, b) => compareKeys(a.key, b.key)).map(({ item }) => item);
}

/**
 * A page's place in depth-first order, as its index among its siblings at each depth from the root:
 * comparing these orders pages as a walk of the whole tree would, reading only their ancestors.
 */
class TreeOrder {
  private readonly indexes = new Map<string | null, Map<string, number>>();

  constructor(private readonly tree: TreeSnapshot) {}

  async key(id: string): Promise<number[]> {
    const key: number[] = [];
    for (let at: string | null = id; at !== null; ) {
      const node: PageNode | null = await this.tree.page(at);
      if (node === null) break; // cannot happen for a page of this tree; an orphan sorts as a root
      key.unshift((await this.siblings(node.parent)).get(at) ?? 0);
      at = node.parent;
    }
    return key;
  }

  private async siblings(parent: string | null): Promise<Map<string, number>> {
    let indexes = this.indexes.get(parent);
    if (!indexes) {
      const ids = parent === null ? this.tree.rootPages : ((await this.tree.page(parent))?.children ?? []);
      indexes = new Map(ids.map((id, i) => [id, i]));
      this.indexes.set(parent, indexes);
    }
    return indexes;
  }
}

/** An ancestor comes before its descendants, which come before its next sibling. */
function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
