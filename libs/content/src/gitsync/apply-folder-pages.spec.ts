import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { readSummary } from '@folio/kernel/gitsync/summary';
import { pagePaths } from '@folio/kernel/gitsync/folder-layout';
import { ContentTrees, TreeEditor } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { FolderPagesApplier, WantedPage } from './apply-folder-pages';
import { ExistingPage, planPages } from './import-plan';
import { keysOfTree } from './page-keys';

const now = '2026-03-01T09:00:00.000Z';
const later = '2026-03-01T10:00:00.000Z';

/** The folder's SUMMARY.md applied to the editor, as the import applies it (ids matched against the editor's own layout). */
async function importSummary(editor: TreeEditor, summary: string, at: string) {
  const before = await editor.pages();
  const existing = new Map([...keysOfTree(before, pagePaths(before, ['SUMMARY.md']))].map(([key, page]): [string, ExistingPage] => [key, { id: page.id, slug: page.slug }]));
  let n = 0;
  const planned = planPages(readSummary(summary, (target) => target), existing, () => `new${++n}`);
  const applier = new FolderPagesApplier(editor, at);
  await applier.prepare(new Set(planned.filter((page) => page.exists).map((page) => page.id)));
  for (const page of planned) {
    const wanted: WantedPage = { ...page, fields: page.path ? { git: { oid: 'o', path: page.path } } : {}, document: null };
    await applier.apply(wanted);
  }
  return applier.applied;
}

const outline = async (editor: TreeEditor) => (await editor.pages()).map((page) => `${page.parent ?? '-'}>${page.id}:${page.slug}`);

describe('a folder applied to a tree', () => {
  const objects = useTempObjectStore('folio-folder-pages-');

  it('inserts the folder, then keeps ids at the same paths, deletes what the folder lacks, moves a kept subpage out of a deleted page', async () => {
    const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
    const first = await importSummary(editor, '* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n  * [Old](guide/old.md)\n\n## Ref\n\n* [API](ref/api.md)\n', now);
    expect(first).toEqual({ created: ['new1', 'new2', 'new3', 'new4', 'new5', 'new6'], updated: [], deleted: [] });
    expect(await outline(editor)).toEqual(['->new1:home', '->new2:guide', 'new2>new3:setup', 'new2>new4:old', '->new5:ref', 'new5>new6:api']);
    await editor.commit();

    // The same folder again: nothing changes (not even updatedAt).
    expect(await importSummary(editor, '* [Home](README.md)\n* [Guide](guide/README.md)\n  * [Setup](guide/setup.md)\n  * [Old](guide/old.md)\n\n## Ref\n\n* [API](ref/api.md)\n', later)).toEqual({
      created: [],
      updated: [],
      deleted: [],
    });

    // The guide goes, its setup stays (now at the root), old goes with the guide, the API page moves first.
    const second = await importSummary(editor, '* [Home](README.md)\n* [Setup](guide/setup.md)\n\n## Ref\n\n* [API](ref/api.md)\n', later);
    expect(second).toEqual({ created: [], updated: ['new3'], deleted: ['new2', 'new4'] });
    expect(await outline(editor)).toEqual(['->new1:home', '->new3:setup', '->new5:ref', 'new5>new6:api']);
    expect((await editor.page('new1'))!.updatedAt).toBe(now);
  });
});
