import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { markdownToDocument } from '../documents/markdown-to-document';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { ContentTrees } from '../tree/content-trees';
import { EMPTY_TREE_HASH } from '../tree/empty-tree';
import { LINK_SPACES, LinkDoc, LINKS } from './link-docs';
import { linkProjection } from './link.projection';

const t0 = '2026-01-01T00:00:00.000Z';
let dir: string;
let objects: SqliteObjectStore;
const spec = projectionSpec<SpaceEvent>(linkProjection, { stream: (e) => spaceStream(e.data.spaceId), objects: () => objects });

const created = (spaceId: string, tree?: string): SpaceEvent => ({
  type: 'SpaceCreated',
  data: {
    spaceId, organizationId: 'o1', parent: null, position: 'a0', visibility: 'private', revision: `r-${spaceId}`, ...(tree ? { tree } : {}),
    title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { type: 'inherit' }, createdAt: t0,
  },
});
const changed = (spaceId: string, tree: string): SpaceEvent => ({
  type: 'SpaceContentChanged',
  data: { spaceId, organizationId: 'o1', revision: { id: `r-${tree.slice(0, 6)}`, type: 'merge', parents: [], tree, createdBy: 'u1', createdAt: t0 }, changedAt: t0 },
});
const purged = (spaceId: string): SpaceEvent => ({ type: 'SpacePurged', data: { spaceId, organizationId: 'o1', deletedAt: t0, purgedAt: t0 } });

/** Trees of one space's history: A has p1 linking to a missing p2; B adds p2 (and a link page p3) and moves p1; C deletes p1. */
const trees: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const doc = (markdown: string) => markdownToDocument(markdown).document;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-links-'));
  objects = new SqliteObjectStore(join(dir, 'events.db'));
  const content = new ContentTrees(objects);
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
afterAll(async () => {
  await objects.close();
  rmSync(dir, { recursive: true, force: true });
});

const link = (fields: Partial<LinkDoc> & Pick<LinkDoc, 'id' | 'page' | 'target' | 'key' | 'ref'>, space = 's1'): LinkDoc => ({
  space, relation: 'link', blocks: ['k1'], ...fields,
});
const oneToTwo = (space = 's1') =>
  link({ id: `${space}:p1:0`, page: 'p1', target: `page:${space}:p2`, key: `page:${space}:p2`, ref: { kind: 'page', page: 'p2', space } }, space);
const oneToWeb = (space = 's1') =>
  link({ id: `${space}:p1:1`, page: 'p1', target: 'url:https://example.com', key: 'url:https://example.com', ref: { kind: 'url', url: 'https://example.com' } }, space);
const twoToOne = (space = 's1') =>
  link({ id: `${space}:p2:0`, page: 'p2', target: `page:${space}:p1`, key: `page:${space}:p1`, ref: { kind: 'page', page: 'p1', space } }, space);
const threeToSpace = (space = 's1') =>
  link({ id: `${space}:p3:0`, page: 'p3', target: 'space:s9', key: 'space:s9', ref: { kind: 'space', space: 's9' }, relation: 'link-page', blocks: [] }, space);

describe('link projection', () => {
  it('indexes the links of main\u2019s pages when main moves, and remembers the tree it indexed', () =>
    spec.given([created('s1'), changed('s1', trees.A)]).thenCollections({
      [LINKS]: [oneToTwo(), oneToWeb()],
      [LINK_SPACES]: [{ id: 's1', tree: trees.A, position: '2' }],
    }));

  it('follows later merges: new pages are indexed, a renamed page keeps its links, a deleted page loses them', async () => {
    await spec.given([created('s1'), changed('s1', trees.A), changed('s1', trees.B)]).then(LINKS, [oneToTwo(), oneToWeb(), twoToOne(), threeToSpace()]);
    await spec.given([created('s1'), changed('s1', trees.A), changed('s1', trees.B), changed('s1', trees.C)]).then(LINKS, [twoToOne(), threeToSpace()]);
  });

  it('indexes a duplicate\u2019s copied content from its creation', () =>
    spec.given([created('s2', trees.B)]).then(LINKS, [oneToTwo('s2'), oneToWeb('s2'), twoToOne('s2'), threeToSpace('s2')]));

  it('finds a target\u2019s backlinks and a page\u2019s links through its indexes', async () => {
    await spec.given([created('s1'), changed('s1', trees.B), created('s2', trees.B)]).thenFinds(LINKS, { filter: { space: 's1', target: 'page:s1:p1' } }, ['s1:p2:0']);
    await spec.given([created('s1'), changed('s1', trees.B), created('s2', trees.B)]).thenFinds(LINKS, { filter: { space: 's2', page: 'p1' } }, ['s2:p1:0', 's2:p1:1']);
  });

  it('forgets a purged space\u2019s links, and only that space\u2019s', () =>
    spec.given([created('s1', trees.A), created('s2', trees.C), purged('s1')]).thenCollections({
      [LINKS]: [twoToOne('s2'), threeToSpace('s2')],
      [LINK_SPACES]: [{ id: 's2', tree: trees.C, position: '2' }],
    }));

  // A function: the trees are built before the tests run, after this file is read.
  const history = () => [created('s1'), changed('s1', trees.A), changed('s1', trees.B), created('s2', trees.B), changed('s1', trees.C), purged('s2')];

  it('is unchanged by replays', () => spec.given(history()).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history()).thenRebuildsIdentically());
});
