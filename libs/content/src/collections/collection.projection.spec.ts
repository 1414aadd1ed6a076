import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { CollectionEvent, CollectionSettings, collectionStream } from './collection.events';
import { CollectionDoc, collectionProjection, COLLECTIONS } from './collection.projection';

const spec = projectionSpec<CollectionEvent>(collectionProjection, { stream: (e) => collectionStream(e.data.collectionId) });
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-02T00:00:00.000Z';

const created = (collectionId: string, parent: string | null = null, position = 'a0'): CollectionEvent => ({
  type: 'CollectionCreated',
  data: { collectionId, organizationId: 'o1', parent, position, title: 'Guides', description: '', defaultLevel: 'inherit', createdAt: t0 },
});
const updated = (changes: Partial<CollectionSettings>, before: Partial<CollectionSettings>): CollectionEvent => ({
  type: 'CollectionUpdated',
  data: { collectionId: 'c1', organizationId: 'o1', changes, before, updatedAt: t1 },
});
const moved = (parent: string | null, position: string): CollectionEvent => ({
  type: 'CollectionMoved',
  data: { collectionId: 'c1', organizationId: 'o1', parent, previousParent: null, position, movedAt: t1 },
});
const transferred: CollectionEvent = {
  type: 'CollectionTransferred',
  data: { collectionId: 'c1', organizationId: 'o2', previousOrganizationId: 'o1', parent: null, previousParent: 'c0', position: 'a7', transferredAt: t1, cascadeFrom: 'c0' },
};
const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { collectionId: 'c1', organizationId: 'o1', deletedAt: t1 } };

const collection = (fields: Partial<CollectionDoc> = {}): CollectionDoc => ({
  id: 'c1',
  organizationId: 'o1',
  parent: null,
  position: 'a0',
  title: 'Guides',
  description: '',
  defaultLevel: 'inherit',
  createdAt: t0,
  updatedAt: t0,
  streamRevision: '0',
  ...fields,
});

describe('collection projection', () => {
  it('creates a collection', () => spec.given([created('c1')]).then(COLLECTIONS, [collection()]));

  it('applies changed settings, keeping the others, and moves the ETag', () =>
    spec
      .given([created('c1'), updated({ description: 'How we work', defaultLevel: 'read' }, { description: '', defaultLevel: 'inherit' })])
      .thenDocument(COLLECTIONS, 'c1', collection({ description: 'How we work', defaultLevel: 'read', updatedAt: t1, streamRevision: '1' })));

  it('moves a collection under another parent at a new position', () =>
    spec.given([created('c1'), moved('c2', 'b0')]).thenDocument(COLLECTIONS, 'c1', collection({ parent: 'c2', position: 'b0', updatedAt: t1, streamRevision: '1' })));

  it('hands a collection to another organization', () =>
    spec
      .given([created('c1', 'c0'), transferred])
      .thenDocument(COLLECTIONS, 'c1', collection({ organizationId: 'o2', parent: null, position: 'a7', updatedAt: t1, streamRevision: '1' })));

  it('keeps a deleted collection, marked, for the binned spaces that point at it', () =>
    spec.given([created('c1'), deleted]).thenDocument(COLLECTIONS, 'c1', collection({ deletedAt: t1, updatedAt: t1, streamRevision: '1' })));

  it('lists a parent\u2019s collections in position order', () =>
    spec
      .given([created('c1', 'c0', 'a5'), created('c2', 'c0', 'a1'), created('c3', null, 'a0')])
      .thenFinds(COLLECTIONS, { filter: { organizationId: 'o1', parent: 'c0' }, sort: { field: 'position', direction: 'asc' } }, ['c2', 'c1']));

  const history = [created('c1'), created('c2'), updated({ title: 'Docs' }, { title: 'Guides' }), moved('c2', 'a3'), transferred, deleted];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
