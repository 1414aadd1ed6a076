import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { SpaceEvent } from '../spaces/space.events';
import { followMain, handlersFollowingMain } from '../tree/main-page-index';
import { LINK_INDEX, LINK_SPACES, LINK_TARGETS, linkTargets, PAGE_LINKS, pageLinks } from './link-docs';

/**
 * Main moved to `tree`: the pages that differ from the tree indexed so far get their links extracted
 * again (only those: a merge of one page reads one document), and the space remembers the new tree.
 */
function follow(tx: ReadTransaction, objects: ContentObjectStore, space: string, tree: string, position: string) {
  return followMain(LINK_INDEX, tx, objects, { space, tree, position }, async (page, node, after) => {
    const links = node ? pageLinks(space, node, await after.document(node)) : [];
    if (links.length === 0) await tx.delete(PAGE_LINKS, `${space}:${page}`);
    else await tx.upsert(PAGE_LINKS, { id: `${space}:${page}`, space, page, links });
    await tx.deleteMany(LINK_TARGETS, { space, page });
    for (const [n, target] of linkTargets(links).entries()) await tx.upsert(LINK_TARGETS, { id: `${space}:${page}:${n}`, space, page, target });
  });
}

/**
 * `content-links`: the links of main's pages, kept as main moves (a space's first tree, a duplicate's
 * copy included, then each `SpaceContentChanged`). Statuses are not stored: they depend on the rest of the
 * content (a page inserted later mends a broken link) and are computed when read.
 */
export const linkProjection = defineProjection<SpaceEvent>(
  'content-links',
  [
    { name: PAGE_LINKS, indexes: [['space']] },
    { name: LINK_TARGETS, indexes: [['space', 'target'], ['space', 'page']] },
    { name: LINK_SPACES, indexes: [] },
  ],
  {
    ...handlersFollowingMain(follow),
    SpacePurged: async ({ data }, tx) => {
      await tx.deleteMany(PAGE_LINKS, { space: data.spaceId });
      await tx.deleteMany(LINK_TARGETS, { space: data.spaceId });
      await tx.delete(LINK_SPACES, data.spaceId);
    },
  },
);
