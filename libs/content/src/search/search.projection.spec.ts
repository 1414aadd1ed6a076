import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { SEARCH_PAGES, SEARCH_SPACES, SearchPageDoc, searchProjection } from './search.projection';

const objects = useTempObjectStore('folio-search-projection-', 'all');

const spec = projectionSpec<SpaceEvent>(searchProjection, { stream: (e) => spaceStream(e.data.spaceId), objects: () => objects.store });
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-02T00:00:00.000Z';

const created = (spaceId: string, tree?: string): SpaceEvent => ({
  type: 'SpaceCreated',
  data: {
    spaceId, organizationId: 'o1', parent: null, position: 'a0', visibility: 'private', revision: `r-${spaceId}`, ...(tree ? { tree } : {}),
    title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { type: 'inherit' }, createdAt: t0,
  },
});
const changed = (tree: string, id = 'r2'): SpaceEvent => ({
  type: 'SpaceContentChanged',
  data: { spaceId: 's1', organizationId: 'o1', revision: { id, type: 'merge', parents: ['r-s1'], tree, createdBy: 'u1', createdAt: t1 }, changeRequest: { id: 'cr1', number: 1 }, changedAt: t1 },
});
const transferred: SpaceEvent = {
  type: 'SpaceTransferred',
  data: { spaceId: 's1', organizationId: 'o2', previousOrganizationId: 'o1', parent: null, previousParent: null, position: 'a1', transferredAt: t1 },
};
const purged: SpaceEvent = { type: 'SpacePurged', data: { spaceId: 's1', organizationId: 'o1', deletedAt: t0, purgedAt: t1 } };

const GUIDE_MD = 'Start here.\n\n## Install\n\nRun the **installer**.\n\n## Configure\n\nEdit the file.\n';

/**
 * Trees: v1 (Guide with a subpage, FAQ), v2 (Guide renamed "Handbook", FAQ edited, a page added, Old gone),
 * v3 (Handbook hidden, FAQ noIndex, New moved under the hidden Handbook), v4 (Handbook shown again).
 */
let v1: string;
let v2: string;
let v3: string;
let v4: string;
beforeAll(async () => {
  const trees = new ContentTrees(objects.store);
  const a = await trees.edit(EMPTY_TREE_HASH);
  await a.insertPage({ id: 'guide', into: null, meta: { title: 'Guide', description: 'How to start' }, document: markdownToDocument(GUIDE_MD).document, now: t0 });
  await a.insertPage({ id: 'sub', into: 'guide', meta: { title: 'Details' }, document: markdownToDocument('Deep text.').document, now: t0 });
  await a.insertPage({ id: 'faq', into: null, meta: { title: 'FAQ' }, document: markdownToDocument('Questions.').document, now: t0 });
  await a.insertPage({ id: 'old', into: null, meta: { title: 'Old' }, document: null, now: t0 });
  v1 = await a.commit();
  const b = await trees.edit(v1);
  await b.updatePage('guide', { meta: { title: 'Handbook' }, now: t1 });
  await b.updatePage('faq', { document: markdownToDocument('Answers.').document, now: t1 });
  await b.insertPage({ id: 'new', into: null, meta: { title: 'New' }, document: null, now: t1 });
  await b.deletePage('old');
  v2 = await b.commit();
  const c = await trees.edit(v2);
  await c.updatePage('guide', { meta: { hidden: true }, now: t1 });
  await c.updatePage('faq', { meta: { noIndex: true }, now: t1 });
  await c.updatePage('new', { into: 'guide', now: t1 });
  v3 = await c.commit();
  const d = await trees.edit(v3);
  await d.updatePage('guide', { meta: { hidden: false }, now: t1 });
  v4 = await d.commit();
});

const page = (id: string, fields: Partial<SearchPageDoc>): SearchPageDoc => ({
  id: `s1.${id}`, spaceId: 's1', organizationId: 'o1', pageId: id, title: '', description: '', path: id, ancestors: [], headings: '', body: '', sections: [],
  ...fields,
});
const guide = page('guide', {
  title: 'Guide',
  description: 'How to start',
  path: 'guide',
  headings: 'Install Configure',
  body: 'Start here. Install Run the installer. Configure Edit the file.',
  sections: [
    { id: 'install', title: 'Install', body: 'Run the installer.' },
    { id: 'configure', title: 'Configure', body: 'Edit the file.' },
  ],
});
const sub = page('sub', { title: 'Details', path: 'guide/details', ancestors: [{ title: 'Guide' }], body: 'Deep text.' });
const faq = page('faq', { title: 'FAQ', body: 'Questions.' });
const old = page('old', { title: 'Old' });

describe('content-search projection', () => {
  it('indexes every page of the first revision: text, sections from headings, path and ancestors', () =>
    spec.given([created('s1', v1)]).thenCollections({ [SEARCH_PAGES.name]: [guide, sub, faq, old], [SEARCH_SPACES]: [{ id: 's1', organizationId: 'o1', tree: v1 }] }));

  it('indexes nothing for an empty space, and writes no document for it: none means the empty tree', () =>
    spec.given([created('s2'), created('s1'), changed(EMPTY_TREE_HASH), transferred]).thenCollections({ [SEARCH_PAGES.name]: [], [SEARCH_SPACES]: [] }));

  it('keeps the empty tree of a space emptied after it had pages, and indexes main from it', async () => {
    await spec.given([created('s1', v1), changed(EMPTY_TREE_HASH)]).thenCollections({ [SEARCH_PAGES.name]: [], [SEARCH_SPACES]: [{ id: 's1', organizationId: 'o1', tree: EMPTY_TREE_HASH }] });
    await spec.given([created('s1', v1), changed(EMPTY_TREE_HASH), changed(v1, 'r3')]).thenCollections({ [SEARCH_PAGES.name]: [guide, sub, faq, old], [SEARCH_SPACES]: [{ id: 's1', organizationId: 'o1', tree: v1 }] });
  });

  it('indexes a space transferred while empty under its new organization', () =>
    spec.given([created('s1'), transferred, { ...changed(v1), data: { ...changed(v1).data, organizationId: 'o2' } } as SpaceEvent]).thenCollections({
      [SEARCH_PAGES.name]: [guide, sub, faq, old].map((doc) => ({ ...doc, organizationId: 'o2' })),
      [SEARCH_SPACES]: [{ id: 's1', organizationId: 'o2', tree: v1 }],
    }));

  it('follows main: edited, renamed, added and deleted pages, and the subpages of a renamed page', () =>
    spec.given([created('s1', v1), changed(v2)]).then(SEARCH_PAGES.name, [
      { ...guide, title: 'Handbook' }, // a rename keeps the slug, so the path stays
      { ...sub, ancestors: [{ title: 'Handbook' }] },
      { ...faq, body: 'Answers.' },
      page('new', { title: 'New' }),
    ]));

  it('leaves out hidden pages with their subpages, and noIndex pages', async () => {
    await spec.given([created('s1', v3)]).thenFinds(SEARCH_PAGES.name, {}, []);
    await spec.given([created('s1', v1), changed(v2), changed(v3, 'r3')]).thenFinds(SEARCH_PAGES.name, {}, []);
  });

  it("indexes a hidden page's subpages again, text included, once it is shown", () =>
    spec.given([created('s1', v1), changed(v2), changed(v3, 'r3'), changed(v4, 'r4')]).then(SEARCH_PAGES.name, [
      { ...guide, title: 'Handbook' },
      page('new', { title: 'New', path: 'guide/new', ancestors: [{ title: 'Handbook' }] }),
      { ...sub, ancestors: [{ title: 'Handbook' }] },
    ]));

  it('lists the pages of main by organization', () =>
    spec.given([created('s1', v1), changed(v2)]).thenFinds(SEARCH_PAGES.name, { filter: { organizationId: 'o1' } }, ['s1.faq', 's1.guide', 's1.new', 's1.sub']));

  it('takes the pages along to a new organization, and drops them when the space is purged', async () => {
    await spec.given([created('s1', v1), transferred]).thenFinds(SEARCH_PAGES.name, { filter: { organizationId: 'o2' } }, ['s1.faq', 's1.guide', 's1.old', 's1.sub']);
    await spec.given([created('s1', v1), created('s2', v1), purged]).thenFinds(SEARCH_PAGES.name, {}, ['s2.faq', 's2.guide', 's2.old', 's2.sub']);
  });

  it('is idempotent', () => spec.given([created('s1', v1), changed(v2), changed(v3, 'r3'), changed(v4, 'r4'), transferred]).thenIdempotent());

  it('rebuilds identically', () => spec.given([created('s1', v1), changed(v2), changed(v3, 'r3'), changed(v4, 'r4'), created('s2', v2), transferred, created('s3')]).thenRebuildsIdentically());
});
