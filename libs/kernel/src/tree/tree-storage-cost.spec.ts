import { paragraphDocument } from '../document/paragraph-document';
import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { createHash } from 'node:crypto';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees, diffTrees } from './content-trees';
import { EMPTY_TREE_HASH } from './empty-tree';

const NOW = '2025-01-01T00:00:00.000Z';

const doc = paragraphDocument;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * An id shaped as newId makes them (20 base62 characters, a letter among them), but the same on every run.
 * The page map branches on ids' characters, and a leaf of 64 entries splits when one more lands in it: with
 * random ids, an added page now and then split a leaf and stored dozens of objects, failing the bound below
 * by chance. Fixed ids fix the tree's shape, so each count is the same on every run.
 */
function fixedId(name: string): string {
  const id = [...createHash('sha256').update(name).digest().subarray(0, 20)].map((byte) => BASE62[byte % 62]).join('');
  return /[A-Za-z]/.test(id) ? id : fixedId(`${name}.`);
}


/**
 * Storage that costs what changed, on a 5,000-page tree (100 sections of 49 pages): every count is of
 * objects crossing the store's interface, with a cold cache (a new ContentTrees) where reads are counted.
 */
describe('content trees at 5,000 pages', () => {
  const objects = useTempObjectStore('folio-tree-cost-', 'all');
  let store: CountingObjectStore;
  let tree: string;
  let small: string;
  const sections: string[] = [];
  const leaves: string[] = [];
  const cold = () => new ContentTrees(store);

  beforeAll(async () => {
    store = new CountingObjectStore(objects.store);
    const editor = await cold().edit(EMPTY_TREE_HASH);
    for (let s = 0; s < 100; s++) {
      const section = fixedId(`section ${s}`);
      sections.push(section);
      await editor.insertPage({ id: section, into: null, meta: { title: `Section ${s}` }, document: doc(`section ${s}`), now: NOW });
      for (let p = 0; p < 49; p++) {
        const id = fixedId(`page ${s}.${p}`);
        leaves.push(id);
        await editor.insertPage({ id, into: section, meta: { title: `Page ${s}.${p}` }, document: doc(`page ${s}.${p}`), now: NOW });
      }
    }
    tree = await editor.commit();
    const tiny = await cold().edit(EMPTY_TREE_HASH);
    for (let i = 0; i < 10; i++) await tiny.insertPage({ id: leaves[i], into: null, meta: { title: `Page ${i}` }, document: null, now: NOW });
    small = await tiny.commit();
  }, 120_000);

  it('holds every page', async () => {
    expect(await (await cold().open(tree)).pages()).toHaveLength(5000);
  }, 60_000);

  it('reads one page through the trie path only: as many objects at 5,000 pages as at 10, give or take a trie level', async () => {
    const readPage = async (hash: string, id: string) => {
      const view = await cold().open(hash);
      store.reset();
      expect((await view.page(id))?.id).toBe(id);
      return store.reads;
    };
    const atTen = await readPage(small, leaves[3]);
    const atFiveThousand = await readPage(tree, leaves[2345]);
    expect(atTen).toBe(2); // one map leaf, the node
    expect(atFiveThousand).toBeGreaterThan(atTen); // the map does branch…
    expect(atFiveThousand).toBeLessThanOrEqual(5); // …a couple of levels, not a scan
  });

  it('stores a handful of objects, in one put, when one page’s document changes', async () => {
    const editor = await cold().edit(tree);
    await editor.updatePage(leaves[1234], { document: doc('rewritten'), now: NOW });
    store.reset();
    const next = await editor.commit();
    expect(store.puts).toHaveLength(1);
    // The document, the page node, the page map's nodes on its path, the root.
    expect(store.puts[0]).toBeLessThanOrEqual(7);
    expect(store.puts[0]).toBeGreaterThanOrEqual(4);
    expect(await (await cold().open(next)).document((await (await cold().open(next)).page(leaves[1234]))!)).toEqual(doc('rewritten'));
  });

  it('edits a page in place (its document, its title) without reading its 48 siblings', async () => {
    const editor = await cold().edit(tree);
    store.reset();
    await editor.updatePage(leaves[2222], { document: doc('merged'), meta: { title: 'Merged' }, now: NOW });
    expect(store.reads).toBeLessThanOrEqual(5); // the page's trie path and node, as a read would
  });

  it('stores a handful of objects when a page is added to a section', async () => {
    const editor = await cold().edit(tree);
    await editor.insertPage({ id: fixedId('new page'), into: sections[50], meta: { title: 'New' }, document: doc('new'), now: NOW });
    store.reset();
    await editor.commit();
    // The document, the new node, its section's node (children), the map's paths to both, the root.
    expect(store.puts).toEqual([expect.any(Number)]);
    expect(store.puts[0]).toBeLessThanOrEqual(10);
  });

  it('diffs a one-page change by reading only the differing trie paths and that page', async () => {
    const editor = await cold().edit(tree);
    await editor.updatePage(leaves[4321], { meta: { title: 'Renamed' }, now: NOW });
    const next = await editor.commit();
    const trees = cold();
    const [before, after] = [await trees.open(tree), await trees.open(next)];
    store.reset();
    const diff = await diffTrees(before, after);
    expect(diff.pages.map((change) => [change.id, change.before?.title, change.after?.title])).toEqual([[leaves[4321], 'Page 88.9', 'Renamed']]);
    expect(diff.files).toEqual([]);
    expect(store.reads).toBeLessThanOrEqual(12);
  });

  it('commits nothing for an edit that changes nothing', async () => {
    const editor = await cold().edit(tree);
    await editor.updatePage(leaves[10], { meta: { title: 'Page 0.10' }, now: '2030-01-01T00:00:00.000Z' });
    store.reset();
    expect(await editor.commit()).toBe(tree);
    expect(store.puts).toEqual([]);
  });
});
