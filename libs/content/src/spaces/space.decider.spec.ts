import { Conflict, Invalid, InvalidPosition, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { RETENTION_MS, spaceDecider } from './space.decider';
import { SpaceEvent, SpaceSettings } from './space.events';

const spec = deciderSpec(spaceDecider);
const t0 = '2026-01-01T00:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(t0) + ms).toISOString();
const settings: SpaceSettings = { title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { type: 'inherit' } };
const ids = { spaceId: 's1', organizationId: 'o1' };
const created: SpaceEvent = {
  type: 'SpaceCreated',
  data: { ...ids, parent: null, position: 'a1', ...settings, visibility: 'private', revision: 'r1', createdAt: t0 },
};
const deleted: SpaceEvent = { type: 'SpaceDeleted', data: { ...ids, deletedAt: t0 } };

describe('space decider', () => {
  it('creates a space once', () => {
    const create = { type: 'CreateSpace' as const, ...ids, parent: null, position: 'a1', settings, visibility: 'private' as const, revision: 'r1', now: t0 };
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenThrows(Conflict);
  });

  it('records only the settings that change, with their old values', () => {
    spec
      .given([created])
      .when({ type: 'UpdateSpace', changes: { title: 'New', emoji: '', editMode: 'locked' }, now: t0 })
      .then([{ type: 'SpaceUpdated', data: { ...ids, changes: { title: 'New', editMode: 'locked' }, before: { title: 'Docs', editMode: 'live' }, updatedAt: t0 } }]);
    spec.given([created]).when({ type: 'UpdateSpace', changes: { title: 'Docs' }, now: t0 }).then([]);
  });

  it('refuses changes to a deleted space and to one that never existed', () => {
    spec.given([created, deleted]).when({ type: 'UpdateSpace', changes: { title: 'X' }, now: t0 }).thenThrows(Conflict, /restore it first/);
    spec.given([]).when({ type: 'UpdateSpace', changes: { title: 'X' }, now: t0 }).thenThrows(NotFound);
  });

  it('moves between two sibling keys, and refuses a move that changes nothing', () => {
    const [event] = spaceDecider.decide({ type: 'MoveSpace', parent: 'c1', slot: { lower: null, upper: null }, now: t0 }, spaceDecider.evolve(spaceDecider.initialState, created));
    expect(event).toMatchObject({ type: 'SpaceMoved', data: { parent: 'c1', previousParent: null, movedAt: t0 } });
    spec.given([created]).when({ type: 'MoveSpace', parent: null, slot: { lower: 'a0', upper: 'a2' }, now: t0 }).thenThrows(InvalidPosition);
    spec.given([created]).when({ type: 'MoveSpace', parent: null, slot: { lower: null, upper: null }, now: t0 }).thenThrows(InvalidPosition);
    const [before] = spaceDecider.decide({ type: 'MoveSpace', parent: null, slot: { lower: null, upper: 'a0' }, now: t0 }, spaceDecider.evolve(spaceDecider.initialState, created));
    expect((before.data as { position: string }).position < 'a0').toBe(true);
  });

  it('transfers to another organization, refusing a transfer that changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'TransferSpace', organizationId: 'o2', parent: null, position: 'a0', now: t0 })
      .then([
        {
          type: 'SpaceTransferred',
          data: { spaceId: 's1', organizationId: 'o2', previousOrganizationId: 'o1', parent: null, previousParent: null, position: 'a0', transferredAt: t0 },
        },
      ]);
    spec.given([created]).when({ type: 'TransferSpace', organizationId: 'o1', parent: null, position: 'a0', now: t0 }).thenThrows(InvalidPosition);
    spec.given([created, deleted]).when({ type: 'TransferSpace', organizationId: 'o2', parent: null, position: 'a0', now: t0 }).thenThrows(Conflict);
  });

  it('deletes once; deleting again keeps the first deletion time', () => {
    spec.given([created]).when({ type: 'DeleteSpace', cascadeFrom: 'c1', now: t0 }).then([{ type: 'SpaceDeleted', data: { ...ids, deletedAt: t0, cascadeFrom: 'c1' } }]);
    spec.given([created, deleted]).when({ type: 'DeleteSpace', now: at(1000) }).then([]);
  });

  it('restores up to and including exactly 7 days after the deletion, and refuses a millisecond later', () => {
    const restore = (ms: number) => ({ type: 'RestoreSpace' as const, parent: null, position: 'a5', now: at(ms) });
    spec
      .given([created, deleted])
      .when(restore(RETENTION_MS))
      .then([{ type: 'SpaceRestored', data: { ...ids, parent: null, position: 'a5', restoredAt: at(RETENTION_MS) } }]);
    spec.given([created, deleted]).when(restore(RETENTION_MS + 1)).thenThrows(Invalid, /more than 7 days/);
    spec.given([created]).when(restore(0)).then([]);
  });

  it('purges only past the retention, once; a purged space is gone', () => {
    spec.given([created, deleted]).when({ type: 'PurgeSpace', now: at(RETENTION_MS) }).then([]);
    const purged: SpaceEvent = { type: 'SpacePurged', data: { ...ids, deletedAt: t0, purgedAt: at(RETENTION_MS + 1) } };
    spec.given([created, deleted]).when({ type: 'PurgeSpace', now: at(RETENTION_MS + 1) }).then([purged]);
    spec.given([created]).when({ type: 'PurgeSpace', now: at(RETENTION_MS * 2) }).then([]);
    spec.given([created, deleted, purged]).when({ type: 'PurgeSpace', now: at(RETENTION_MS * 2) }).then([]);
    spec.given([created, deleted, purged]).when({ type: 'RestoreSpace', parent: null, position: 'a1', now: at(0) }).thenThrows(NotFound);
  });
});
