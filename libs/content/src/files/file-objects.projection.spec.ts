import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { useTempObjectStore } from '@folio/platform/testing/temp-object-store';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { mainChanged, spaceCreated, spacePurged } from '../testing/space-events';
import { FILE_OBJECT_TREES, FILE_OBJECTS, FileObjectDoc, fileObjectProjection } from './file-objects.projection';

const t0 = '2026-01-01T00:00:00.000Z';
const objects = useTempObjectStore('folio-file-objects-', 'all');
const spec = projectionSpec<SpaceEvent>(fileObjectProjection, { stream: (e) => spaceStream(e.data.spaceId), objects: () => objects.store });

/** Trees of one space's history: A has logo (v1) and a chunk-less notes file; B replaces logo's bytes (v2); C deletes both. */
const trees: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const hashes: Record<'logo1' | 'logo2' | 'notes', string> = { logo1: '', logo2: '', notes: '' };

beforeAll(async () => {
  const content = new ContentTrees(objects.store);
  const a = await content.edit(EMPTY_TREE_HASH);
  hashes.logo1 = (await a.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('logo v1'), now: t0 })).object;
  hashes.notes = (await a.addFile({ id: 'notes', name: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('notes'), now: t0 })).object;
  trees.A = await a.commit();
  const b = await content.edit(trees.A);
  await b.setFile('logo', null);
  hashes.logo2 = (await b.addFile({ id: 'logo', name: 'Logo.png', contentType: 'image/png', bytes: Buffer.from('logo v2'), now: t0 })).object;
  trees.B = await b.commit();
  const c = await content.edit(trees.B);
  await c.setFile('logo', null);
  await c.setFile('notes', null);
  trees.C = await c.commit();
});

const file = (spaceId: string, object: string, name: string, contentType: string): FileObjectDoc => ({ id: `${spaceId}:${object}`, spaceId, object, name, contentType });
const byId = (x: FileObjectDoc, y: FileObjectDoc) => (x.id < y.id ? -1 : 1);

describe('file object projection', () => {
  it('records the files of main\u2019s first content and the tree it took them from', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.A)]).thenCollections({
      [FILE_OBJECTS]: [file('s1', hashes.logo1, 'logo.png', 'image/png'), file('s1', hashes.notes, 'notes.txt', 'text/plain')].sort(byId),
      [FILE_OBJECT_TREES]: [{ id: 's1', tree: trees.A, position: '2' }],
    }));

  it('writes no document for a space whose main is and stays empty: none means the empty tree', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', EMPTY_TREE_HASH), spaceCreated('s2')]).thenCollections({ [FILE_OBJECTS]: [], [FILE_OBJECT_TREES]: [] }));

  it('keeps the empty tree of a space emptied after it had content, and follows main from it', async () => {
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH)]).thenCollections({ [FILE_OBJECTS]: [file('s1', hashes.logo1, 'logo.png', 'image/png'), file('s1', hashes.notes, 'notes.txt', 'text/plain')].sort(byId), [FILE_OBJECT_TREES]: [{ id: 's1', tree: EMPTY_TREE_HASH, position: '2' }] });
    await spec.given([spaceCreated('s1', trees.A), mainChanged('s1', EMPTY_TREE_HASH), mainChanged('s1', trees.B)]).thenCollections({
      [FILE_OBJECTS]: [file('s1', hashes.logo1, 'logo.png', 'image/png'), file('s1', hashes.logo2, 'Logo.png', 'image/png'), file('s1', hashes.notes, 'notes.txt', 'text/plain')].sort(byId),
      [FILE_OBJECT_TREES]: [{ id: 's1', tree: trees.B, position: '3' }],
    });
  });

  it('keeps past revisions\u2019 files as main moves on and deletes them', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), mainChanged('s1', trees.C)]).thenFinds(
      FILE_OBJECTS,
      { filter: { spaceId: 's1' } },
      [hashes.logo1, hashes.logo2, hashes.notes].map((hash) => `s1:${hash}`).sort(),
    ));

  it('finds the spaces holding some bytes by their hash, a duplicate\u2019s copied files included', () =>
    spec.given([spaceCreated('s1'), mainChanged('s1', trees.B), spaceCreated('s2', trees.A)]).thenFinds(FILE_OBJECTS, { filter: { object: hashes.notes } }, [`s1:${hashes.notes}`, `s2:${hashes.notes}`].sort()));

  it('forgets a purged space\u2019s files, and only that space\u2019s', () =>
    spec.given([spaceCreated('s1', trees.A), spaceCreated('s2', trees.B), spacePurged('s1')]).thenCollections({
      [FILE_OBJECTS]: [file('s2', hashes.logo2, 'Logo.png', 'image/png'), file('s2', hashes.notes, 'notes.txt', 'text/plain')].sort(byId),
      [FILE_OBJECT_TREES]: [{ id: 's2', tree: trees.B, position: '2' }],
    }));

  const history = () => [spaceCreated('s1'), mainChanged('s1', trees.A), mainChanged('s1', trees.B), spaceCreated('s2', trees.B), mainChanged('s1', trees.C), spacePurged('s2'), spaceCreated('s3'), mainChanged('s3', EMPTY_TREE_HASH)];

  it('is unchanged by replays', () => spec.given(history()).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history()).thenRebuildsIdentically());
});
