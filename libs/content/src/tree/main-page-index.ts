import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { ProjectionContext, StoredOf } from '@folio/platform/projections/projection';
import { ReadStore, ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { Change, ContentTrees, diffTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { treesOf } from '@folio/kernel/tree/trees-of-store';
import { SpaceEvent } from '../spaces/space.events';

/**
 * A projection's index of something in each page of main's content (its links, its block keys), kept as
 * main moves by diffing trees: `spaces` names the collection that holds, per space, the tree indexed
 * (`IndexedTreeDoc`); `mayDiffer` says whether two versions of a page can differ in what is indexed.
 */
export interface MainPageIndex {
  spaces: string;
  mayDiffer(before: PageNode | null, after: PageNode | null): boolean;
}

/**
 * Per space, the tree an index holds main's pages of. No document means the empty tree, followed from no
 * position: a space created empty, or whose main stayed empty, has none (most spaces of a log are created
 * empty, and one document per space and index was a third of a replay's writes). A document an earlier
 * version wrote for the empty tree means the same; once a space has one, it keeps it (its position guards
 * the index against a replayed older event, even when main is emptied).
 */
export interface IndexedTreeDoc {
  id: string;
  tree: string;
  /** Log position of the event that moved `tree`, so a replayed older event changes nothing. */
  position: string;
  [field: string]: unknown;
}

/** The tree a space's followed-tree document (`IndexedTreeDoc`, `SearchSpaceDoc`) says was followed. */
export const followedTree = (doc: { tree: string } | null): string => doc?.tree ?? EMPTY_TREE_HASH;

/** Whether following `tree` would change nothing and say nothing: none was followed, and it is the empty tree. */
export const staysUnfollowed = (doc: { tree: string } | null, tree: string): boolean => doc === null && tree === EMPTY_TREE_HASH;

/** Moves a projection's index of a space to main's `tree` (with followMain), as of the event at `position`. */
type Follow = (tx: ReadTransaction, objects: ContentObjectStore, space: string, tree: string, position: string) => Promise<void>;

/**
 * The handlers of an index that follows main with `follow`: a space's first tree (a duplicate's copy
 * included), then each `SpaceContentChanged`. A space created empty (most are) has nothing to follow, and
 * no document of the space to read yet.
 */
export function handlersFollowingMain(follow: Follow) {
  return {
    SpaceCreated: async ({ data, position }: StoredOf<SpaceEvent, 'SpaceCreated'>, tx: ReadTransaction, { objects }: ProjectionContext) => {
      if (data.tree) await follow(tx, objects, data.spaceId, data.tree, position);
    },
    SpaceContentChanged: ({ data, position }: StoredOf<SpaceEvent, 'SpaceContentChanged'>, tx: ReadTransaction, { objects }: ProjectionContext) =>
      follow(tx, objects, data.spaceId, data.revision.tree, position),
  };
}

/**
 * Moves a space's index to main's new `tree`: `reindex` is called for each page that differs from the tree
 * indexed so far in what the index keeps (only those: a merge of one page reads one document), with its
 * node in `tree` (null when gone) and that tree to read its document from; then the space remembers `tree`.
 */
export async function followMain(
  index: MainPageIndex,
  tx: ReadTransaction,
  objects: ContentObjectStore,
  at: { space: string; tree: string; position: string },
  reindex: (page: string, node: PageNode | null, tree: TreeSnapshot) => Promise<void>,
): Promise<void> {
  const indexed = await tx.get<IndexedTreeDoc>(index.spaces, at.space);
  if (staysUnfollowed(indexed, at.tree) || (indexed && comparePositions(at.position, indexed.position) <= 0)) return;
  const trees = treesOf(objects);
  const [before, after] = await Promise.all([trees.open(followedTree(indexed)), trees.open(at.tree)]);
  for (const { id, before: was, after: is } of (await diffTrees(before, after)).pages) {
    if (index.mayDiffer(was, is)) await reindex(id, is, after);
  }
  await tx.upsert(index.spaces, { id: at.space, tree: at.tree, position: at.position });
}

/**
 * The pages of `snapshot` (any tree of the space: main, a revision, a change request's head) that the index
 * does not hold as they are there: those where it differs from the tree indexed, in what the index keeps.
 * For main that is usually nothing; for a change request, the pages its head and main do not share, so the
 * cost of reading the index overlaid with them follows the difference, never the size of the space.
 */
export async function offIndex(index: MainPageIndex, reads: ReadStore, trees: ContentTrees, space: string, snapshot: TreeSnapshot): Promise<Change<PageNode>[]> {
  const indexed = followedTree(await reads.get<IndexedTreeDoc>(index.spaces, space));
  if (indexed === snapshot.hash) return [];
  const { pages } = await diffTrees(await trees.open(indexed), snapshot);
  return pages.filter((change) => index.mayDiffer(change.before, change.after));
}
