import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { mainChanged, spaceCreated, spacePurged } from '../testing/space-events';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { LINK_SPACES, LINK_TARGETS, LinkTargetDoc, PAGE_LINKS, PageLink, PageLinksDoc } from './link-docs';
import { linkProjection } from './link.projection';

const t0 = '2026-01-01T00:00:00.000Z';
const objects = useTempObjectStore('folio-links-', 'all');
const spec = projectionSpec<SpaceEvent>(linkProjection, { stream: (e) => spaceStream(e.data.spaceId), objects: () => objects.store });


/** Trees of one space's history: A has p1 linking to a missing p2; B adds p2 (and a link page p3) and moves p1; C deletes p1. */
const trees: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const doc = (markdown: string) => markdownToDocument(markdown).document;

beforeAll(async () => {
  const content = new ContentTrees(objects.store);
  const a = await content.edit(EMPTY_TREE_HASH);
  await a.insertPage({ id: 'p1', into: null, meta: { title: 'One' }, document: doc('To [two](/pages/p2) and [the web](https://example.com).'), now: t0 });
  trees.A = await a.commit();
  const b = await content.edit(trees.A);
  await b.insertPage({ id: 'p2', into: null, at: 0, meta: { title: 'Two' }, document: doc('Back to [one](/pages/p1).'), now: t0 });
  await b.updatePage('p1', { meta: { title: 'One, renamed' }, now: t0 });
  await b.insertPage({ id: 'p3', into: null, type: 'link', meta: { title: 'Elsewhere' }, document: null, now: t0 });
  await b.setPage('p3', { ...(await b.page('p3'))!, target: { kind: 'space', space: 's9' } });
  trees.B = await b.commit();
  const c = await content.edit(trees.B);
  await c.deletePage('p1');
  trees.C = await c.commit();
});

const pageDoc = (space: string, page: string, links: PageLink[]): PageLinksDoc => ({ id: `${space}:${page}`, space, page, links });
const target = (space: string, page: string, n: number, key: string): LinkTargetDoc => ({ id: `${space}:${page}:${n}`, space, page, target: key });
/** What the projection holds of each page of the trees above, in space `s`. */
const one = (s: string) => pageDoc(s, 'p1', [
  { ref: { kind: 'page', page: 'p2', space: s }, relation: 'link', blocks: ['k1'] },
  { ref: { kind: 'url', url: 'https://example.com' }, relation: 'link', blocks: ['k1'] },
]);
const two = (s: string) => pageDoc(s, 'p2', [{ ref: { kind: 'page', page: 'p1', space: s }, relation: 'link', blocks: ['k1'] }]);
const three = (s: string) => pageDoc(s, 'p3', [{ ref: { kind: 'space', space: 's9' }, relation: 'link-page', blocks: [] }]);
const oneTargets = (s: string) => [target(s, 'p1', 0, `page:${s}:p2`), target(s, 'p1', 1, 'url:https://example.com')];
const twoTargets = (s: string) => [target(s, 'p2', 0, `page:${s}:p1`)];
const threeTargets = (s: string) => [target(s, 'p3', 0, 'space:s9')];

describe('link projection', () => {
  it('indexes the links of main\u2019s pages when main moves, and remembers the tree it indexed', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.A)]).thenCollections({
      [PAGE_LINKS]: [one('s1')],
      [LINK_TARGETS]: oneTargets('s1'),
      [LINK_SPACES]: [{ id: 's1', tree: trees.A, position: '2' }],
    }));

  it('writes no document for a space whose main is and stays empty: none means the empty tree', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', EMPTY_TREE_HASH), spaceCreated('s2')]).thenCollections({ [PAGE_LINKS]: [], [LINK_SPACES]: [] }));

  it('keeps the empty tree of a space emptied after it had content, and follows main from it', async () => {
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH)]).thenCollections({ [PAGE_LINKS]: [], [LINK_SPACES]: [{ id: 's1', tree: EMPTY_TREE_HASH, position: '2' }] });
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH), mainChanged('s1', trees.B)]).thenCollections({
      [PAGE_LINKS]: [one('s1'), two('s1'), three('s1')],
      [LINK_SPACES]: [{ id: 's1', tree: trees.B, position: '3' }],
    });
  });

  it('follows later merges: new pages are indexed, a renamed page keeps its links, a deleted page loses them', async () => {
    await spec.given([spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B)]).thenCollections({
      [PAGE_LINKS]: [one('s1'), two('s1'), three('s1')],
      [LINK_TARGETS]: [...oneTargets('s1'), ...twoTargets('s1'), ...threeTargets('s1')],
    });
    await spec.given([spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), mainChanged('s1', trees.C)]).thenCollections({
      [PAGE_LINKS]: [two('s1'), three('s1')],
      [LINK_TARGETS]: [...twoTargets('s1'), ...threeTargets('s1')],
    });
  });

  it('indexes a duplicate\u2019s copied content from its creation', () =>
    spec.given([spaceCreated('s2', trees.B)]).then(PAGE_LINKS, [one('s2'), two('s2'), three('s2')]));

  it('finds a target\u2019s backlinks through its index, in its space only', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.B), spaceCreated('s2', trees.B)]).thenFinds(LINK_TARGETS, { filter: { space: 's1', target: 'page:s1:p1' } }, ['s1:p2:0']));

  it('forgets a purged space\u2019s links, and only that space\u2019s', () =>
    spec.given([spaceCreated('s1', trees.A), spaceCreated('s2', trees.C), spacePurged('s1')]).thenCollections({
      [PAGE_LINKS]: [two('s2'), three('s2')],
      [LINK_TARGETS]: [...twoTargets('s2'), ...threeTargets('s2')],
      [LINK_SPACES]: [{ id: 's2', tree: trees.C, position: '2' }],
    }));

  // A function: the trees are built before the tests run, after this file is read.
  const history = () => [spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), spaceCreated('s2', trees.B), mainChanged('s1', trees.C), spacePurged('s2'), spaceCreated('s3'), mainChanged('s3', EMPTY_TREE_HASH)];

  it('is unchanged by replays', () => spec.given(history()).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history()).thenRebuildsIdentically());
});
