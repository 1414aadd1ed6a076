import { ProjectionContext, defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { TextIndexedCollection } from '@folio/platform/search/search.port';
import { SpaceEvent } from '../spaces/space.events';
import { TreeSnapshot, diffTrees } from '@folio/kernel/tree/content-trees';
import { treesOf } from '@folio/kernel/tree/trees-of-store';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { PageSection, pageText } from './page-text';
import { followedTree, staysUnfollowed } from '../tree/main-page-index';

/** One document per page of each space's main content: what search matches, ranks and answers. */
export interface SearchPageDoc {
  /** `<spaceId>.<pageId>`. */
  id: string;
  spaceId: string;
  organizationId: string;
  pageId: string;
  title: string;
  description: string;
  path: string;
  /** From the top-level page to the direct parent. */
  ancestors: { title: string }[];
  /** The section titles, as one text (indexed above the body). */
  headings: string;
  body: string;
  sections: PageSection[];
  [key: string]: unknown;
}

/**
 * Main's tree as the pages were last indexed from: the next content change is diffed against it. None
 * while main is empty and was never indexed (as for `IndexedTreeDoc`).
 */
export interface SearchSpaceDoc {
  id: string;
  organizationId: string;
  tree: string;
  [key: string]: unknown;
}

/** Title hits rank above description hits, above headings, above the body. */
export const SEARCH_PAGES: TextIndexedCollection = {
  name: 'searchPages',
  indexes: [['spaceId'], ['organizationId']],
  textIndex: { fields: { title: 10, description: 5, headings: 3, body: 1 } },
};
export const SEARCH_SPACES = 'searchSpaces';

const pageDocId = (spaceId: string, pageId: string) => `${spaceId}.${pageId}`;

/**
 * The page's place: its path and its ancestors' titles, top first, and whether it is searchable. A page
 * marked `noIndex` is not ("not indexable in the search and ask features"), and a hidden page is not,
 * nor is any page below it: a reader searching finds what the navigation shows.
 */
async function placeOf(tree: TreeSnapshot, page: PageNode) {
  const ancestors: { title: string }[] = [];
  let searchable = !page.hidden && !page.noIndex;
  for (let parent = page.parent; parent !== null; ) {
    const node = await tree.page(parent);
    if (!node) break;
    ancestors.unshift({ title: node.title });
    if (node.hidden) searchable = false;
    parent = node.parent;
  }
  return { place: { path: await tree.pathOf(page.id), ancestors }, searchable };
}

/** Every page below `id` (not itself). */
async function descendants(tree: TreeSnapshot, id: string): Promise<string[]> {
  const out: string[] = [];
  const queue = [...((await tree.page(id))?.children ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...((await tree.page(next))?.children ?? []));
  }
  return out;
}

/**
 * Moves a space's indexed pages from the tree they were indexed from to main's new tree: only the pages
 * that differ are read (diffTrees), and the subpages of a page renamed, moved or hidden get their new path
 * and ancestors without their documents being read again (unless they come out from under a hidden page).
 * Pages that are not searchable (placeOf) are left out.
 */
async function indexMain(tx: ReadTransaction, context: ProjectionContext, space: { spaceId: string; organizationId: string }, tree: string) {
  const trees = treesOf(context.objects);
  const indexed = await tx.get<SearchSpaceDoc>(SEARCH_SPACES, space.spaceId);
  if (staysUnfollowed(indexed, tree)) return;
  const [before, after] = await Promise.all([trees.open(followedTree(indexed)), trees.open(tree)]);
  const { pages } = await diffTrees(before, after);
  const replaced = new Set<string>();
  const moved = new Set<string>();
  for (const change of pages) {
    if (!change.after) {
      await tx.delete(SEARCH_PAGES.name, pageDocId(space.spaceId, change.id));
      continue;
    }
    replaced.add(change.id);
    const { before: old, after: now } = change;
    // A subpage's path, ancestors and (below a hidden page) searchability follow its ancestors'.
    if (old && (old.title !== now.title || old.slug !== now.slug || old.parent !== now.parent || Boolean(old.hidden) !== Boolean(now.hidden))) {
      for (const id of await descendants(after, change.id)) moved.add(id);
    }
  }
  for (const id of new Set([...replaced, ...moved])) {
    const docId = pageDocId(space.spaceId, id);
    const page = (await after.page(id))!;
    const { place, searchable } = await placeOf(after, page);
    if (!searchable) {
      await tx.delete(SEARCH_PAGES.name, docId);
      continue;
    }
    // A moved page keeps its text, unless it was not indexed (it was below a hidden page until now).
    if (!replaced.has(id) && (await tx.get(SEARCH_PAGES.name, docId))) {
      await tx.patch(SEARCH_PAGES.name, docId, place);
      continue;
    }
    const text = pageText(page.document ? await after.document(page) : null);
    const doc: SearchPageDoc = {
      id: docId,
      spaceId: space.spaceId,
      organizationId: space.organizationId,
      pageId: id,
      title: page.title,
      description: page.description ?? '',
      ...place,
      headings: text.sections.map((s) => s.title).join(' '),
      body: text.body,
      sections: text.sections,
    };
    await tx.upsert(SEARCH_PAGES.name, doc);
  }
  await tx.upsert(SEARCH_SPACES, { id: space.spaceId, organizationId: space.organizationId, tree });
}

/**
 * `content-search`: the pages of every space's main content, for `GET /spaces/{id}/search` and
 * `GET /orgs/{id}/search`. Kept incrementally from main's content events; a deleted space keeps its pages
 * (a restore brings them back; searches list live spaces only), a purged one loses them, a transferred one
 * takes them along.
 */
export const searchProjection = defineProjection<SpaceEvent>('content-search', [SEARCH_PAGES, { name: SEARCH_SPACES, indexes: [] }], {
  // Created empty (most are): nothing to index, and no document of the space to read yet.
  SpaceCreated: async ({ data }, tx, context) => {
    if (data.tree) await indexMain(tx, context, data, data.tree);
  },
  SpaceContentChanged: async ({ data }, tx, context) => indexMain(tx, context, data, data.revision.tree),
  SpaceTransferred: async ({ data }, tx) => {
    await tx.patch(SEARCH_SPACES, data.spaceId, { organizationId: data.organizationId });
    for (const page of await tx.findAll<SearchPageDoc>(SEARCH_PAGES.name, { spaceId: data.spaceId })) {
      await tx.patch(SEARCH_PAGES.name, page.id, { organizationId: data.organizationId });
    }
  },
  SpacePurged: async ({ data }, tx) => {
    await tx.deleteMany(SEARCH_PAGES.name, { spaceId: data.spaceId });
    await tx.delete(SEARCH_SPACES, data.spaceId);
  },
});
