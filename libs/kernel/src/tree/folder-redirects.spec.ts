import { Invalid } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees } from './content-trees';
import { EMPTY_TREE_HASH } from './empty-tree';
import { MAX_FOLDER_REDIRECTS } from './folder-redirects';
import { FolderRedirect } from './tree.model';

const REDIRECTS: FolderRedirect[] = [
  { source: 'old-page', target: './new-page.md', page: 'p1' },
  { source: '__proto__', target: 'gone.md' },
];

describe("ContentTrees: a space's .gitbook.yaml redirects", () => {
  const objects = useTempObjectStore('folio-redirects-');
  let trees: ContentTrees;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
  });

  it('stores them as one object the root names, in their order, readable before and after commit', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    expect(await editor.folderRedirects()).toEqual([]);
    await editor.setFolderRedirects(REDIRECTS);
    expect(await editor.folderRedirects()).toEqual(REDIRECTS);
    const hash = await editor.commit();
    const stored = await new ContentTrees(objects.store).open(hash);
    expect(await stored.folderRedirects()).toEqual(REDIRECTS);
    // A later edit of something else keeps them.
    const next = await trees.edit(hash);
    await next.setVariables({ product: 'Folio' });
    expect(await (await trees.open(await next.commit())).folderRedirects()).toEqual(REDIRECTS);
  });

  it('leaves a tree without redirects hashed as before they existed, and clearing them returns to it', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.setFolderRedirects([]);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
    const withSome = await trees.edit(EMPTY_TREE_HASH);
    await withSome.setFolderRedirects(REDIRECTS);
    const cleared = await trees.edit(await withSome.commit());
    await cleared.setFolderRedirects([]);
    expect(await cleared.commit()).toBe(EMPTY_TREE_HASH);
  });

  it('refuses a source given twice, an empty or overlong path, and more than the bound', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await expect(editor.setFolderRedirects([REDIRECTS[0], { source: 'old-page', target: 'b.md' }])).rejects.toThrow(Invalid);
    await expect(editor.setFolderRedirects([{ source: '', target: 'b.md' }])).rejects.toThrow(Invalid);
    await expect(editor.setFolderRedirects([{ source: 'a', target: 'b'.repeat(513) }])).rejects.toThrow(Invalid);
    const many = Array.from({ length: MAX_FOLDER_REDIRECTS + 1 }, (_, i) => ({ source: `s${i}`, target: 't.md' }));
    await expect(editor.setFolderRedirects(many)).rejects.toThrow(Invalid);
    expect(await editor.folderRedirects()).toEqual([]);
  });
});
