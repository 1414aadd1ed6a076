import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { ContentTrees } from './content-trees';

const shared = new WeakMap<ContentObjectStore, ContentTrees>();

/**
 * The content trees over a store, one per store: the content and Git Sync modules' ContentTrees and the projections
 * (which get the store rather than Nest's ContentTrees) share one cache of decoded objects. Three caches held the same
 * objects decoded up to three times: a tree a request reads is the one its projections just applied.
 */
export function treesOf(objects: ContentObjectStore): ContentTrees {
  let trees = shared.get(objects);
  if (!trees) {
    trees = new ContentTrees(objects);
    shared.set(objects, trees);
  }
  return trees;
}
