import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { CountingObjectStore } from '@folio/platform/testing/counting-object-store';
import { GivenLog, stored, storedEvents } from '@folio/platform/testing/projection-spec';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { BlockKeyIndex } from '../block-keys/block-key-index';
import { blockKeyProjection } from '../block-keys/block-key.projection';
import { PageDocument } from '@folio/kernel/document/document.model';
import { spaceStream } from '../spaces/space.events';
import { spaceCreated } from '../testing/space-events';
import { CheckCommentTarget, CommentTargetInput } from '../public/comment-target.query';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { CheckCommentTargetHandler } from './comment-target.handler';
import { REVISIONS, RevisionDoc, revisionProjection } from './revision.projection';

const NOW = '2026-01-01T00:00:00.000Z';

const paragraph = (key: string) => ({ object: 'block', type: 'paragraph', key, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: key, marks: [] }] }] });
const table = {
  object: 'block',
  type: 'table',
  key: 'tbl',
  isVoid: true,
  data: {
    view: { type: 'grid', columns: ['col'], hideHeader: false },
    records: { row: { orderIndex: 'a0', values: { col: 'cell' } } },
    definition: { col: { id: 'col', title: 'Name', type: 'text', textAlignment: 'left' } },
  },
  fragments: [{ object: 'fragment', fragment: 'cell', nodes: [paragraph('in-cell')] }],
};
const documentOf = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as PageDocument;

/** A revision of space s1. */
const revisionOf = (id: string, tree: string): RevisionDoc => ({
  id, spaceId: 's1', organizationId: 'o1', type: 'edits', parents: [], tree, createdBy: 'u1', createdAt: NOW, onMain: true, seq: '1'.padStart(20, '0'),
});

describe('CheckCommentTarget', () => {
  const objects = useTempObjectStore('folio-comment-target-');
  let dir: string;
  let reads: SqliteReadStore;

  /** Revision r1 of space s1: a group page, then `intro` (a paragraph and a table) and `other` (a paragraph). */
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-comment-target-reads-'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    await reads.ensureCollections(revisionProjection.collections);
    await reads.ensureCollections(blockKeyProjection.collections);
    const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'group', into: null, type: 'group', meta: { title: 'Group' }, document: null, now: NOW });
    await editor.insertPage({ id: 'intro', into: 'group', meta: { title: 'Intro' }, document: documentOf(paragraph('hello'), table), now: NOW });
    await editor.insertPage({ id: 'other', into: null, meta: { title: 'Other' }, document: documentOf(paragraph('bye')), now: NOW });
    await main(await editor.commit());
  });

  /** Main of s1 is `tree`, revision r1: its block keys indexed, as the projection keeps them (each call a later event). */
  let position = 0;
  async function main(tree: string) {
    await reads.transaction('test', '1', (tx) => tx.upsert(REVISIONS, revisionOf('r1', tree)));
    const log = new GivenLog(storedEvents([stored(spaceCreated('s1', tree), { position: String(++position), stream: spaceStream('s1') })]));
    await new ProjectionRunner(log, reads, [blockKeyProjection], { objects: objects.store }).catchUp();
  }
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (target: CommentTargetInput, spaceId = 's1', revisionId = 'r1', store: ContentObjectStore = objects.store) => {
    const trees = new ContentTrees(store);
    return new CheckCommentTargetHandler(reads, trees, new BlockKeyIndex(reads, trees)).execute(new CheckCommentTarget(spaceId, revisionId, target));
  };

  it.each<[string, CommentTargetInput, string | null]>([
    ['the whole content', {}, null],
    ['a page', { page: 'other' }, 'other'],
    ['a group page', { page: 'group' }, 'group'],
    ['a block of a page', { page: 'intro', node: 'hello' }, 'intro'],
    ['a block alone, on whichever page holds it', { node: 'bye' }, 'other'],
    ['a block inside a table cell', { node: 'in-cell' }, 'intro'],
    ['a cell of a table', { page: 'intro', node: 'tbl', tableCell: { record: 'row', definition: 'col' } }, 'intro'],
  ])('accepts %s and answers its page', async (_case, target, page) => expect(await check(target)).toEqual({ page }));

  it.each<[string, CommentTargetInput, string]>([
    ['a page the revision does not have', { page: 'nope' }, 'page: "nope" is not a page of revision r1'],
    ['a key of another page', { page: 'intro', node: 'bye' }, 'node: no block or inline has the key "bye" in page "intro"'],
    ['a node on a page without a document', { page: 'group', node: 'hello' }, 'node: no block or inline has the key "hello" in page "group"'],
    ['a key of no page', { node: 'nope' }, 'node: no block or inline has the key "nope" in any page of revision r1'],
    ['a cell without its table', { page: 'intro', tableCell: { record: 'row', definition: 'col' } }, 'tableCell: needs node'],
    ['a cell of a block that is not a table', { node: 'hello', tableCell: { record: 'row', definition: 'col' } }, 'node: "hello" is a paragraph, not a table'],
    ['a record the table lacks', { node: 'tbl', tableCell: { record: 'x', definition: 'col' } }, 'tableCell.record'],
    ['a column the table lacks', { node: 'tbl', tableCell: { record: 'row', definition: 'x' } }, 'tableCell.definition'],
  ])('refuses %s, naming the field', async (_case, target, message) => {
    const refused = check(target);
    await expect(refused).rejects.toThrow(Invalid);
    await expect(refused).rejects.toThrow(message);
  });

  it.each([
    ['an unknown revision', 's1', 'r9'],
    ['a revision of another space', 's2', 'r1'],
  ])('does not find %s', (_case, spaceId, revisionId) => expect(check({ page: 'intro' }, spaceId, revisionId)).rejects.toThrow(NotFound));

  it('finds a block of a revision off main (a request’s head): the index overlaid with the pages it changed', async () => {
    const editor = await new ContentTrees(objects.store).edit((await reads.get<RevisionDoc>(REVISIONS, 'r1'))!.tree);
    await editor.updatePage('other', { document: documentOf(paragraph('rewritten')), now: NOW });
    await editor.insertPage({ id: 'added', into: null, meta: { title: 'Added' }, document: documentOf(paragraph('fresh')), now: NOW });
    const head = await editor.commit();
    await reads.transaction('test', '2', (tx) => tx.upsert(REVISIONS, { ...revisionOf('head', head), onMain: false }));
    expect(await check({ node: 'fresh' }, 's1', 'head')).toEqual({ page: 'added' });
    expect(await check({ node: 'rewritten' }, 's1', 'head')).toEqual({ page: 'other' });
    expect(await check({ node: 'hello' }, 's1', 'head')).toEqual({ page: 'intro' }); // from the index
    await expect(check({ node: 'bye' }, 's1', 'head')).rejects.toThrow('no block or inline has the key "bye" in any page of revision head');
  });

  it('asks for the page of a key that more than one page holds', async () => {
    const editor = await new ContentTrees(objects.store).edit((await reads.get<RevisionDoc>(REVISIONS, 'r1'))!.tree);
    await editor.insertPage({ id: 'copy', into: null, meta: { title: 'Copy' }, document: documentOf(paragraph('bye')), now: NOW });
    await main(await editor.commit());
    await expect(check({ node: 'bye' })).rejects.toThrow('node: the key "bye" is on more than one page of revision r1 (copy and other among them): give its page');
    expect(await check({ page: 'copy', node: 'bye' })).toEqual({ page: 'copy' });
  });

  it('reads as many objects for a block without its page in a space of 1,000 pages as in one of 10', async () => {
    /** Objects read (from a cold cache) to place `node` in a space of `pages` pages, its last page holding it. */
    async function cost(pages: number): Promise<number> {
      const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
      for (let n = 0; n < pages; n++) {
        await editor.insertPage({ id: `p${n}`, into: null, meta: { title: `Page ${n}` }, document: documentOf(paragraph(`b${pages}-${n}`)), now: NOW });
      }
      await main(await editor.commit());
      const counting = new CountingObjectStore(objects.store);
      expect(await check({ node: `b${pages}-${pages - 1}` }, 's1', 'r1', counting)).toEqual({ page: `p${pages - 1}` });
      return counting.reads;
    }
    const small = await cost(10);
    const large = await cost(1000);
    // The page map's trie is a level deeper at 1,000 pages; a scan of the documents would read a thousand more.
    expect(large).toBeLessThanOrEqual(small + 4);
  }, 60_000);
});
