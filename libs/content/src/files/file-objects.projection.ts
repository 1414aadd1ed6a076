import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { diffTrees } from '@folio/kernel/tree/content-trees';
import { treesOf } from '@folio/kernel/tree/trees-of-store';
import { followedTree, handlersFollowingMain, IndexedTreeDoc, staysUnfollowed } from '../tree/main-page-index';
import { SpaceEvent } from '../spaces/space.events';

/** Per (space, stored object): a file of one of main's revisions, present or past. */
export const FILE_OBJECTS = 'fileObjects';
/** Per space, the main tree the file objects were last taken from (an IndexedTreeDoc: none while main is empty). */
export const FILE_OBJECT_TREES = 'fileObjectTrees';

/**
 * A file some revision of main held, by the object its bytes are stored under: what a site's
 * content-addressed file URL (`/v1/sites/{siteId}/files/{hash}`) is checked against, and the name and
 * media type it is served with (those of the last file main gave these bytes).
 */
export interface FileObjectDoc {
  /** `<spaceId>:<object>` */
  id: string;
  spaceId: string;
  object: string;
  name: string;
  contentType: string;
  chunked?: true;
  [key: string]: unknown;
}

export const fileObjectId = (spaceId: string, object: string) => `${spaceId}:${object}`;

/**
 * Main moved to `tree`: the files it adds or changes from the tree followed so far are recorded; none is
 * removed (a past revision's files stay reachable, as the revision does). Diffing costs what changed.
 */
async function follow(tx: ReadTransaction, objects: ContentObjectStore, spaceId: string, tree: string, position: string) {
  const followed = await tx.get<IndexedTreeDoc>(FILE_OBJECT_TREES, spaceId);
  if (staysUnfollowed(followed, tree) || (followed && comparePositions(position, followed.position) <= 0)) return;
  const trees = treesOf(objects);
  const [before, after] = await Promise.all([trees.open(followedTree(followed)), trees.open(tree)]);
  for (const { after: file } of (await diffTrees(before, after)).files) {
    if (!file) continue;
    const doc: FileObjectDoc = {
      id: fileObjectId(spaceId, file.object),
      spaceId,
      object: file.object,
      name: file.name,
      contentType: file.contentType,
      ...(file.chunked ? { chunked: true as const } : {}),
    };
    await tx.upsert(FILE_OBJECTS, doc);
  }
  await tx.upsert(FILE_OBJECT_TREES, { id: spaceId, tree, position });
}

/**
 * `content-file-objects`: the stored objects of every file main has held, per space (a space's first tree,
 * a duplicate's copy included, then each `SpaceContentChanged`). A change request's own files are not
 * here until it is merged: a URL anyone may keep names only what a published revision holds.
 */
export const fileObjectProjection = defineProjection<SpaceEvent>(
  'content-file-objects',
  [
    { name: FILE_OBJECTS, indexes: [['object']] },
    { name: FILE_OBJECT_TREES, indexes: [] },
  ],
  {
    ...handlersFollowingMain(follow),
    SpacePurged: async ({ data }, tx) => {
      await tx.deleteMany(FILE_OBJECTS, { spaceId: data.spaceId });
      await tx.delete(FILE_OBJECT_TREES, data.spaceId);
    },
  },
);
