import { Conflict, InvalidPosition, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { collectionDecider } from './collection.decider';
import { CollectionEvent } from './collection.events';

const spec = deciderSpec(collectionDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { collectionId: 'c1', organizationId: 'o1' };
const created: CollectionEvent = {
  type: 'CollectionCreated',
  data: { ...ids, parent: null, position: 'a1', title: 'Guides', description: '', defaultLevel: 'inherit', createdAt: now },
};
const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { ...ids, deletedAt: now } };

describe('collection decider', () => {
  it('creates once', () => {
    const create = {
      type: 'CreateCollection' as const,
      ...ids,
      parent: null,
      position: 'a1',
      settings: { title: 'Guides', description: '', defaultLevel: 'inherit' as const },
      now,
    };
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenThrows(Conflict);
  });

  it('updates what changes only', () => {
    spec
      .given([created])
      .when({ type: 'UpdateCollection', changes: { title: 'Guides', description: 'All of them', defaultLevel: null }, now })
      .then([
        {
          type: 'CollectionUpdated',
          data: { ...ids, changes: { description: 'All of them', defaultLevel: null }, before: { description: '', defaultLevel: 'inherit' }, updatedAt: now },
        },
      ]);
    spec.given([created]).when({ type: 'UpdateCollection', changes: {}, now }).then([]);
  });

  it('never moves into itself or a descendant, nor where it already is', () => {
    const slot = { lower: null, upper: null };
    spec.given([created]).when({ type: 'MoveCollection', parent: 'c1', ancestry: ['c1'], slot, now }).thenThrows(InvalidPosition);
    spec.given([created]).when({ type: 'MoveCollection', parent: 'c3', ancestry: ['c3', 'c2', 'c1'], slot, now }).thenThrows(InvalidPosition);
    spec.given([created]).when({ type: 'MoveCollection', parent: null, ancestry: [], slot, now }).thenThrows(InvalidPosition);
    const [moved] = collectionDecider.decide(
      { type: 'MoveCollection', parent: 'c9', ancestry: ['c9'], slot, now },
      collectionDecider.evolve(collectionDecider.initialState, created),
    );
    expect(moved).toMatchObject({ type: 'CollectionMoved', data: { parent: 'c9', previousParent: null } });
  });

  it('transfers to another organization only', () => {
    spec
      .given([created])
      .when({ type: 'TransferCollection', organizationId: 'o2', parent: null, position: 'a0', cascadeFrom: 'c0', now })
      .then([
        {
          type: 'CollectionTransferred',
          data: { ...ids, organizationId: 'o2', previousOrganizationId: 'o1', parent: null, previousParent: null, position: 'a0', transferredAt: now, cascadeFrom: 'c0' },
        },
      ]);
    spec.given([created]).when({ type: 'TransferCollection', organizationId: 'o1', parent: null, position: 'a0', now }).thenThrows(InvalidPosition);
  });

  it('deletes once, after which it is gone', () => {
    spec.given([created]).when({ type: 'DeleteCollection', now }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteCollection', now }).thenThrows(NotFound);
    spec.given([created, deleted]).when({ type: 'UpdateCollection', changes: { title: 'X' }, now }).thenThrows(NotFound);
  });

  it('gives a new collection the defaults for what its creation leaves out: Untitled, no description, inherit', () => {
    spec
      .given([])
      .when({ type: 'CreateCollection', ...ids, parent: null, position: 'a1', settings: { title: undefined }, now })
      .then([{ ...created, data: { ...created.data, title: 'Untitled' } }]);
  });

  describe('a cascade run again (after a crash) writes nothing', () => {
    const transferred: CollectionEvent = {
      type: 'CollectionTransferred',
      data: { ...ids, organizationId: 'o2', previousOrganizationId: 'o1', parent: 'c0', previousParent: 'c0', position: 'a1', transferredAt: now, cascadeFrom: 'c0' },
    };
    const transfer = { type: 'TransferCollection' as const, organizationId: 'o2', parent: 'c0', position: 'a1', cascadeFrom: 'c0', now };

    it('for a sub-collection already deleted, which a user still cannot delete again', () => {
      spec.given([created, deleted]).when({ type: 'DeleteCollection', cascadeFrom: 'c0', now }).then([]);
      spec.given([created, deleted]).when({ type: 'DeleteCollection', now }).thenThrows(NotFound);
    });

    it('for a sub-collection already carried to the organization, or deleted (it stays where it was)', () => {
      spec.given([created, transferred]).when(transfer).then([]);
      spec.given([created, deleted]).when(transfer).then([]);
    });
  });
});
