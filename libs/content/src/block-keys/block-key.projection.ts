import { yieldToEventLoop } from '@folio/platform/concurrency/yield-to-event-loop';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { nodeKeys } from '@folio/kernel/document/node-by-key';
import { SpaceEvent } from '../spaces/space.events';
import { followMain, handlersFollowingMain } from '../tree/main-page-index';
import { BLOCK_KEY_INDEX, BLOCK_KEY_SPACES, BLOCK_KEYS } from './block-key-docs';

const KEYS_BETWEEN_YIELDS = 1_000;

/** Main moved to `tree`: the pages whose document changed get their keys listed again (only those). */
function follow(tx: ReadTransaction, objects: ContentObjectStore, space: string, tree: string, position: string) {
  return followMain(BLOCK_KEY_INDEX, tx, objects, { space, tree, position }, async (page, node, after) => {
    const document = node ? await after.document(node) : null;
    await tx.deleteMany(BLOCK_KEYS, { space, page });
    const keys = document ? nodeKeys(document) : [];
    for (const [i, key] of keys.entries()) {
      // A near-limit page holds some 10,000 keys: other requests go between every thousand of them.
      if (i > 0 && i % KEYS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
      await tx.upsert(BLOCK_KEYS, { id: `${space}:${page}:${key}`, space, page, key });
    }
  });
}

/**
 * `content-block-keys`: which page of main holds each block or inline key, kept as main moves (a space's
 * first tree, then each `SpaceContentChanged`), so that a comment naming a block without its page is
 * placed without reading every document of the space.
 */
export const blockKeyProjection = defineProjection<SpaceEvent>(
  'content-block-keys',
  [
    { name: BLOCK_KEYS, indexes: [['space', 'key', 'page'], ['space', 'page']] },
    { name: BLOCK_KEY_SPACES, indexes: [] },
  ],
  {
    ...handlersFollowingMain(follow),
    SpacePurged: async ({ data }, tx) => {
      await tx.deleteMany(BLOCK_KEYS, { space: data.spaceId });
      await tx.delete(BLOCK_KEY_SPACES, data.spaceId);
    },
  },
);
