import { Invalid } from '@folio/platform/domain/errors';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { paragraphDocument as doc } from '../document/paragraph-document';
import { ContentTrees } from './content-trees';
import { EMPTY_TREE_HASH } from './empty-tree';
import { PageMeta } from './tree.model';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';

/** The page fields a Git Sync page carries (front matter, its blob), kept by every way a page is written. */
const FIELDS: Partial<PageMeta> = {
  linkTitle: 'Short',
  layout: { width: 'wide', tableOfContents: false, coverSize: 'hero' },
  cover: { yPos: 12, ref: { kind: 'file', file: 'f1' } },
  metaLinks: { canonical: { kind: 'url', url: 'https://example.com/x' }, alternates: [{ kind: 'page', page: 'p2' }] },
  variables: { plan: 'pro', seats: 3 },
  git: { oid: 'b'.repeat(40), path: 'guides/intro.md' },
};

describe('ContentTrees: page and file fields from Git Sync', () => {
  const objects = useTempObjectStore('folio-page-fields-');
  let trees: ContentTrees;

  beforeEach(() => {
    trees = new ContentTrees(objects.store);
  });

  it('keeps them through insertPage, updatePage (null clears one) and setPage', async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'p', into: null, meta: { title: 'Intro', ...FIELDS }, document: doc('x'), now: T0 });
    const tree = await trees.open(await editor.commit());
    expect(await tree.page('p')).toMatchObject(FIELDS);

    await editor.updatePage('p', { meta: { linkTitle: 'Shorter', git: null as never }, now: T1 });
    const updated = (await editor.page('p'))!;
    expect(updated.linkTitle).toBe('Shorter');
    expect(updated.git).toBeUndefined();
    expect(updated.layout).toEqual(FIELDS.layout);

    const { children: _children, ...node } = (await tree.page('p'))!;
    await editor.setPage('p', node);
    expect(await (await trees.open(await editor.commit())).page('p')).toMatchObject(FIELDS);
  });

  it("refuses a page's variables the spec does not allow", async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    await expect(
      editor.insertPage({ id: 'p', into: null, meta: { title: 'Intro', variables: { x: 'y'.repeat(300) } }, document: null, now: T0 }),
    ).rejects.toThrow(Invalid);
    expect(await editor.commit()).toBe(EMPTY_TREE_HASH);
  });

  it("keeps a file's git blob", async () => {
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const git = { oid: 'c'.repeat(40), path: '.gitbook/assets/logo.png' };
    await editor.addFile({ id: 'f', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('png'), git, now: T0 });
    expect(await (await trees.open(await editor.commit())).file('f')).toMatchObject({ git });
  });
});
