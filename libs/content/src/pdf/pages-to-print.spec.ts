import { Invalid } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { changedPages, pagesToPrint } from './pages-to-print';

const NOW = '2026-01-01T00:00:00.000Z';

describe('pages to print', () => {
  const objects = useTempObjectStore('folio-pages-to-print-', 'all');

  /** Base: a, b (with b1, b2), c. Head: b2 edited, c deleted, d added first, b1 moved under a. */
  async function trees() {
    const content = new ContentTrees(objects.store);
    const editor = await content.edit(EMPTY_TREE_HASH);
    for (const [id, into] of [['a', null], ['b', null], ['b1', 'b'], ['b2', 'b'], ['c', null]] as const) {
      await editor.insertPage({ id, into, meta: { title: id }, document: null, now: NOW });
    }
    const base = await editor.commit();
    const change = await content.edit(base);
    await change.updatePage('b2', { meta: { title: 'b2, edited' }, now: NOW });
    await change.deletePage('c');
    await change.insertPage({ id: 'd', into: null, at: 0, meta: { title: 'd' }, document: null, now: NOW });
    await change.updatePage('b1', { into: 'a', now: NOW });
    return Promise.all([content.open(base), content.open(await change.commit())]);
  }

  it('lists the pages the head changed, in its tree order, and none it deleted', async () => {
    const [base, head] = await trees();
    expect((await changedPages(base, head)).map((page) => page.id)).toEqual(['d', 'b1', 'b2']);
  });

  it('prints the selection when a page is given, else every page it is told to', async () => {
    const [base, head] = await trees();
    const ids = async (selection: { page?: string; only: boolean }) => (await pagesToPrint(head, selection, () => changedPages(base, head))).map((page) => page.id);
    expect(await ids({ only: false })).toEqual(['d', 'b1', 'b2']);
    expect(await ids({ page: 'a', only: false })).toEqual(['a', 'b1']);
    expect(await ids({ page: 'a', only: true })).toEqual(['a']);
    expect((await pagesToPrint(head, { only: false })).map((page) => page.id)).toEqual(['d', 'a', 'b1', 'b', 'b2']);
    await expect(pagesToPrint(head, { only: true })).rejects.toThrow(Invalid);
  });
});
