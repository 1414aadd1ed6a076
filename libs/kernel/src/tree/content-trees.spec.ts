import { paragraphDocument } from '../document/paragraph-document';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees, diffTrees, TreeEditor } from './content-trees';
import { EMPTY_TREE_HASH } from './empty-tree';
import { TreeView } from './tree-view';
import { TooLarge } from '@folio/platform/domain/errors';
import { contentHash, MAX_CONTENT_OBJECT_BYTES } from '@folio/platform/object-store/content-object-store.port';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';

const doc = paragraphDocument;

describe('ContentTrees', () => {
  const objects = useTempObjectStore('folio-trees-');
  let trees: ContentTrees;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
  });

  const insert = (editor: TreeEditor, id: string, title: string, more: Partial<Parameters<TreeEditor['insertPage']>[0]> = {}) =>
    editor.insertPage({ id, into: null, meta: { title }, document: doc(title), now: T0, ...more });

  /** Titles in depth-first order, indented by depth. */
  const outline = async (tree: { pages(): Promise<{ title: string; id: string; parent: string | null }[]> }) => {
    const pages = await tree.pages();
    const depth = new Map<string, number>();
    return pages.map((page) => {
      depth.set(page.id, page.parent === null ? 0 : depth.get(page.parent)! + 1);
      return `${'  '.repeat(depth.get(page.id)!)}${page.title}`;
    });
  };

  it('refuses a page document or a file over what one content object holds (7 MiB), storing nothing', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const big = 'x'.repeat(MAX_CONTENT_OBJECT_BYTES);
    const document = { object: 'document' as const, data: {}, nodes: [{ object: 'block' as const, type: 'paragraph' as const, nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: big, marks: [] }] }] }] };
    await expect(editor.insertPage({ id: 'p', into: null, meta: { title: 'Big' }, document, now: T0 })).rejects.toThrow(TooLarge);
    await expect(editor.insertPage({ id: 'p', into: null, meta: { title: 'Big' }, document, now: T0 })).rejects.toThrow(/The page's document is 7.1 MiB, more than the 7 MiB the content store holds/);
    const bytes = Buffer.alloc(MAX_CONTENT_OBJECT_BYTES + 1);
    await expect(editor.addFile({ id: 'f', name: 'big.bin', contentType: 'application/octet-stream', bytes, now: T0 })).rejects.toThrow(/The file big.bin is 7.1 MiB/);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
    expect(await objects.store.has(contentHash(bytes))).toBe(false);
  });

  it('opens the empty tree without any object stored', async () => {
    const tree = await trees.open(EMPTY_TREE_HASH);
    expect(tree.rootPages).toEqual([]);
    expect(await tree.pages()).toEqual([]);
    expect(await tree.files()).toEqual([]);
    expect(await tree.page('nope')).toBeNull();
  });

  it('answers NotFound for a tree that is not stored', async () => {
    await expect(trees.open('0'.repeat(64))).rejects.toThrow(NotFound);
  });

  it('inserts pages and subpages, storing nothing until commit', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const intro = await insert(editor, 'intro', 'Introduction');
    await insert(editor, 'install', 'Install', { into: 'intro' });
    await insert(editor, 'usage', 'Usage');
    expect(intro).toMatchObject({ id: 'intro', type: 'document', parent: null, slug: 'introduction', createdAt: T0, updatedAt: T0 });
    expect((await editor.page('intro'))!.children).toEqual(['install']);
    expect(await outline(editor)).toEqual(['Introduction', '  Install', 'Usage']);
    expect(await objects.store.getMany([])).toEqual([]);

    const hash = await editor.commit();
    const tree = await trees.open(hash);
    expect(tree.rootPages).toEqual(['intro', 'usage']);
    expect(await outline(tree)).toEqual(['Introduction', '  Install', 'Usage']);
    expect(await tree.document((await tree.page('install'))!)).toEqual(doc('Install'));
    expect(await tree.pathOf('install')).toBe('introduction/install');
    expect((await tree.pageByPath('introduction/install'))?.id).toBe('install');
    expect((await tree.pageByPath('/introduction/install/'))?.id).toBe('install');
    expect(await tree.pageByPath('introduction/nope')).toBeNull();
    expect(await tree.pageByPath('')).toBeNull();
  });

  it('places a page at an index among its new siblings, and refuses an index beyond the end', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'b', 'B');
    await insert(editor, 'd', 'D');
    await insert(editor, 'a', 'A', { at: 0 });
    await insert(editor, 'c', 'C', { at: 2 });
    await insert(editor, 'e', 'E', { at: 4 });
    expect(editor.rootPages).toEqual(['a', 'b', 'c', 'd', 'e']);
    await expect(insert(editor, 'f', 'F', { at: 6 })).rejects.toThrow(Invalid);
    await expect(insert(editor, 'f', 'F', { at: -1 })).rejects.toThrow(Invalid);
    await expect(insert(editor, 'f', 'F', { at: 1.5 })).rejects.toThrow(Invalid);
    await expect(insert(editor, 'f', 'F', { into: 'nope' })).rejects.toThrow(NotFound);
    await expect(insert(editor, 'a', 'Again')).rejects.toThrow(/already exists/);
    expect(editor.rootPages).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(await editor.page('f')).toBeNull();
  });

  it('derives slugs from titles, unique among siblings, and refuses an explicit slug a sibling has', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    expect((await insert(editor, 'p1', 'Getting Started — Café & Co!')).slug).toBe('getting-started-cafe-co');
    expect((await insert(editor, 'p2', 'Getting started')).slug).toBe('getting-started');
    expect((await insert(editor, 'p3', 'Getting  started?')).slug).toBe('getting-started-2');
    expect((await insert(editor, 'p4', '🚀')).slug).toBe('untitled');
    expect((await insert(editor, 'p5', 'x'.repeat(150))).slug).toBe('x'.repeat(100));
    expect((await insert(editor, 'p6', 'x'.repeat(150))).slug).toBe(`${'x'.repeat(98)}-2`);
    expect((await insert(editor, 'p7', 'Child', { into: 'p2' })).slug).toBe('child');
    expect((await insert(editor, 'p8', 'Child')).slug).toBe('child'); // another parent: no clash
    await expect(insert(editor, 'p9', 'Other', { meta: { title: 'Other', slug: 'child' } })).rejects.toThrow(/already taken/);
    await expect(insert(editor, 'p9', 'Other', { meta: { title: 'Other', slug: 'a/b' } })).rejects.toThrow(Invalid);
    expect((await insert(editor, 'p9', 'Other', { meta: { title: 'Other', slug: 'custom' } })).slug).toBe('custom');
  });

  it('updates metadata and documents, keeping what is not given, and writes nothing for an update that changes nothing', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A', { meta: { title: 'A', emoji: '1f600', description: 'about A' } });
    const base = await editor.commit();

    const same = await editor.updatePage('a', { meta: { title: 'A' }, document: doc('A'), now: T1 });
    expect(same.updatedAt).toBe(T0);
    expect(await editor.commit()).toBe(base);

    const updated = await editor.updatePage('a', { meta: { title: 'Renamed', emoji: null as unknown as string }, now: T1 });
    expect(updated).toMatchObject({ title: 'Renamed', slug: 'a', description: 'about A', createdAt: T0, updatedAt: T1 });
    expect(updated).not.toHaveProperty('emoji');
    expect(await editor.document(updated)).toEqual(doc('A'));
    await editor.updatePage('a', { document: doc('New text'), now: T1 });
    expect(await editor.document((await editor.page('a'))!)).toEqual(doc('New text'));
    await editor.updatePage('a', { document: null, now: T1 });
    expect((await editor.page('a'))!.document).toBeNull();
    await expect(editor.updatePage('nope', { now: T1 })).rejects.toThrow(NotFound);
  });

  it('moves pages between parents and within one, refusing a move into the page itself or its subpages', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A');
    await insert(editor, 'a1', 'A1', { into: 'a' });
    await insert(editor, 'a2', 'A2', { into: 'a' });
    await insert(editor, 'b', 'B');
    await insert(editor, 'x', 'A1', { into: 'b' });

    await editor.updatePage('a2', { at: 0, now: T1 });
    expect((await editor.page('a'))!.children).toEqual(['a2', 'a1']);
    const moved = await editor.updatePage('a1', { into: 'b', at: 0, now: T1 });
    expect(moved.slug).toBe('a1-2'); // b already had an "a1"
    expect(await outline(editor)).toEqual(['A', '  A2', 'B', '  A1', '  A1']);
    expect(await editor.pathOf('a1')).toBe('b/a1-2');
    await editor.updatePage('b', { into: null, at: 0, now: T1 });
    expect(editor.rootPages).toEqual(['b', 'a']);
    await editor.updatePage('a', { into: 'x', now: T1 });
    expect(await outline(editor)).toEqual(['B', '  A1', '  A1', '    A', '      A2']);

    await expect(editor.updatePage('b', { into: 'b', now: T1 })).rejects.toThrow(/itself or one of its subpages/);
    await expect(editor.updatePage('b', { into: 'a2', now: T1 })).rejects.toThrow(/itself or one of its subpages/);
    await expect(editor.updatePage('b', { into: 'nope', now: T1 })).rejects.toThrow(NotFound);
    await expect(editor.updatePage('b', { at: 2, now: T1 })).rejects.toThrow(Invalid);
    const stays = await editor.updatePage('b', { at: 0, now: '2025-01-03T00:00:00.000Z' });
    expect(stays.updatedAt).toBe(T1); // already there: not moved, not changed
    expect(editor.rootPages).toEqual(['b']);
    const committed = await trees.open(await editor.commit());
    expect(await outline(committed)).toEqual(['B', '  A1', '  A1', '    A', '      A2']);
  });

  it('deletes a page with all its subpages', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A');
    await insert(editor, 'a1', 'A1', { into: 'a' });
    await insert(editor, 'a11', 'A11', { into: 'a1' });
    await insert(editor, 'a2', 'A2', { into: 'a' });
    await insert(editor, 'b', 'B');
    const base = await editor.commit();

    expect(await editor.deletePage('a')).toEqual(['a', 'a1', 'a11', 'a2']);
    await expect(editor.deletePage('a')).rejects.toThrow(NotFound);
    const tree = await trees.open(await editor.commit());
    expect(await outline(tree)).toEqual(['B']);
    for (const id of ['a', 'a1', 'a11', 'a2']) expect(await tree.page(id)).toBeNull();
    expect(await outline(await trees.open(base))).toEqual(['A', '  A1', '    A11', '  A2', 'B']);
  });

  it('keeps group pages without a document', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await expect(insert(editor, 'g', 'Group', { type: 'group' })).rejects.toThrow(/has no document/);
    const group = await insert(editor, 'g', 'Group', { type: 'group', document: null });
    expect(group).toMatchObject({ type: 'group', document: null });
    await expect(editor.updatePage('g', { document: doc('x'), now: T1 })).rejects.toThrow(/has no document/);
  });

  it('stores files with their bytes, and refuses a second file with an id', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const bytes = Buffer.from('\x89PNG fake');
    const entry = await editor.addFile({ id: 'f1', name: 'logo.png', contentType: 'image/png', bytes, dimensions: { width: 2, height: 1 }, now: T0 });
    expect(entry).toMatchObject({ id: 'f1', name: 'logo.png', contentType: 'image/png', size: bytes.length, createdAt: T0 });
    await expect(editor.addFile({ id: 'f1', name: 'x', contentType: 'text/plain', bytes, now: T0 })).rejects.toThrow(Invalid);
    const tree = await trees.open(await editor.commit());
    expect(await tree.files()).toEqual([entry]);
    expect(await tree.file('f1')).toEqual(entry);
    expect(await tree.file('f2')).toBeNull();
    expect(await objects.store.get(entry.object)).toEqual(bytes);

    const next = await trees.edit(tree.hash);
    await next.setFile('f1', null);
    expect(await next.files()).toEqual([]);
    expect(await (await trees.open(await next.commit())).files()).toEqual([]);
  });

  it('answers the same hash for a commit that changes nothing, and for equal trees whatever the edit order', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
    for (const id of ['a', 'b', 'c']) await insert(editor, id, id.toUpperCase());
    await insert(editor, 'c1', 'C1', { into: 'c' });
    const base = await editor.commit();
    expect(await editor.commit()).toBe(base);

    const one = await trees.edit(base);
    await one.updatePage('a', { document: doc('new a'), now: T1 });
    await one.updatePage('c1', { meta: { title: 'New C1' }, now: T1 });
    await one.insertPage({ id: 'tmp', into: 'b', meta: { title: 'Temporary' }, document: null, now: T1 });
    await one.deletePage('tmp');
    const two = await trees.edit(base);
    await two.updatePage('c1', { meta: { title: 'New C1' }, now: T1 });
    await two.updatePage('a', { document: doc('new a'), now: T1 });
    const [h1, h2] = [await one.commit(), await two.commit()];
    expect(h1).toBe(h2);
    expect(h1).not.toBe(base);
  });

  it('sets raw nodes (as merges do) in any order, deriving children, and refuses orphans and cycles at commit', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const a = await insert(editor, 'a', 'A');
    const base = await editor.commit();

    const merge = await trees.edit(base);
    // The child arrives before its parent.
    await merge.setPage('c', { ...a, id: 'c', parent: 'p', title: 'C', slug: 'c' });
    await merge.setPage('p', { ...a, id: 'p', position: 'Zz', title: 'P', slug: 'p' }); // before a's 'a0'
    expect((await merge.page('p'))!.children).toEqual(['c']);
    expect(await outline(merge)).toEqual(['P', '  C', 'A']);
    const merged = await trees.open(await merge.commit());
    expect(await outline(merged)).toEqual(['P', '  C', 'A']);

    const orphan = await trees.edit(base);
    await orphan.setPage('c', { ...a, id: 'c', parent: 'nope', title: 'C', slug: 'c' });
    await expect(orphan.commit()).rejects.toThrow(/not in the tree/);

    const cycle = await trees.edit(merged.hash);
    await cycle.setPage('p', { ...(await merged.page('p'))!, parent: 'c' });
    await expect(cycle.commit()).rejects.toThrow(/its own ancestor/);

    const deletedParent = await trees.edit(merged.hash);
    await deletedParent.setPage('p', null);
    await expect(deletedParent.commit()).rejects.toThrow(/not in the tree/);
    await deletedParent.setPage('c', null);
    expect(await outline(await trees.open(await deletedParent.commit()))).toEqual(['A']);
  });

  it('orders siblings that share a position by id, and can still place a page between them', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const a = await insert(editor, 'a', 'A');
    await editor.setPage('b', { ...a, id: 'b', slug: 'b', title: 'B' }); // same position as a
    await editor.setPage('c', { ...a, id: 'c', slug: 'c', title: 'C' });
    expect(editor.rootPages).toEqual(['a', 'b', 'c']);
    await insert(editor, 'x', 'X', { at: 2 });
    expect(editor.rootPages).toEqual(['a', 'b', 'x', 'c']);
    await editor.updatePage('c', { at: 0, now: T1 });
    expect(editor.rootPages).toEqual(['c', 'a', 'b', 'x']);
  });

  it('diffs trees: pages added, changed, moved and removed, and files', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A');
    await insert(editor, 'b', 'B');
    await insert(editor, 'c', 'C');
    await editor.addFile({ id: 'f', name: 'f.txt', contentType: 'text/plain', bytes: Buffer.from('f'), now: T0 });
    const before = await trees.open(await editor.commit());

    await editor.updatePage('a', { document: doc('changed'), now: T1 });
    await editor.updatePage('b', { into: 'c', now: T1 });
    await editor.deletePage('c');
    await insert(editor, 'd', 'D', { into: 'a' });
    await editor.setFile('f', null);
    await editor.addFile({ id: 'g', name: 'g.txt', contentType: 'text/plain', bytes: Buffer.from('g'), now: T1 });

    const expectDiff = async (after: Parameters<typeof diffTrees>[1]) => {
      const diff = await diffTrees(before, after);
      expect(diff.pages.map((c) => [c.id, c.before?.title ?? null, c.after?.title ?? null])).toEqual([
        ['a', 'A', 'A'],
        ['b', 'B', null],
        ['c', 'C', null],
        ['d', null, 'D'],
      ]);
      expect(diff.files.map((c) => [c.id, c.before?.name ?? null, c.after?.name ?? null])).toEqual([
        ['f', 'f.txt', null],
        ['g', null, 'g.txt'],
      ]);
    };
    await expectDiff(editor); // uncommitted changes count
    await expectDiff(await trees.open(await editor.commit()));
    expect(await diffTrees(before, before)).toEqual({ pages: [], files: [], reusableContents: [] });
  });

  it('diffs two views of one stored tree without comparing their maps, but a draft over it by what it staged', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A');
    const hash = await editor.commit();
    const compared = jest.spyOn(TreeView.prototype, 'changedIds');
    try {
      expect(await diffTrees(await trees.open(hash), await trees.open(hash))).toEqual({ pages: [], files: [], reusableContents: [] });
      expect(compared).not.toHaveBeenCalled();
      const draft = await trees.edit(hash);
      await insert(draft, 'b', 'B');
      expect((await diffTrees(await trees.open(hash), draft)).pages.map((c) => c.id)).toEqual(['b']);
    } finally {
      compared.mockRestore();
    }
  });

  it('applies operations one at a time in call order, even when the caller does not wait for each', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const ids = Array.from({ length: 20 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const results = await Promise.allSettled([
      ...ids.map((id) => insert(editor, id, 'Same title')),
      insert(editor, 'p00', 'Duplicate'),
    ]);
    expect(results.slice(0, 20).every((result) => result.status === 'fulfilled')).toBe(true);
    expect(results[20]).toMatchObject({ status: 'rejected', reason: expect.any(Invalid) });
    expect(editor.rootPages).toEqual(ids);
    const slugs = (await editor.pages()).map((page) => page.slug);
    expect(new Set(slugs).size).toBe(20);
  });

  it('hands out frozen nodes, so no caller can change what other readers of the tree see', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await insert(editor, 'a', 'A');
    const tree = await trees.open(await editor.commit());
    const node = (await tree.page('a'))!;
    expect(() => {
      (node as { title: string }).title = 'changed';
    }).toThrow(TypeError);
    expect(() => node.children.push('x')).toThrow(TypeError);
    expect((await (await trees.open(tree.hash)).page('a'))!.title).toBe('A');
  });

  it('stores and reads documents by hash', async () => {
    const hash = await trees.putDocument(doc('stand-alone'));
    expect(await trees.getDocument(hash)).toEqual(doc('stand-alone'));
    expect(await trees.getDocument('f'.repeat(64))).toBeNull();
  });
});
