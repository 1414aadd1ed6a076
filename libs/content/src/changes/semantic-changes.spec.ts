import { paragraphDocument } from '@folio/kernel/document/paragraph-document';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees, diffTrees, TreeEditor, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { FileEntry } from '@folio/kernel/tree/tree.model';
import { semanticChanges } from './semantic-changes';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';

const doc = paragraphDocument;

describe('semanticChanges', () => {
  const objects = useTempObjectStore('folio-changes-');
  let trees: ContentTrees;
  let urlsBuilt: string[];

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
    urlsBuilt = [];
  });

  const downloadUrl = (file: FileEntry) => {
    urlsBuilt.push(file.id);
    return `https://files.test/${file.object}`;
  };

  /** A tree made by `build` on top of `from` (the empty tree when none), stored. */
  async function tree(build: (editor: TreeEditor) => Promise<unknown>, from = EMPTY_TREE_HASH): Promise<TreeSnapshot> {
    const editor = await trees.edit(from);
    await build(editor);
    return trees.open(await editor.commit());
  }

  const page = (editor: TreeEditor, id: string, title: string, into: string | null = null, more: object = {}) =>
    editor.insertPage({ id, into, meta: { title }, document: doc(title), now: T0, ...more });

  async function changesBetween(before: TreeSnapshot, after: TreeSnapshot, limit = 1000) {
    return semanticChanges(await diffTrees(before, after), { before, after }, { limit, downloadUrl });
  }

  it('lists created pages in the new tree order, each with its path, and created files', async () => {
    const before = await tree(async () => undefined);
    const after = await tree(async (e) => {
      await page(e, 'guides', 'Guides');
      await page(e, 'install', 'Install', 'guides');
      await page(e, 'intro', 'Intro', null, { at: 0 });
      await e.insertPage({ id: 'more', into: null, type: 'group', meta: { title: 'More' }, document: null, now: T0 });
      await e.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('png'), now: T0 });
    });
    const logo = (await after.file('logo'))!;
    expect(await changesBetween(before, after)).toEqual({
      changes: [
        { type: 'page_created', page: { id: 'intro', type: 'document', title: 'Intro', path: 'intro' } },
        { type: 'page_created', page: { id: 'guides', type: 'document', title: 'Guides', path: 'guides' } },
        { type: 'page_created', page: { id: 'install', type: 'document', title: 'Install', path: 'guides/install' } },
        { type: 'page_created', page: { id: 'more', type: 'group', title: 'More', path: 'more' } },
        { type: 'file_created', file: { id: 'logo', name: 'logo.png', contentType: 'image/png', downloadURL: `https://files.test/${logo.object}` } },
      ],
    });
  });

  it('tells what an edit changed: each reported field with the sides that have a value, the document by its hash', async () => {
    const before = await tree(async (e) => {
      await page(e, 'a', 'Alpha', null, { meta: { title: 'Alpha', description: 'First' } });
    });
    const after = await tree(async (e) => {
      await e.updatePage('a', { meta: { title: 'Alpha', emoji: '🚀', description: '' }, document: doc('changed'), now: T1 });
    }, before.hash);
    const [was, is] = [(await before.page('a'))!, (await after.page('a'))!];
    expect(is.document).not.toBe(was.document);
    expect(await changesBetween(before, after)).toEqual({
      changes: [
        {
          type: 'page_edited',
          page: { id: 'a', type: 'document', title: 'Alpha', path: 'alpha' },
          attributes: { description: { before: 'First' }, emoji: { after: '🚀' }, document: { before: was.document, after: is.document } },
        },
      ],
    });
  });

  it("reports a group's title and slug, and nothing for a change the spec cannot tell (a page hidden)", async () => {
    const before = await tree(async (e) => {
      await e.insertPage({ id: 'g', into: null, type: 'group', meta: { title: 'Group' }, document: null, now: T0 });
      await page(e, 'p', 'Page');
    });
    const after = await tree(async (e) => {
      await e.updatePage('g', { meta: { title: 'Team', slug: 'team' }, now: T1 });
      await e.updatePage('p', { meta: { hidden: true }, now: T1 });
    }, before.hash);
    expect((await changesBetween(before, after)).changes).toEqual([
      {
        type: 'page_edited',
        page: { id: 'g', type: 'group', title: 'Team', path: 'team' },
        attributes: { title: { before: 'Group', after: 'Team' }, slug: { before: 'group', after: 'team' } },
      },
    ]);
  });

  it('lists a page both moved and edited as two changes, the move first; a move out to the root has no parent after', async () => {
    const before = await tree(async (e) => {
      await page(e, 'a', 'A');
      await page(e, 'b', 'B');
      await page(e, 'c', 'C', 'a');
      await page(e, 'd', 'D', 'a');
    });
    const after = await tree(async (e) => {
      await e.updatePage('c', { into: 'b', meta: { title: 'See' }, now: T1 });
      await e.updatePage('d', { into: null, now: T1 });
    }, before.hash);
    expect((await changesBetween(before, after)).changes).toEqual([
      {
        type: 'page_moved',
        page: { id: 'c', type: 'document', title: 'See', path: 'b/c' },
        parent: { before: { id: 'a', type: 'document', title: 'A', path: 'a' }, after: { id: 'b', type: 'document', title: 'B', path: 'b' } },
      },
      { type: 'page_edited', page: { id: 'c', type: 'document', title: 'See', path: 'b/c' }, attributes: { title: { before: 'C', after: 'See' } } },
      { type: 'page_moved', page: { id: 'd', type: 'document', title: 'D', path: 'd' }, parent: { before: { id: 'a', type: 'document', title: 'A', path: 'a' } } },
    ]);
  });

  it('reports a page put elsewhere among its siblings as moved, its parent the same on both sides', async () => {
    const before = await tree(async (e) => {
      await page(e, 'p', 'P');
      await page(e, 'x', 'X', 'p');
      await page(e, 'y', 'Y', 'p');
    });
    const after = await tree((e) => e.updatePage('y', { into: 'p', at: 0, now: T1 }), before.hash);
    const parent = { id: 'p', type: 'document', title: 'P', path: 'p' };
    expect((await changesBetween(before, after)).changes).toEqual([
      { type: 'page_moved', page: { id: 'y', type: 'document', title: 'Y', path: 'p/y' }, parent: { before: parent, after: parent } },
    ]);
  });

  it('lists a deleted page and each of its subpages, in the old tree order, after the pages that remain', async () => {
    const before = await tree(async (e) => {
      await page(e, 'a', 'A');
      await page(e, 'a1', 'A1', 'a');
      await page(e, 'a11', 'A11', 'a1');
      await page(e, 'a2', 'A2', 'a');
      await page(e, 'z', 'Z');
    });
    const after = await tree(async (e) => {
      await e.deletePage('a');
      await page(e, 'new', 'New');
    }, before.hash);
    expect((await changesBetween(before, after)).changes).toEqual([
      { type: 'page_created', page: { id: 'new', type: 'document', title: 'New', path: 'new' } },
      { type: 'page_deleted', page: { id: 'a', type: 'document', title: 'A', path: 'a' } },
      { type: 'page_deleted', page: { id: 'a1', type: 'document', title: 'A1', path: 'a/a1' } },
      { type: 'page_deleted', page: { id: 'a11', type: 'document', title: 'A11', path: 'a/a1/a11' } },
      { type: 'page_deleted', page: { id: 'a2', type: 'document', title: 'A2', path: 'a/a2' } },
    ]);
  });

  it('lists files by id: edited (the URL only when the bytes changed) and deleted', async () => {
    const before = await tree(async (e) => {
      await e.addFile({ id: 'f1', name: 'a.txt', contentType: 'text/plain', bytes: Buffer.from('a'), now: T0 });
      await e.addFile({ id: 'f2', name: 'b.txt', contentType: 'text/plain', bytes: Buffer.from('b'), now: T0 });
      await e.addFile({ id: 'f3', name: 'c.txt', contentType: 'text/plain', bytes: Buffer.from('c'), now: T0 });
      await e.addFile({ id: 'f4', name: 'd.txt', contentType: 'text/plain', bytes: Buffer.from('d'), now: T0 });
    });
    const [f1, f2, f4] = [(await before.file('f1'))!, (await before.file('f2'))!, (await before.file('f4'))!];
    const after = await tree(async (e) => {
      await e.setFile('f1', { ...f1, name: 'renamed.txt' });
      await e.setFile('f2', { ...f2, object: f1.object, size: 1 });
      await e.setFile('f3', null);
      await e.setFile('f4', { ...f4, createdAt: T1 });
    }, before.hash);
    const url = (entry: FileEntry) => `https://files.test/${entry.object}`;
    expect((await changesBetween(before, after)).changes).toEqual([
      {
        type: 'file_edited',
        file: { id: 'f1', name: 'renamed.txt', contentType: 'text/plain', downloadURL: url(f1) },
        attributes: { name: { before: 'a.txt', after: 'renamed.txt' } },
      },
      {
        type: 'file_edited',
        file: { id: 'f2', name: 'b.txt', contentType: 'text/plain', downloadURL: url(f1) },
        attributes: { downloadURL: { before: url(f2), after: url(f1) } },
      },
      { type: 'file_deleted', file: { id: 'f3', name: 'c.txt', contentType: 'text/plain', downloadURL: expect.stringMatching(/^https:\/\/files\.test\//) } },
    ]);
  });

  it('answers the first `limit` changes and counts the others in `more`, building only those shown', async () => {
    const before = await tree(async (e) => {
      await page(e, 'gone', 'Gone');
    });
    const after = await tree(async (e) => {
      await e.deletePage('gone');
      for (const id of ['p1', 'p2', 'p3']) await page(e, id, id.toUpperCase());
      await e.addFile({ id: 'f', name: 'f.txt', contentType: 'text/plain', bytes: Buffer.from('f'), now: T0 });
    }, before.hash);
    const limited = await changesBetween(before, after, 2);
    expect(limited.changes.map((c) => ('page' in c ? c.page.id : c.file.id))).toEqual(['p1', 'p2']);
    expect(limited.more).toBe(3);
    expect(urlsBuilt).toEqual([]);
    const all = await changesBetween(before, after, 5);
    expect(all.changes.map((c) => c.type)).toEqual(['page_created', 'page_created', 'page_created', 'page_deleted', 'file_created']);
    expect(all).not.toHaveProperty('more');
  });

  it('answers no change between a tree and itself', async () => {
    const same = await tree((e) => page(e, 'a', 'A'));
    expect(await changesBetween(same, same)).toEqual({ changes: [] });
  });
});
