import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { ContentTrees, TreeEditor, TreeSnapshot } from '../tree/content-trees';
import { EMPTY_TREE_HASH } from '../tree/empty-tree';
import { MergeConflict } from './merge-conflicts';
import { mergeTrees } from './merge-trees';
import { pairKeys } from './pair-keys';

const T0 = '2025-01-01T00:00:00.000Z';
const T1 = '2025-01-02T00:00:00.000Z';
const NOW = '2025-01-03T00:00:00.000Z';

const INTRO = 'Welcome to the docs.\n\n```sh\nnpm ci\nnpm run build\nnpm test\n```\n\nRead on.';

type Edit = (tree: TreeEditor) => Promise<unknown>;
type Check = (tree: TreeSnapshot) => Promise<void>;

/** A page's document rewritten as markdown and keyed after its previous version, as the content route writes it. */
const rewrite = (id: string, from: string, to: string): Edit => async (tree) => {
  const page = (await tree.page(id))!;
  const before = (await tree.document(page))!;
  const markdown = documentToMarkdown(before).replace(from, to);
  await tree.updatePage(id, { document: pairKeys(before, markdownToDocument(markdown).document), now: T1 });
};
const retitle = (id: string, title: string): Edit => (tree) => tree.updatePage(id, { meta: { title }, now: T1 });
const move = (id: string, into: string | null): Edit => (tree) => tree.updatePage(id, { into, now: T1 });
const remove = (id: string): Edit => (tree) => tree.deletePage(id);
const insert = (id: string, title: string, into: string | null = null): Edit => (tree) =>
  tree.insertPage({ id, into, meta: { title }, document: markdownToDocument(`${title} body.`).document, now: T1 });
const addFile = (id: string, name: string): Edit => (tree) =>
  tree.addFile({ id, name, contentType: 'text/plain', bytes: Buffer.from(name), now: T1 });
const renameFile = (id: string, name: string): Edit => async (tree) => tree.setFile(id, { ...(await tree.file(id))!, name });
const both = (...edits: Edit[]): Edit => async (tree) => {
  for (const edit of edits) await edit(tree);
};

const markdownOf = async (tree: TreeSnapshot, id: string) => documentToMarkdown((await tree.document((await tree.page(id))!))!);
/** Titles in depth-first order, indented by depth. */
const outline = async (tree: TreeSnapshot) => {
  const depth = new Map<string | null, number>([[null, -1]]);
  return (await tree.pages()).map((page) => {
    depth.set(page.id, depth.get(page.parent)! + 1);
    return `${'  '.repeat(depth.get(page.id)!)}${page.title}`;
  });
};
/** A chunked file's manifest as an entry names it (merges read no bytes). */
const CHUNKED = { object: 'c'.repeat(64), size: 9 * 1024 * 1024 };
const BASE_OUTLINE = ['Introduction', 'Guides', '  Install', '  Configure', 'FAQ'];

describe('mergeTrees', () => {
  const objects = useTempObjectStore('folio-merge-');
  let trees: ContentTrees;
  let base: string;

  beforeEach(async () => {
    trees = new ContentTrees(objects.store);
    const editor = await trees.edit(EMPTY_TREE_HASH);
    const page = (id: string, title: string, into: string | null, markdown: string) =>
      editor.insertPage({ id, into, meta: { title }, document: markdownToDocument(markdown).document, now: T0 });
    await page('intro', 'Introduction', null, INTRO);
    await page('guides', 'Guides', null, 'All the guides.');
    await page('install', 'Install', 'guides', 'Run the installer.\n\nThen restart.');
    await page('configure', 'Configure', 'guides', 'Edit the file.');
    await page('faq', 'FAQ', null, 'Questions.\n\nAnswers.');
    await editor.addFile({ id: 'logo', name: 'logo.txt', contentType: 'text/plain', bytes: Buffer.from('logo'), now: T0 });
    base = await editor.commit();
  });

  const side = async (edit: Edit) => {
    const editor = await trees.edit(base);
    await edit(editor);
    return editor.commit();
  };
  const sides = async (main: Edit, changeRequest: Edit) => {
    const [m, c] = [await side(main), await side(changeRequest)];
    return { hashes: { main: m, changeRequest: c },
             snapshots: { base: await trees.open(base), main: await trees.open(m), changeRequest: await trees.open(c) } };
  };

  it.each<[string, Edit, Edit, Check]>([
    ['one-sided: the change request\'s edits, insertions and deletions as they are', async () => undefined,
      both(rewrite('intro', 'Read on.', 'Read on, please.'), retitle('faq', 'Questions'), insert('news', 'News', 'guides'), remove('configure')),
      async (tree) => {
        expect(await outline(tree)).toEqual(['Introduction', 'Guides', '  Install', '  News', 'Questions']);
        expect(await markdownOf(tree, 'intro')).toContain('Read on, please.');
      }],
    ['both sides, different pages: both', retitle('faq', 'Questions'), rewrite('install', 'Then restart.', 'Then reboot.'),
      async (tree) => {
        expect(await outline(tree)).toEqual(['Introduction', 'Guides', '  Install', '  Configure', 'Questions']);
        expect(await markdownOf(tree, 'install')).toBe('Run the installer.\n\nThen reboot.\n');
      }],
    ['both sides, one page, different fields: both', retitle('intro', 'Welcome'), (tree) => tree.updatePage('intro', { meta: { emoji: '1f44b' }, now: T1 }),
      async (tree) => expect(await tree.page('intro')).toMatchObject({ title: 'Welcome', emoji: '1f44b', slug: 'introduction', updatedAt: NOW })],
    ['both sides, one page, different blocks: both', rewrite('intro', 'Welcome to the docs.', 'Welcome!'), rewrite('intro', 'Read on.', 'Read on, please.'),
      async (tree) => expect(await markdownOf(tree, 'intro')).toBe(
        documentToMarkdown(markdownToDocument(INTRO.replace('Welcome to the docs.', 'Welcome!').replace('Read on.', 'Read on, please.')).document))],
    ['both sides, one block, different lines: both', rewrite('intro', 'npm ci', 'npm ci --quiet'), rewrite('intro', 'npm test', 'npm test -- --ci'),
      async (tree) => expect(await markdownOf(tree, 'intro')).toContain('```sh\nnpm ci --quiet\nnpm run build\nnpm test -- --ci\n```')],
    ['move on one side, edit on the other: moved and edited', move('install', null), both(retitle('install', 'Installation'), rewrite('install', 'Then restart.', 'Then reboot.')),
      async (tree) => {
        expect(await outline(tree)).toEqual(['Introduction', 'Guides', '  Configure', 'FAQ', 'Installation']);
        expect(await markdownOf(tree, 'install')).toContain('Then reboot.');
      }],
    ['pages inserted on both sides, one title: both kept, the change request\'s with the next free slug', insert('m1', 'Changelog'), insert('c1', 'Changelog'),
      async (tree) => {
        expect(await outline(tree)).toEqual([...BASE_OUTLINE, 'Changelog', 'Changelog']);
        expect([(await tree.page('m1'))!.slug, (await tree.page('c1'))!.slug]).toEqual(['changelog', 'changelog-2']);
      }],
    ['a move from one side and a slug from the other meeting an untouched page\'s slug: the next free one', move('install', null),
      (tree) => tree.updatePage('install', { meta: { slug: 'faq' }, now: T1 }),
      async (tree) => {
        expect([(await tree.page('faq'))!.slug, (await tree.page('install'))!.slug]).toEqual(['faq', 'faq-2']);
        expect(await tree.pageByPath('faq-2')).toMatchObject({ id: 'install' });
      }],
    ['a page deleted on one side, untouched on the other: deleted with its subpages', remove('guides'), retitle('faq', 'Questions'),
      async (tree) => expect(await outline(tree)).toEqual(['Introduction', 'Questions'])],
    ['files: added on both sides, renamed on one', both(addFile('a', 'a.txt'), renameFile('logo', 'brand.txt')), addFile('b', 'b.txt'),
      async (tree) => expect((await tree.files()).map((f) => f.name).sort()).toEqual(['a.txt', 'b.txt', 'brand.txt'])],
    // A large file's bytes are chunks named by a manifest: its entry's object, size and chunked mark go together.
    ['a file replaced by a chunked one on one side, renamed on the other: the chunked bytes under the new name',
      async (tree) => tree.setFile('logo', { ...(await tree.file('logo'))!, object: CHUNKED.object, size: CHUNKED.size, chunked: true }), renameFile('logo', 'brand.txt'),
      async (tree) => expect(await tree.file('logo')).toMatchObject({ ...CHUNKED, name: 'brand.txt', chunked: true })],
  ])('%s', async (_, main, changeRequest, check) => {
    const { hashes, snapshots } = await sides(main, changeRequest);
    // Written into main's tree (a merge) or into the change request's (an update from main): one result.
    const results: string[] = [];
    for (const onto of [hashes.main, hashes.changeRequest]) {
      const into = await trees.edit(onto);
      expect(await mergeTrees(snapshots, into, NOW)).toEqual({ conflicts: [] });
      results.push(await into.commit());
    }
    expect(results[1]).toBe(results[0]);
    await check(await trees.open(results[0]));
  });

  type Expected = { id: string; kind: string; field?: string };
  const summary = (conflicts: MergeConflict[]): Expected[] => conflicts.map((c) =>
    ({ id: 'page' in c ? c.page.id : 'file' in c ? c.file.id : 'variable' in c ? c.variable : 'source' in c ? c.source : c.reusableContent.id,
       kind: c.kind, ...('field' in c && c.field ? { field: c.field } : {}) }));

  it.each<[string, Edit, Edit, Expected[]]>([
    ['one line changed differently on both sides', rewrite('intro', 'npm ci', 'npm install'), rewrite('intro', 'npm ci', 'npm ci --quiet'),
      [{ id: 'intro', kind: 'document' }]],
    ['one field set differently on both sides', retitle('faq', 'Questions'), retitle('faq', 'Help'), [{ id: 'faq', kind: 'field', field: 'title' }]],
    ['deleted on one side, edited on the other', remove('faq'), rewrite('faq', 'Answers.', 'All answers.'), [{ id: 'faq', kind: 'deleted' }]],
    ['a subpage deleted with its parent, edited on the other side', remove('guides'), retitle('install', 'Installation'),
      [{ id: 'install', kind: 'deleted' }]],
    ['a page inserted under a page the other side deleted', remove('guides'), insert('news', 'News', 'guides'), [{ id: 'news', kind: 'parent-deleted' }]],
    ['moved to different places on both sides', move('install', null), move('install', 'faq'), [{ id: 'install', kind: 'moved' }]],
    ['two moves that make a cycle', move('guides', 'faq'), move('faq', 'guides'), [{ id: 'guides', kind: 'cycle' }, { id: 'faq', kind: 'cycle' }]],
    ['a file renamed differently on both sides', renameFile('logo', 'a.txt'), renameFile('logo', 'b.txt'), [{ id: 'logo', kind: 'field', field: 'name' }]],
    ['a file deleted on one side, renamed on the other', (tree) => tree.setFile('logo', null), renameFile('logo', 'b.txt'), [{ id: 'logo', kind: 'deleted' }]],
  ])('conflict: %s — reported, nothing written', async (_, main, changeRequest, expected) => {
    const { hashes, snapshots } = await sides(main, changeRequest);
    const into = await trees.edit(hashes.main);
    const { conflicts } = await mergeTrees(snapshots, into, NOW);
    expect(summary(conflicts)).toEqual(expected);
    expect(await into.commit()).toBe(hashes.main);
  });

  it('reports a block conflict with each side\'s markdown, and names the page by its title and path', async () => {
    const { hashes, snapshots } = await sides(rewrite('install', 'Then restart.', 'Then reboot.'), rewrite('install', 'Then restart.', 'Then log out.'));
    const { conflicts } = await mergeTrees(snapshots, await trees.edit(hashes.main), NOW);
    expect(conflicts).toEqual([{
      page: { id: 'install', title: 'Install', path: 'guides/install' },
      kind: 'document',
      blocks: [{ key: expect.any(String), base: 'Then restart.', main: 'Then reboot.', changeRequest: 'Then log out.' }],
    }]);
  });

  it('takes the block the request rewrote after the conflict was met, from the trees both sides had then', async () => {
    const { hashes, snapshots } = await sides(rewrite('install', 'Then restart.', 'Then reboot.'), rewrite('install', 'Then restart.', 'Then log out.'));
    const met = [{ main: snapshots.main, changeRequest: snapshots.changeRequest }];
    const editor = await trees.edit(hashes.changeRequest);
    await rewrite('install', 'Then log out.', 'Then reboot and log in.')(editor);
    const resolved = await trees.open(await editor.commit());
    for (const onto of [hashes.main, resolved.hash]) {
      const into = await trees.edit(onto);
      expect(await mergeTrees({ ...snapshots, changeRequest: resolved, met }, into, NOW)).toEqual({ conflicts: [] });
      expect(await markdownOf(await trees.open(await into.commit()), 'install')).toBe('Run the installer.\n\nThen reboot and log in.\n');
    }
    // Not rewritten since: still the conflict it was.
    expect((await mergeTrees({ ...snapshots, met }, await trees.edit(hashes.main), NOW)).conflicts).toHaveLength(1);
  });

  it('reads only what the sides changed: in a 1,000-page space, two sides editing 20 pages each (10 of them both) read a small share of its objects', async () => {
    // 50 sections of 20 pages (a page whose document a merge writes has its siblings read by the tree's updatePage).
    const editor = await trees.edit(EMPTY_TREE_HASH);
    for (let s = 0; s < 50; s++) {
      await editor.insertPage({ id: `s${s}`, into: null, meta: { title: `Section ${s}` }, document: null, now: T0 });
      for (let p = 0; p < 19; p++) {
        await editor.insertPage({ id: `s${s}p${p}`, into: `s${s}`, meta: { title: `Page ${s}.${p}` },
                                  document: markdownToDocument(`Page ${s}.${p}, first.\n\nPage ${s}.${p}, second.`).document, now: T0 });
      }
    }
    base = await editor.commit();
    // Each side retitles ten pages of its own; both rewrite ten other pages, different blocks of each.
    const sections = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45];
    const main = await side(both(...sections.map((s) => retitle(`s${s}p${s % 7}`, `main ${s}`)),
                                 ...sections.map((s) => rewrite(`s${s}p${s % 7 + 1}`, 'first', 'first, by main'))));
    const changeRequest = await side(both(...sections.map((s) => retitle(`s${s}p${s % 7 + 2}`, `request ${s}`)),
                                          ...sections.map((s) => rewrite(`s${s}p${s % 7 + 1}`, 'second', 'second, by request'))));

    // A fresh ContentTrees (an empty cache) over a store that counts what is read.
    const counting = new CountingObjectStore(objects.store);
    const fresh = new ContentTrees(counting);
    const snapshots = { base: await fresh.open(base), main: await fresh.open(main), changeRequest: await fresh.open(changeRequest) };
    counting.reset();
    const into = await fresh.edit(main);
    expect(await mergeTrees(snapshots, into, NOW)).toEqual({ conflicts: [] });
    const merged = await trees.open(await into.commit());
    expect([(await merged.page('s10p3'))!.title, (await merged.page('s10p5'))!.title]).toEqual(['main 10', 'request 10']);
    expect(await markdownOf(merged, 's10p4')).toBe('Page 10.4, first, by main.\n\nPage 10.4, second, by request.\n');

    const stored = (await (await trees.open(base)).pages()).length * 2; // a node and a document per page, trie nodes aside
    expect(counting.reads).toBeLessThan(stored / 4);
  }, 60_000);
});
