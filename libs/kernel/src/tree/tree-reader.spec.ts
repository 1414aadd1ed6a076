import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { ContentTrees } from './content-trees';
import { EMPTY_TREE_HASH } from './empty-tree';

const NOW = '2026-01-01T00:00:00.000Z';

describe('reading a page document from a tree', () => {
  const objects = useTempObjectStore('folio-tree-reader-', 'all');

  /** Whether work already waiting on the event loop ran before the page's document was answered. */
  async function waitingWorkRanFirst(markdown: string): Promise<boolean> {
    const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'p', into: null, meta: { title: 'P' }, document: markdownToDocument(markdown).document, now: NOW });
    const snapshot = await new ContentTrees(objects.store).open(await editor.commit());
    const node = (await snapshot.page('p'))!;
    let ran = false;
    setImmediate(() => (ran = true));
    const document = await snapshot.document(node);
    expect(document?.nodes.length).toBeGreaterThan(0);
    return ran;
  }

  it('lets waiting work (other requests) run before parsing a large document, and parses a small one at once', async () => {
    expect(await waitingWorkRanFirst('Some words in a paragraph of its own.\n\n'.repeat(8_000))).toBe(true);
    expect(await waitingWorkRanFirst('Some words.\n')).toBe(false);
  }, 30_000); // 8,000 paragraphs to read and write on a loaded machine
});
