import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { IndexedTreeDoc, MainPageIndex, offIndex } from './main-page-index';

const NOW = '2026-03-01T09:00:00.000Z';
/** An index keeping something of every page (any two versions may differ). */
const EVERY_PAGE: MainPageIndex = { spaces: 'indexedSpaces', mayDiffer: () => true };
/** A read store holding `doc` as the space's followed-tree document (or none). */
const holding = (doc: IndexedTreeDoc | null) => ({ get: async () => doc }) as unknown as ReadStore;

describe('offIndex', () => {
  const objects = useTempObjectStore('folio-main-page-index-');

  it('reads a space without a followed-tree document as one whose index followed the empty tree', async () => {
    const trees = new ContentTrees(objects.store);
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'p1', into: null, meta: { title: 'One' }, document: markdownToDocument('Text.').document, now: NOW });
    const snapshot = await trees.open(await editor.commit());

    const absent = await offIndex(EVERY_PAGE, holding(null), trees, 's1', snapshot);
    expect(absent.map((change) => [change.id, change.before, change.after?.title])).toEqual([['p1', null, 'One']]);
    // What an earlier version wrote for a space created empty means the same.
    expect(await offIndex(EVERY_PAGE, holding({ id: 's1', tree: EMPTY_TREE_HASH, position: '1' }), trees, 's1', snapshot)).toEqual(absent);
    expect(await offIndex(EVERY_PAGE, holding(null), trees, 's1', await trees.open(EMPTY_TREE_HASH))).toEqual([]);
  });
});
