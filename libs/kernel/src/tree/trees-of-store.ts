import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { ContentTrees } from './content-trees';

const shared = new WeakMap<ContentObjectStore, ContentTrees>();

/**
 * The content trees over a store, one per store: projections, which get the store rather than Nest's
 * ContentTrees, share one cache of decoded objects across every event they apply.
 */
export function treesOf(objects: ContentObjectStore): ContentTrees {
  let trees = shared.get(objects);
  if (!trees) {
    trees = new ContentTrees(objects);
    shared.set(objects, trees);
  }
  return trees;
}
