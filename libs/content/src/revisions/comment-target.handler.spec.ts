import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { PageDocument } from '../documents/document.model';
import { CheckCommentTarget, CommentTargetInput } from '../public/comment-target.query';
import { ContentTrees } from '../tree/content-trees';
import { EMPTY_TREE_HASH } from '../tree/empty-tree';
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

describe('CheckCommentTarget', () => {
  const objects = useTempObjectStore('folio-comment-target-');
  let dir: string;
  let reads: SqliteReadStore;

  /** Revision r1 of space s1: a group page, then `intro` (a paragraph and a table) and `other` (a paragraph). */
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-comment-target-reads-'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    await reads.ensureCollections(revisionProjection.collections);
    const editor = await new ContentTrees(objects.store).edit(EMPTY_TREE_HASH);
    await editor.insertPage({ id: 'group', into: null, type: 'group', meta: { title: 'Group' }, document: null, now: NOW });
    await editor.insertPage({ id: 'intro', into: 'group', meta: { title: 'Intro' }, document: documentOf(paragraph('hello'), table), now: NOW });
    await editor.insertPage({ id: 'other', into: null, meta: { title: 'Other' }, document: documentOf(paragraph('bye')), now: NOW });
    const revision: RevisionDoc = {
      id: 'r1',
      spaceId: 's1',
      organizationId: 'o1',
      type: 'edits',
      parents: [],
      tree: await editor.commit(),
      createdBy: 'u1',
      createdAt: NOW,
      onMain: true,
      seq: '1'.padStart(20, '0'),
    };
    await reads.transaction('test', '1', (tx) => tx.upsert(REVISIONS, revision));
  });
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = (target: CommentTargetInput, spaceId = 's1', revisionId = 'r1') =>
    new CheckCommentTargetHandler(reads, new ContentTrees(objects.store)).execute(new CheckCommentTarget(spaceId, revisionId, target));

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
});
