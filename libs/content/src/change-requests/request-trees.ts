import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { ChangeRequestDoc } from './change-request.projection';

/**
 * A change request's base and head: what it changes is the head against the base (`treeMergedAncestor`
 * once it was updated from main, else the tree it started from), as a merge would take it.
 */
export async function requestTrees(trees: ContentTrees, changeRequest: ChangeRequestDoc): Promise<{ base: TreeSnapshot; head: TreeSnapshot }> {
  const [base, head] = await Promise.all([trees.open(changeRequest.treeMergedAncestor ?? changeRequest.treeInitial), trees.open(changeRequest.tree)]);
  return { base, head };
}
