import 'reflect-metadata';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { contentHash } from '@folio/platform/object-store/content-object-store.port';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { FileInput } from '@folio/content/files/file-input';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { applyContentBatch, BatchContext } from './apply-content-batch';
import { parseContentChanges } from './content-changes';
import { DocumentWork } from '@folio/content/documents/document-work';

const NOW = '2026-03-01T09:00:00.000Z';

describe('applyContentBatch', () => {
  const objects = useTempObjectStore('folio-batch-');
  let trees: ContentTrees;
  let ids: number;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
    ids = 0;
  });

  const revisions = new Map<string, string>();
  /** Applies the batch on `tree` and commits: answers the new tree and the outcome. */
  async function apply(tree: string, changes: unknown[], base: string = EMPTY_TREE_HASH) {
    const editor = await trees.edit(tree);
    const context: BatchContext = {
      editor,
      base: () => trees.open(base),
      revision: async (id) => {
        if (!revisions.has(id)) throw new NotFound('revision');
        return trees.open(revisions.get(id)!);
      },
      readFile: async (input: FileInput) => ({ name: input.name, contentType: input.contentType!, bytes: Buffer.from(input.base64!, 'base64') }),
      documents: new DocumentWork(null),
      newId: () => `id${++ids}`,
      now: NOW,
    };
    const outcome = await applyContentBatch(parseContentChanges(changes), context);
    return { tree: await editor.commit(), outcome };
  }
  const outline = async (tree: TreeSnapshot) =>
    Promise.all((await tree.pages()).map(async (p) => `${await tree.pathOf(p.id)}:${p.title}`));
  const markdown = (text: string) => ({ markdown: text });
  const texts = async (tree: TreeSnapshot, id: string) => {
    const doc = await tree.document((await tree.page(id))!);
    return doc!.nodes.map((block) => `${block.key}=${JSON.stringify(block).match(/"text":"([^"]*)"/)?.[1]}`);
  };

  it("applies the issue's batch: a page with a ref, a page into that ref, files", async () => {
    const png = Buffer.from('89504e47', 'hex');
    const { tree, outcome } = await apply(EMPTY_TREE_HASH, [
      { operation: 'insert_page', ref: 'intro', document: markdown('---\ntitle: Introduction\n---\n# Welcome\n\nHello.') },
      { operation: 'insert_page', into: 'intro', document: markdown('# Install\n\n```sh\nnpm ci\n```') },
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: png.toString('base64') }] },
    ]);
    const snapshot = await trees.open(tree);
    expect(await outline(snapshot)).toEqual(['introduction:Introduction', 'introduction/install:Install']);
    expect(outcome.changes()).toEqual([
      { object: 'created_page', ref: 'intro', page: 'id1' },
      { object: 'created_page', page: 'id2' },
    ]);
    expect(outcome.insertedFiles).toEqual([expect.objectContaining({ id: 'id3', name: 'logo.png', object: contentHash(png) })]);
    expect(await objects.store.has(contentHash(png))).toBe(true);
  });

  it('takes the title from front matter over `title`, else `title`, else the default', async () => {
    const { tree } = await apply(EMPTY_TREE_HASH, [
      { operation: 'insert_page', title: 'Given', document: markdown('---\ntitle: Front\n---\nBody') },
      { operation: 'insert_page', title: 'Given', document: markdown('Body') },
      { operation: 'insert_page', document: {} },
    ]);
    expect(await outline(await trees.open(tree))).toEqual(['front:Front', 'given:Given', 'untitled:Untitled']);
  });

  it('takes hidden and noIndex from front matter over the fields', async () => {
    const { tree } = await apply(EMPTY_TREE_HASH, [
      { operation: 'insert_page', title: 'A', hidden: false, document: markdown('---\nhidden: true\nnoIndex: true\n---\nBody') },
      { operation: 'insert_page', title: 'B', noIndex: true, document: markdown('Body') },
    ]);
    const snapshot = await trees.open(tree);
    const [a, b] = await snapshot.pagesById(['id1', 'id2']);
    expect([a?.hidden, a?.noIndex, b?.hidden, b?.noIndex]).toEqual([true, true, undefined, true]);
  });

  it('updates a document keeping the keys of the blocks it keeps, its metadata, and moves it', async () => {
    const first = await apply(EMPTY_TREE_HASH, [
      { operation: 'insert_page', ref: 'a', title: 'A', emoji: '1f600', document: markdown('One\n\nTwo\n\nThree') },
      { operation: 'insert_page', title: 'B', document: {} },
    ]);
    const before = await texts(await trees.open(first.tree), 'id1');
    const { tree, outcome } = await apply(first.tree, [
      { operation: 'update_page', page: 'id1', emoji: '', description: 'D', document: markdown('One\n\nTwo, edited\n\nThree\n\nFour') },
      { operation: 'update_page', page: 'id1', into: 'id2' },
    ]);
    const snapshot = await trees.open(tree);
    const after = await texts(snapshot, 'id1');
    expect(after.slice(0, 3).map((t) => t.split('=')[0])).toEqual(before.map((t) => t.split('=')[0]));
    expect(after[3]).toMatch(/=Four$/);
    const page = (await snapshot.page('id1'))!;
    expect(page).toMatchObject({ parent: 'id2', description: 'D' });
    expect(page.emoji).toBeUndefined();
    expect(outcome.changes()).toEqual([{ object: 'updated_page', page: 'id1' }]);
  });

  it('deletes a page with its subpages, and reverts pages to the base', async () => {
    const base = await apply(EMPTY_TREE_HASH, [
      { operation: 'insert_page', ref: 'p', title: 'Parent', document: markdown('Kept') },
      { operation: 'insert_page', into: 'p', title: 'Child', document: markdown('Child text') },
    ]);
    const edited = await apply(base.tree, [
      { operation: 'insert_page', title: 'Added', document: {} },
      { operation: 'update_page', page: 'id1', title: 'Renamed', document: markdown('Changed') },
    ], base.tree);
    const { tree, outcome } = await apply(edited.tree, [
      { operation: 'revert_page', page: 'id3' },
      { operation: 'revert_page', page: 'id1' },
      { operation: 'delete_page', page: 'id1' },
      { operation: 'revert_page', page: 'id1' },
    ], base.tree);
    const snapshot = await trees.open(tree);
    expect(await outline(snapshot)).toEqual(['parent:Parent']);
    expect(await texts(snapshot, 'id1')).toEqual([expect.stringMatching(/=Kept$/)]);
    expect(outcome.changes()).toEqual([
      { object: 'deleted_page', page: 'id3' },
      { object: 'updated_page', page: 'id1' },
      { object: 'deleted_page', page: 'id2' },
    ]);
  });

  it('reverts single blocks to a given revision of the space', async () => {
    const base = await apply(EMPTY_TREE_HASH, [{ operation: 'insert_page', title: 'P', document: markdown('One\n\nTwo') }]);
    revisions.set('rev1', base.tree);
    const edited = await apply(base.tree, [{ operation: 'update_page', page: 'id1', document: markdown('One, edited\n\nTwo, edited') }]);
    const [first, second] = (await texts(await trees.open(edited.tree), 'id1')).map((t) => t.split('=')[0]);
    const { tree } = await apply(edited.tree, [{ operation: 'revert_page', page: 'id1', revision: 'rev1', block: [second] }]);
    expect(await texts(await trees.open(tree), 'id1')).toEqual([`${first}=One, edited`, `${second}=Two`]);
    await expect(apply(edited.tree, [{ operation: 'revert_page', page: 'id1', revision: 'nope' }])).rejects.toThrow(
      new Invalid('changes[0]: revision not found'),
    );
  });

  it('refuses a batch by the index of its first failing change', async () => {
    const cases: [unknown[], string][] = [
      [[{ operation: 'insert_page', title: 'A', document: {} }, { operation: 'delete_page', page: 'missing' }], 'changes[1]: page missing not found'],
      [[{ operation: 'insert_page', into: 'later', title: 'A', document: {} }, { operation: 'insert_page', ref: 'later', document: {} }],
        'changes[0]: ref "later" is used before changes[1] defines it'],
      [[{ operation: 'insert_page', document: markdown('---\ntitle: [\n---\n') }], 'changes[0]: The markdown\'s front matter is not valid YAML'],
      [[{ operation: 'insert_page', title: 'A', slug: 'a', document: {} }, { operation: 'insert_page', title: 'B', slug: 'a', document: {} }], 'changes[1]: '],
    ];
    const { tree } = await apply(EMPTY_TREE_HASH, [{ operation: 'insert_page', title: 'Guides', document: {} }]);
    await expect(apply(tree, [{ operation: 'insert_page', ref: 'guides', document: {} }])).rejects.toThrow(
      new Invalid('changes[0]: ref "guides" is the path of an existing page'),
    );
    for (const [changes, message] of cases) {
      const refusal = apply(EMPTY_TREE_HASH, changes);
      await expect(refusal).rejects.toBeInstanceOf(Invalid);
      await expect(refusal).rejects.toThrow(message);
    }
  });
});
