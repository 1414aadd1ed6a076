import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { canonicalJson } from '@folio/platform/object-store/canonical-json';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { paragraphDocument as doc } from '../document/paragraph-document';
import { ContentTrees, diffTrees } from './content-trees';
import { EMPTY_MAP_HASH, EMPTY_TREE_HASH } from './empty-tree';
import { MAX_VARIABLE_STRING } from './variables';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';
const GIT = { oid: 'a'.repeat(40), path: '.gitbook/includes/intro.md' };

describe('ContentTrees: reusable contents and variables', () => {
  const objects = useTempObjectStore('folio-reusable-');
  let trees: ContentTrees;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
  });

  it('reads a tree stored before reusable contents and variables existed as having none', async () => {
    // A root as trees were stored before (one file, no reusableContents, no variables).
    const file = { id: 'f', name: 'a.txt', contentType: 'text/plain', size: 1, object: 'x', createdAt: T0 };
    const files = { object: 'map', entries: { f: file } };
    const root = { object: 'tree', pages: [], index: EMPTY_MAP_HASH, files: contentHash(canonicalJson(files)) };
    const [, hash] = await objects.store.put([canonicalJson(files), canonicalJson(root)]);
    const tree = await trees.open(hash);
    expect(await tree.files()).toEqual([file]);
    expect(await tree.reusableContents()).toEqual([]);
    expect(await tree.reusableContent('r')).toBeNull();
    expect(await tree.variables()).toEqual({});
  });

  it('stores reusable contents with their documents and git blobs, readable before and after commit', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const entry = await editor.putReusableContent({ id: 'r1', title: 'Intro', document: doc('Hello'), git: GIT, now: T0 });
    expect(entry).toEqual({ id: 'r1', title: 'Intro', document: contentHash(canonicalJson(doc('Hello'))), git: GIT, createdAt: T0, updatedAt: T0 });
    await editor.putReusableContent({ id: 'r0', title: 'Empty', document: null, now: T0 });
    expect((await editor.reusableContents()).map((r) => r.id)).toEqual(['r0', 'r1']);
    expect(await editor.document(entry)).toEqual(doc('Hello'));

    const tree = await trees.open(await editor.commit());
    expect(await tree.reusableContent('r1')).toEqual(entry);
    expect(await tree.document((await tree.reusableContent('r1'))!)).toEqual(doc('Hello'));
    expect(await tree.document((await tree.reusableContent('r0'))!)).toBeNull();
    expect(await tree.reusableContent('nope')).toBeNull();
    expect(await trees.getDocument(entry.document!)).toEqual(doc('Hello'));
  });

  it('updates a reusable content keeping its creation time, and writes nothing when it is put again as it is', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.putReusableContent({ id: 'r', title: 'Intro', document: doc('Hello'), now: T0 });
    const base = await editor.commit();
    await editor.putReusableContent({ id: 'r', title: 'Intro', document: doc('Hello'), now: T1 });
    expect(await editor.commit()).toBe(base);
    const updated = await editor.putReusableContent({ id: 'r', title: 'Intro', document: doc('Bye'), now: T1 });
    expect(updated).toMatchObject({ createdAt: T0, updatedAt: T1 });
    const tree = await trees.open(await editor.commit());
    expect(await tree.document((await tree.reusableContent('r'))!)).toEqual(doc('Bye'));
  });

  it('deletes reusable contents (NotFound for an unknown one), back to the tree without any', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'p', into: null, meta: { title: 'Page' }, document: doc('p'), now: T0 });
    const before = await editor.commit();
    await editor.putReusableContent({ id: 'r', title: 'Intro', document: doc('Hello'), now: T0 });
    const withOne = await editor.commit();
    expect(withOne).not.toBe(before);
    await expect(editor.deleteReusableContent('nope')).rejects.toThrow(NotFound);
    await editor.deleteReusableContent('r');
    expect(await editor.reusableContent('r')).toBeNull();
    // No reusable content left: the root is as it was before there was one, so is its hash.
    expect(await editor.commit()).toBe(before);
  });

  it('refuses a reusable content without an id or a title, changing nothing', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await expect(editor.putReusableContent({ id: '', title: 'x', document: null, now: T0 })).rejects.toThrow(Invalid);
    await expect(editor.putReusableContent({ id: 'r', title: '', document: null, now: T0 })).rejects.toThrow(Invalid);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
  });

  it('sets the revision variables, as an own-property object that Object.prototype names cannot reach', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    expect(await editor.variables()).toEqual({});
    const variables = JSON.parse('{"product":"Folio","version":2,"beta":true,"__proto__":"x"}');
    await editor.setVariables(variables);
    const tree = await trees.open(await editor.commit());
    const read = await tree.variables();
    expect(read).toEqual(variables);
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(Object.hasOwn(read, 'toString')).toBe(false);
    // The answer is a copy: changing it changes nothing stored.
    read.product = 'changed';
    expect((await tree.variables()).product).toBe('Folio');

    const next = await trees.edit(tree.hash);
    await next.setVariables({});
    expect(await next.commit()).toBe(EMPTY_TREE_HASH);
  });

  it('refuses variables the spec does not allow', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await expect(editor.setVariables({ long: 'x'.repeat(MAX_VARIABLE_STRING + 1) })).rejects.toThrow(Invalid);
    await expect(editor.setVariables({ nested: {} as never })).rejects.toThrow(Invalid);
    await expect(editor.setVariables({ '': 'empty name' })).rejects.toThrow(Invalid);
    await expect(editor.setVariables({ n: Number.NaN })).rejects.toThrow(Invalid);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
  });

  it('diffs reusable contents between trees, staged or stored', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.putReusableContent({ id: 'kept', title: 'Kept', document: null, now: T0 });
    await editor.putReusableContent({ id: 'changed', title: 'Before', document: null, now: T0 });
    await editor.putReusableContent({ id: 'gone', title: 'Gone', document: null, now: T0 });
    const before = await trees.open(await editor.commit());
    await editor.putReusableContent({ id: 'changed', title: 'After', document: doc('x'), now: T1 });
    await editor.deleteReusableContent('gone');
    await editor.putReusableContent({ id: 'new', title: 'New', document: null, now: T1 });
    const summary = (diff: Awaited<ReturnType<typeof diffTrees>>) =>
      diff.reusableContents.map((change) => [change.id, change.before?.title ?? null, change.after?.title ?? null]);
    const expected = [['changed', 'Before', 'After'], ['gone', 'Gone', null], ['new', null, 'New']];
    expect(summary(await diffTrees(before, editor))).toEqual(expected);
    expect(summary(await diffTrees(before, await trees.open(await editor.commit())))).toEqual(expected);
  });
});
