import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { PageDocument } from '@folio/kernel/document/document.model';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { mainChanged, spaceCreated, spacePurged } from '../testing/space-events';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { BLOCK_KEY_SPACES, BLOCK_KEYS, BlockKeyDoc } from './block-key-docs';
import { blockKeyProjection } from './block-key.projection';

const t0 = '2026-01-01T00:00:00.000Z';
const objects = useTempObjectStore('folio-block-keys-', 'all');
const spec = projectionSpec<SpaceEvent>(blockKeyProjection, { stream: (e) => spaceStream(e.data.spaceId), objects: () => objects.store });


const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const paragraph = (key: string, ...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', key, nodes: nodes.length ? nodes : [text(key)] });
const link = (key: string) => ({ object: 'inline', type: 'link', key, data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('here')] });
const documentOf = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as PageDocument;

/** Trees of one space's history: A has p1 (a paragraph with a link); B edits p1, adds p2 and a group page; C deletes p1. */
const trees: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

beforeAll(async () => {
  const content = new ContentTrees(objects.store);
  const a = await content.edit(EMPTY_TREE_HASH);
  await a.insertPage({ id: 'p1', into: null, meta: { title: 'One' }, document: documentOf(paragraph('para', link('lnk'))), now: t0 });
  trees.A = await a.commit();
  const b = await content.edit(trees.A);
  await b.updatePage('p1', { document: documentOf(paragraph('para'), paragraph('more')), now: t0 });
  await b.insertPage({ id: 'p2', into: null, meta: { title: 'Two' }, document: documentOf(paragraph('para'), paragraph('own')), now: t0 });
  await b.insertPage({ id: 'g', into: null, type: 'group', meta: { title: 'Group' }, document: null, now: t0 });
  trees.B = await b.commit();
  const c = await content.edit(trees.B);
  await c.deletePage('p1');
  trees.C = await c.commit();
});

const key = (space: string, page: string, k: string): BlockKeyDoc => ({ id: `${space}:${page}:${k}`, space, page, key: k });

describe('block key projection', () => {
  it('indexes the keys of main’s blocks and inlines when main moves, and remembers the tree it indexed', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.A)]).thenCollections({
      [BLOCK_KEYS]: [key('s1', 'p1', 'lnk'), key('s1', 'p1', 'para')],
      [BLOCK_KEY_SPACES]: [{ id: 's1', tree: trees.A, position: '2' }],
    }));

  it('writes no document for a space whose main is and stays empty: none means the empty tree', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', EMPTY_TREE_HASH), spaceCreated('s2')]).thenCollections({ [BLOCK_KEYS]: [], [BLOCK_KEY_SPACES]: [] }));

  it('keeps the empty tree of a space emptied after it had content, and follows main from it', async () => {
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH)]).thenCollections({ [BLOCK_KEYS]: [], [BLOCK_KEY_SPACES]: [{ id: 's1', tree: EMPTY_TREE_HASH, position: '2' }] });
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH), mainChanged('s1', trees.B)]).thenCollections({
      [BLOCK_KEYS]: [key('s1', 'p1', 'more'), key('s1', 'p1', 'para'), key('s1', 'p2', 'own'), key('s1', 'p2', 'para')],
      [BLOCK_KEY_SPACES]: [{ id: 's1', tree: trees.B, position: '3' }],
    });
  });

  it('follows later merges: an edited page’s keys are replaced, a new page’s added, a deleted page’s dropped', async () => {
    await spec.given([spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B)]).then(BLOCK_KEYS, [
      key('s1', 'p1', 'more'),
      key('s1', 'p1', 'para'),
      key('s1', 'p2', 'own'),
      key('s1', 'p2', 'para'),
    ]);
    await spec.given([spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), mainChanged('s1', trees.C)]).then(BLOCK_KEYS, [key('s1', 'p2', 'own'), key('s1', 'p2', 'para')]);
  });

  it('finds the pages holding a key through its index, in page order, in its space only', () =>
    spec
      .given([spaceCreated('s1', trees.B), spaceCreated('s2', trees.B)])
      .thenFinds(BLOCK_KEYS, { filter: { space: 's1', key: 'para' }, sort: { field: 'page', direction: 'asc' } }, ['s1:p1:para', 's1:p2:para']));

  it('forgets a purged space’s keys, and only that space’s', () =>
    spec.given([spaceCreated('s1', trees.A), spaceCreated('s2', trees.C), spacePurged('s1')]).thenCollections({
      [BLOCK_KEYS]: [key('s2', 'p2', 'own'), key('s2', 'p2', 'para')],
      [BLOCK_KEY_SPACES]: [{ id: 's2', tree: trees.C, position: '2' }],
    }));

  // A function: the trees are built before the tests run, after this file is read.
  const history = () => [spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), spaceCreated('s2', trees.B), mainChanged('s1', trees.C), spacePurged('s2'), spaceCreated('s3'), mainChanged('s3', EMPTY_TREE_HASH)];

  it('is unchanged by replays', () => spec.given(history()).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history()).thenRebuildsIdentically());
});
