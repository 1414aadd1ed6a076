import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { Conflict, Forbidden, Invalid, InvalidPosition, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { MergeLeaseExpired, RETENTION_MS, spaceDecider, SpaceState, StaleMain } from './space.decider';
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
    const create = { type: 'CreateSpace' as const, ...ids, parent: null, position: 'a1', settings, revision: 'r1', now: t0 };
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

  it('gives a new space the defaults for what its creation leaves out: Untitled, no emoji, live, inherit, no language, private', () => {
    spec
      .given([])
      .when({ type: 'CreateSpace', ...ids, parent: null, position: 'a1', settings: { emoji: '📘', title: undefined }, revision: 'r1', now: t0 })
      .then([
        {
          type: 'SpaceCreated',
          data: {
            ...ids,
            parent: null,
            position: 'a1',
            title: 'Untitled',
            emoji: '📘',
            editMode: 'live',
            defaultLevel: 'inherit',
            language: null,
            mergeRules: { type: 'inherit' },
            visibility: 'private',
            revision: 'r1',
            createdAt: t0,
          },
        },
      ]);
  });

  describe('duplicating', () => {
    const stateOf = (events: SpaceEvent[]): SpaceState => events.reduce(spaceDecider.evolve, spaceDecider.initialState);
    const updated: SpaceEvent = {
      type: 'SpaceUpdated',
      data: { ...ids, changes: { title: 'Renamed', mergeRules: { type: 'none' } }, before: { title: 'Docs', mergeRules: { type: 'inherit' } }, updatedAt: t0 },
    };
    const duplicate = (original: SpaceState) =>
      ({ type: 'DuplicateSpace', spaceId: 's2', original, position: 'a2', revision: 'r2', now: t0 }) as const;

    it('copies the original as it stands now (settings, visibility, organization, parent) at the given position', () => {
      spec
        .given([])
        .when(duplicate(stateOf([created, updated])))
        .then([
          {
            type: 'SpaceCreated',
            data: {
              spaceId: 's2',
              organizationId: 'o1',
              parent: null,
              position: 'a2',
              ...settings,
              title: 'Renamed',
              mergeRules: { type: 'none' },
              visibility: 'private',
              revision: 'r2',
              tree: EMPTY_TREE_HASH,
              createdAt: t0,
              duplicatedFrom: 's1',
            },
          },
        ]);
    });

    it('refuses to copy a deleted space, and one that is gone or never was', () => {
      spec.given([]).when(duplicate(stateOf([created, deleted]))).thenThrows(Conflict, /restore it first/);
      spec.given([]).when(duplicate(stateOf([]))).thenThrows(NotFound);
      const purged: SpaceEvent = { type: 'SpacePurged', data: { ...ids, deletedAt: t0, purgedAt: at(RETENTION_MS * 2) } };
      spec.given([]).when(duplicate(stateOf([created, deleted, purged]))).thenThrows(NotFound);
    });

    it('never writes over an existing stream', () => {
      spec.given([created]).when({ ...duplicate(stateOf([created])), spaceId: 's1' }).thenThrows(Conflict);
    });
  });

  describe('a collection cascade run again (after a crash) writes nothing', () => {
    const transferred: SpaceEvent = {
      type: 'SpaceTransferred',
      data: { ...ids, organizationId: 'o2', previousOrganizationId: 'o1', parent: 'c1', previousParent: 'c1', position: 'a1', transferredAt: t0, cascadeFrom: 'c0' },
    };
    const purged: SpaceEvent = { type: 'SpacePurged', data: { ...ids, deletedAt: t0, purgedAt: at(RETENTION_MS * 2) } };

    it('for a space the transfer already carried along', () =>
      spec.given([created, transferred]).when({ type: 'TransferSpace', organizationId: 'o2', parent: 'c1', position: 'a1', cascadeFrom: 'c0', now: t0 }).then([]));

    it('for a space already in the bin, or purged since', () => {
      spec.given([created, deleted]).when({ type: 'DeleteSpace', cascadeFrom: 'c0', now: at(5) }).then([]);
      spec.given([created, deleted, purged]).when({ type: 'DeleteSpace', cascadeFrom: 'c0', now: t0 }).then([]);
      spec.given([created, deleted, purged]).when({ type: 'TransferSpace', organizationId: 'o2', parent: null, position: 'a1', cascadeFrom: 'c0', now: t0 }).then([]);
    });

    it('while a user is still refused those commands', () => {
      spec.given([created, deleted, purged]).when({ type: 'DeleteSpace', now: t0 }).thenThrows(NotFound);
      spec.given([created]).when({ type: 'TransferSpace', organizationId: 'o1', parent: null, position: 'a0', now: t0 }).thenThrows(InvalidPosition);
    });
  });

  describe('merging a change request into main', () => {
    const revision = { id: 'r2', type: 'merge' as const, parents: ['r1', 'h1'], tree: 't2', createdBy: 'u1', createdAt: t0 };
    const merge = (basedOn: string, changeRequest = { id: 'cr1', number: 1 }) =>
      ({ type: 'MergeChangeRequest' as const, changeRequest, basedOn, revision, now: t0 });
    const mergedEvent: SpaceEvent = { type: 'SpaceContentChanged', data: { ...ids, revision, changeRequest: { id: 'cr1', number: 1 }, changedAt: t0 } };
    const locked: SpaceEvent = { type: 'SpaceUpdated', data: { ...ids, changes: { editMode: 'locked' }, before: { editMode: 'live' }, updatedAt: t0 } };

    it('moves main to the merge revision when computed on main as it stands', () =>
      spec.given([created]).when(merge('r1')).then([mergedEvent]));

    it('refuses a merge computed on a main that has moved since (StaleMain: compute it again)', () =>
      spec.given([created, mergedEvent]).when(merge('r1', { id: 'cr2', number: 2 })).thenThrows(StaleMain));

    it('writes nothing for a request main already took (a merge retried after a crash)', () =>
      spec.given([created, mergedEvent]).when(merge('r2')).then([]));

    it('refuses a locked space, saying so', () =>
      spec.given([created, locked]).when(merge('r1')).thenThrows(Forbidden, /locked/));

    it('refuses a deleted space', () => spec.given([created, deleted]).when(merge('r1')).thenThrows(Conflict));

    it('takes a merge decided within its lease on the request', () =>
      spec.given([created]).when({ ...merge('r1'), leaseUntil: '2026-01-01T00:00:00.001Z' }).then([mergedEvent]));

    it('refuses a merge decided once its lease ran out (its mark may be released by then)', () =>
      spec.given([created]).when({ ...merge('r1'), leaseUntil: t0 }).thenThrows(MergeLeaseExpired));

    it('keeps main\'s revision and tree in its state', () => {
      const state = [created, mergedEvent].reduce(spaceDecider.evolve, spaceDecider.initialState);
      expect(state).toMatchObject({ revision: 'r2', tree: 't2', merged: ['cr1'] });
      expect([created].reduce(spaceDecider.evolve, spaceDecider.initialState)).toMatchObject({ revision: 'r1', tree: EMPTY_TREE_HASH });
    });
  });

  describe('editing main directly (a template applied to the space)', () => {
    const revision = { id: 'r2', type: 'edits' as const, parents: ['r1'], tree: 't2', createdBy: 'u1', createdAt: t0 };
    const edit = (basedOn: string, tree = 't2') => ({ type: 'EditMain' as const, basedOn, revision: { ...revision, tree }, now: t0 });
    const edited: SpaceEvent = { type: 'SpaceContentChanged', data: { ...ids, revision, changedAt: t0 } };
    const locked: SpaceEvent = { type: 'SpaceUpdated', data: { ...ids, changes: { editMode: 'locked' }, before: { editMode: 'live' }, updatedAt: t0 } };

    it('moves main to the edit revision, naming no change request', () => spec.given([created]).when(edit('r1')).then([edited]));

    it('refuses an edit computed on a main that has moved since (StaleMain: compute it again)', () =>
      spec.given([created, edited]).when(edit('r1', 't3')).thenThrows(StaleMain));

    it('writes nothing when the edit leaves main\'s tree as it is', () => spec.given([created, edited]).when(edit('r2', 't2')).then([]));

    it('refuses a locked space, saying so, and a deleted one', () => {
      spec.given([created, locked]).when(edit('r1')).thenThrows(Forbidden, /locked/);
      spec.given([created, deleted]).when(edit('r1')).thenThrows(Conflict, /restore it first/);
      spec.given([]).when(edit('r1')).thenThrows(NotFound);
    });

    it('keeps main\'s new revision and tree, and no merged request, in its state', () =>
      expect([created, edited].reduce(spaceDecider.evolve, spaceDecider.initialState)).toMatchObject({ revision: 'r2', tree: 't2', merged: [] }));
  });
});
