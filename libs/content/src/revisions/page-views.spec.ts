import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { ContentTrees, DOCUMENT_READS } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { pageView, treeViews } from './page-views';
import { RenderedTrees } from './rendered-trees';
import { DocumentWork } from '../documents/document-work';

const NOW = '2026-01-01T00:00:00.000Z';


describe('page views', () => {
  const objects = useTempObjectStore('folio-page-views-', 'all');

  /** A space of `sections` root pages with `perSection` subpages each; `guides/install` has one subpage. */
  async function space(sections: number, perSection: number): Promise<string> {
    const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
    const body = markdownToDocument('Some text.\n').document;
    await editor.insertPage({ id: 'guides', into: null, meta: { title: 'Guides' }, document: body, now: NOW });
    await editor.insertPage({ id: 'install', into: 'guides', meta: { title: 'Install' }, document: body, now: NOW });
    await editor.insertPage({ id: 'linux', into: 'install', meta: { title: 'Linux' }, document: body, now: NOW });
    for (let s = 0; s < sections; s++) {
      await editor.insertPage({ id: `s${s}`, into: null, meta: { title: `Section ${s}` }, document: body, now: NOW });
      for (let p = 0; p < perSection; p++) {
        await editor.insertPage({ id: `s${s}p${p}`, into: `s${s}`, meta: { title: `Page ${p}` }, document: body, now: NOW });
      }
    }
    return editor.commit();
  }

  /** Objects read (from a cold cache) to answer GET …/page/install: the page, its path and its subpages. */
  async function pageReadCost(tree: string): Promise<number> {
    const counting = new CountingObjectStore(objects.store);
    const snapshot = await new ContentTrees(counting).open(tree);
    const node = await snapshot.page('install');
    const view = await pageView(snapshot, node!, await snapshot.pathOf('install'), { format: 'markdown', documents: new DocumentWork(null) });
    expect(view).toMatchObject({ path: 'guides/install', body: { markdown: '# Install\n\nSome text.\n' }, pages: [{ path: 'guides/install/linux', pages: [] }] });
    return counting.reads;
  }

  it('reads a page, its path and its subpages at a cost that does not follow the size of the space', async () => {
    const small = await pageReadCost(await space(1, 6));
    const large = await pageReadCost(await space(50, 100));
    // The page map's trie is a level or two deeper at 5,053 pages than at 10; a scan would read thousands of objects.
    expect(large).toBeLessThanOrEqual(small * 2);
  }, 60_000);

  it('keeps at most DOCUMENT_READS document reads in flight, for a tree and for a page with many subpages', async () => {
    const counting = new CountingObjectStore(objects.store);
    const tree = await space(2, 300);
    const snapshot = await new ContentTrees(counting).open(tree);
    counting.reset();
    expect((await treeViews(snapshot, { format: 'document' })).length).toBe(3);
    expect(counting.mostInFlight).toBeLessThanOrEqual(DOCUMENT_READS);
    counting.reset();
    expect((await pageView(snapshot, (await snapshot.page('s1'))!, 'section-1', { format: 'markdown', documents: new DocumentWork(null) })).pages.length).toBe(300);
    expect(counting.mostInFlight).toBeLessThanOrEqual(DOCUMENT_READS);
    expect(counting.reads).toBeGreaterThan(300); // each subpage's document was read
  }, 60_000);

  it('renders a tree once: a second read of the same tree reads no object, and readers at once share one rendering', async () => {
    const counting = new CountingObjectStore(objects.store);
    const tree = await space(2, 50);
    const rendered = new RenderedTrees();
    const [first, second] = await Promise.all([rendered.pages(await new ContentTrees(counting).open(tree)), rendered.pages(await new ContentTrees(counting).open(tree))]);
    expect(second).toBe(first);
    expect(counting.reads).toBeGreaterThan(100);
    counting.reset();
    const again = await rendered.pages(await new ContentTrees(counting).open(tree));
    expect(again).toBe(first);
    expect(counting.reads).toBe(1); // the tree's root, opened by the caller; none of its pages or documents
    expect(Object.isFrozen(again[0].node)).toBe(true);
  }, 60_000);

  it('nests every page of the tree under the root pages, with their paths', async () => {
    const snapshot = await new ContentTrees(objects.store).open(await space(2, 2));
    const outline = (views: Awaited<ReturnType<typeof treeViews>>): unknown[] => views.map((v) => [v.path, ...outline(v.pages)]);
    expect(outline(await treeViews(snapshot, { format: 'document' }))).toEqual([
      ['guides', ['guides/install', ['guides/install/linux']]],
      ['section-0', ['section-0/page-0'], ['section-0/page-1']],
      ['section-1', ['section-1/page-0'], ['section-1/page-1']],
    ]);
  });
});
