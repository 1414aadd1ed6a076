import { Invalid } from '@folio/platform/domain/errors';
import { Block, Fragment, PageDocument } from '@folio/kernel/document/document.model';
import { blockChildren } from '@folio/kernel/merge/pair-keys';

type Keyed = Block | Fragment;

/** Where a keyed node sits: the list holding it, its index there, and the node owning the list (null: the document). */
interface Place {
  node: Keyed;
  list: Keyed[];
  index: number;
  owner: Keyed | null;
  field: 'nodes' | 'fragments';
}

/**
 * `here` with the blocks named by `keys` taken back to their version in `there` (revert_page's `block`):
 * a block in both is replaced by `there`'s (its content, in place), a block only `here` has is removed,
 * a block only `there` has is put back after its nearest preceding sibling that `here` still has (else
 * first in its parent). A key in neither, or one whose parent is gone, is Invalid. Neither input is modified.
 */
export function revertBlocks(here: PageDocument, there: PageDocument, keys: readonly string[]): PageDocument {
  const result = structuredClone(here);
  for (const key of keys) {
    const mine = locate(result, key);
    const theirs = locate(there, key);
    if (!theirs) {
      if (!mine) throw new Invalid(`block ${key} is in neither version of the page`);
      mine.list.splice(mine.index, 1);
    } else if (mine) {
      mine.list[mine.index] = structuredClone(theirs.node);
    } else {
      restore(result, theirs);
    }
  }
  return result;
}

function restore(result: PageDocument, theirs: Place): void {
  const copy = structuredClone(theirs.node);
  for (let i = theirs.index - 1; i >= 0; i--) {
    const previous = theirs.list[i].key;
    const anchor = previous === undefined ? undefined : locate(result, previous);
    if (anchor && anchor.field === theirs.field) {
      anchor.list.splice(anchor.index + 1, 0, copy);
      return;
    }
  }
  if (theirs.owner === null) {
    result.nodes.unshift(copy as Block);
    return;
  }
  const owner = theirs.owner.key === undefined ? undefined : locate(result, theirs.owner.key);
  const list = owner && listOf(owner.node, theirs.field);
  if (!list) throw new Invalid(`block ${String(theirs.node.key)} cannot be restored: the block holding it is not in the page; revert ${String(theirs.owner.key)} first`);
  list.unshift(copy);
}

function listOf(node: Keyed, field: 'nodes' | 'fragments'): Keyed[] | null {
  if (field === 'fragments') return 'fragments' in node ? node.fragments : null;
  return blockChildren(node);
}

/** The place of the node keyed `key`, depth first. Depth is bounded before a document is stored. */
function locate(document: PageDocument, key: string): Place | undefined {
  const search = (list: Keyed[], owner: Keyed | null, field: Place['field']): Place | undefined => {
    for (let index = 0; index < list.length; index++) {
      const node = list[index];
      if (node.key === key) return { node, list, index, owner, field };
      for (const inner of ['fragments', 'nodes'] as const) {
        const children = listOf(node, inner);
        const found = children && search(children, node, inner);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(document.nodes, null, 'nodes');
}
