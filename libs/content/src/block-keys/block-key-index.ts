import { Inject, Injectable } from '@nestjs/common';
import { mapConcurrently } from '@folio/platform/concurrency/map-concurrently';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { nodeByKey } from '@folio/kernel/document/node-by-key';
import { ContentTrees, DOCUMENT_READS, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { offIndex } from '../tree/main-page-index';
import { BLOCK_KEY_INDEX, BLOCK_KEYS, BlockKeyDoc } from './block-key-docs';

/**
 * The pages of any tree of a space that hold a block or inline key: the index of main's keys (the
 * content-block-keys projection), overlaid with the pages where the tree's documents differ from the ones
 * indexed, searched on the fly. For main that is usually nothing; for a change request's head, the pages
 * it changed, so the cost follows the difference, never the size of the space.
 */
@Injectable()
export class BlockKeyIndex {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly trees: ContentTrees,
  ) {}

  /**
   * Up to two pages of `snapshot` holding `key`, in page id order: none, the one, or two when the key is on
   * more than one page (keys are unique within a document only: parsed markdown numbers them k1, k2…).
   */
  async pagesWith(space: string, snapshot: TreeSnapshot, key: string): Promise<string[]> {
    const overlay = await offIndex(BLOCK_KEY_INDEX, this.reads, this.trees, space, snapshot);
    const holds = await mapConcurrently(overlay, DOCUMENT_READS, async ({ after }) => {
      const document = after && (await snapshot.document(after));
      return document !== null && nodeByKey(document, key) !== null;
    });
    const off = new Set(overlay.map((change) => change.id));
    // Enough indexed pages to find two that the overlay does not replace.
    const { items } = await this.reads.find<BlockKeyDoc>(BLOCK_KEYS, { filter: { space, key }, sort: { field: 'page', direction: 'asc' }, limit: off.size + 2 });
    const indexed = items.map((doc) => doc.page).filter((page) => !off.has(page));
    const changed = overlay.filter((_, i) => holds[i]).map((change) => change.id);
    return [...indexed, ...changed].sort().slice(0, 2);
  }
}
