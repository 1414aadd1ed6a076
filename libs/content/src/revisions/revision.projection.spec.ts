import { projectionSpec, stored } from '@folio/platform/testing/projection-spec';
import { ChangeRequestEvent, changeRequestStream } from '../change-requests/change-request.events';
import { SpaceEvent, spaceStream } from '../spaces/space.events';
import { EMPTY_TREE_HASH } from '@folio/kernel/tree/empty-tree';
import { GitSyncEvent, gitSyncStream } from '../gitsync/remote/git-sync.events';
import { RevisionRecord } from './revision.model';
import { RevisionDoc, revisionProjection, REVISIONS } from './revision.projection';

type Event = SpaceEvent | ChangeRequestEvent | GitSyncEvent;
const spec = projectionSpec<Event>(revisionProjection, {
  stream: (e) =>
    e.type.startsWith('GitSync') ? gitSyncStream(e.data.spaceId) : 'number' in e.data ? changeRequestStream(e.data.spaceId, e.data.number) : spaceStream(e.data.spaceId),
});
const t0 = '2026-01-01T00:00:00.000Z';
const t1 = '2026-01-02T00:00:00.000Z';
const t2 = '2026-01-03T00:00:00.000Z';
const TREE_A = 'a'.repeat(64);
const TREE_B = 'b'.repeat(64);
const TREE_C = 'c'.repeat(64);

const created = (spaceId: string, tree?: string): Event => ({
  type: 'SpaceCreated',
  data: {
    spaceId, organizationId: 'o1', parent: null, position: 'a0', visibility: 'private', revision: `r-${spaceId}`, ...(tree ? { tree } : {}),
    title: 'Docs', emoji: '', editMode: 'live', defaultLevel: 'inherit', language: null, mergeRules: { type: 'inherit' }, createdAt: t0,
  },
});
const record = (id: string, type: RevisionRecord['type'], parents: string[], tree: string, createdAt: string): RevisionRecord =>
  ({ id, type, parents, tree, createdBy: 'u2', createdAt });
const subject = { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1', number: 1 };
const crCreated: Event = { type: 'ChangeRequestCreated', data: { ...subject, subject: 'Intro', createdBy: 'u2', revision: 'r-s1', tree: EMPTY_TREE_HASH, createdAt: t1 } };
const edited = (revision: RevisionRecord): Event => ({
  type: 'ChangeRequestContentEdited',
  data: { ...subject, revision, touched: { pagesCreated: ['p1'], pagesUpdated: [], pagesDeleted: [], files: [] }, editedAt: revision.createdAt },
});
const updatedFromMain = (revision: RevisionRecord, mergedAncestor: string): Event => ({
  type: 'ChangeRequestUpdatedFromMain',
  data: { ...subject, revision, mergedAncestor, mergedAncestorTree: EMPTY_TREE_HASH, updatedAt: revision.createdAt },
});
const merged = (revision: RevisionRecord): Event => ({
  type: 'SpaceContentChanged',
  data: { spaceId: 's1', organizationId: 'o1', revision, changeRequest: { id: 'cr1', number: 1 }, changedAt: revision.createdAt },
});
const rollback = (revision: RevisionRecord): Event => ({ type: 'SpaceContentChanged', data: { spaceId: 's1', organizationId: 'o1', revision, changedAt: revision.createdAt } });
const transferred: Event = {
  type: 'SpaceTransferred',
  data: { spaceId: 's1', organizationId: 'o2', previousOrganizationId: 'o1', parent: null, previousParent: null, position: 'a1', transferredAt: t2 },
};
const purged = (spaceId: string): Event => ({ type: 'SpacePurged', data: { spaceId, organizationId: 'o1', deletedAt: t1, purgedAt: t2 } });

const first = (fields: Partial<RevisionDoc> = {}): RevisionDoc => ({
  id: 'r-s1', spaceId: 's1', organizationId: 'o1', type: 'edits', parents: [], tree: EMPTY_TREE_HASH, createdBy: 'ann', createdAt: t0,
  onMain: true, seq: '00000000000000000001', ...fields,
});

describe('revision projection', () => {
  it('records a new space\u2019s first revision: empty, by its creator, on main', () =>
    spec.given([stored(created('s1'), { metadata: { actor: 'ann' } })]).then(REVISIONS, [first()]));

  it('gives a duplicate\u2019s first revision its copied tree', () =>
    spec.given([stored(created('s1', TREE_A), { metadata: { actor: 'ann' } })]).thenDocument(REVISIONS, 'r-s1', first({ tree: TREE_A })));

  it('records a change request\u2019s revisions as its own, not main\u2019s; creating the request records none', () =>
    spec
      .given([
        stored(created('s1'), { metadata: { actor: 'ann' } }),
        crCreated,
        edited(record('r2', 'edits', ['r-s1'], TREE_A, t1)),
        updatedFromMain(record('r3', 'update', ['r2', 'r-s1'], TREE_B, t2), 'r-s1'),
      ])
      .then(REVISIONS, [
        first(),
        { id: 'r2', spaceId: 's1', organizationId: 'o1', type: 'edits', parents: ['r-s1'], tree: TREE_A, createdBy: 'u2', createdAt: t1,
          changeRequest: { id: 'cr1', number: 1 }, onMain: false, seq: '00000000000000000003' },
        { id: 'r3', spaceId: 's1', organizationId: 'o1', type: 'update', parents: ['r2', 'r-s1'], tree: TREE_B, createdBy: 'u2', createdAt: t2,
          changeRequest: { id: 'cr1', number: 1 }, onMain: false, seq: '00000000000000000004' },
      ]));

  it('records main\u2019s merge revision with the request it merged, and a rollback without one', () =>
    spec
      .given([stored(created('s1'), { metadata: { actor: 'ann' } }), merged(record('r4', 'merge', ['r-s1', 'r2'], TREE_C, t1)), rollback(record('r5', 'rollback', ['r4'], EMPTY_TREE_HASH, t2))])
      .then(REVISIONS, [
        first(),
        { id: 'r4', spaceId: 's1', organizationId: 'o1', type: 'merge', parents: ['r-s1', 'r2'], tree: TREE_C, createdBy: 'u2', createdAt: t1,
          changeRequest: { id: 'cr1', number: 1 }, onMain: true, seq: '00000000000000000002' },
        { id: 'r5', spaceId: 's1', organizationId: 'o1', type: 'rollback', parents: ['r4'], tree: EMPTY_TREE_HASH, createdBy: 'u2', createdAt: t2,
          onMain: true, seq: '00000000000000000003' },
      ]));

  it('lists a space\u2019s history on main, newest first, without its change requests\u2019 revisions or other spaces\u2019', () =>
    spec
      .given([
        created('s1'), created('s2'), crCreated, edited(record('r2', 'edits', ['r-s1'], TREE_A, t1)),
        merged(record('r4', 'merge', ['r-s1', 'r2'], TREE_A, t1)), rollback(record('r5', 'rollback', ['r4'], EMPTY_TREE_HASH, t2)),
      ])
      .thenFinds(REVISIONS, { filter: { spaceId: 's1', onMain: true }, sort: { field: 'seq', direction: 'desc' } }, ['r5', 'r4', 'r-s1']));

  it('keeps the Git commit a revision was imported from, on main and in a change request', async () => {
    const git = { oid: 'd'.repeat(40), message: 'Update docs', createdByGitBook: false, ref: 'refs/heads/main' };
    const events = [stored(created('s1'), { metadata: { actor: 'ann' } }), crCreated, edited({ ...record('r2', 'edits', ['r-s1'], TREE_A, t1), git }),
                    rollback({ ...record('r5', 'edits', ['r-s1'], TREE_B, t2), git })];
    await spec.given(events).thenDocument(REVISIONS, 'r2', { id: 'r2', spaceId: 's1', organizationId: 'o1', type: 'edits', parents: ['r-s1'], tree: TREE_A,
      createdBy: 'u2', createdAt: t1, git, changeRequest: { id: 'cr1', number: 1 }, onMain: false, seq: '00000000000000000003' });
    await spec.given(events).thenDocument(REVISIONS, 'r5', { id: 'r5', spaceId: 's1', organizationId: 'o1', type: 'edits', parents: ['r-s1'], tree: TREE_B,
      createdBy: 'u2', createdAt: t2, git, onMain: true, seq: '00000000000000000004' });
  });

  it("names a Git Sync operation's commit on the revision it made or exported; an import keeps a revision's own", async () => {
    const commit = { oid: 'e'.repeat(40), message: 'Publish', ref: 'refs/heads/main' };
    const succeeded = (direction: 'import' | 'export', revision: string): Event => ({
      type: 'GitSyncOperationSucceeded',
      data: { spaceId: 's1', operationId: `op-${revision}`, direction, endedAt: t2, commit, revision },
    });
    const own = { oid: 'd'.repeat(40), message: 'Update docs', createdByGitBook: false, ref: 'refs/heads/main' };
    const events = [created('s1'), crCreated, edited({ ...record('r2', 'edits', ['r-s1'], TREE_A, t1), git: own }), rollback(record('r5', 'edits', ['r-s1'], TREE_B, t2)),
                    succeeded('import', 'r5'), succeeded('export', 'r5'), succeeded('import', 'r2'), succeeded('import', 'r-s1')];
    await spec.given(events).thenDocument(REVISIONS, 'r5', { ...first({ id: 'r5', parents: ['r-s1'], tree: TREE_B, createdBy: 'u2', createdAt: t2, seq: '00000000000000000004' }), git: { ...commit, createdByGitBook: true } });
    await spec.given(events).thenDocument(REVISIONS, 'r2', { id: 'r2', spaceId: 's1', organizationId: 'o1', type: 'edits', parents: ['r-s1'], tree: TREE_A,
      createdBy: 'u2', createdAt: t1, git: own, changeRequest: { id: 'cr1', number: 1 }, onMain: false, seq: '00000000000000000003' });
    await spec.given(events).thenDocument(REVISIONS, 'r-s1', first({ git: { ...commit, createdByGitBook: false }, createdBy: 'actor1' }));
    await spec.given(events).thenRebuildsIdentically();
  });

  it("names the sync's pushed commit on main's revision, created by Folio", async () => {
    const commit = { oid: 'f'.repeat(40), message: 'Fix typo (#3)', ref: 'refs/heads/main' };
    const events: Event[] = [created('s1'), rollback(record('r5', 'edits', ['r-s1'], TREE_B, t2)),
      { type: 'GitSyncRevisionPushed', data: { spaceId: 's1', revision: 'r5', position: '2', commit, pushedAt: t2 } }];
    await spec.given(events).thenDocument(REVISIONS, 'r5', { ...first({ id: 'r5', parents: ['r-s1'], tree: TREE_B, createdBy: 'u2', createdAt: t2, seq: '00000000000000000002' }), git: { ...commit, createdByGitBook: true } });
    await spec.given(events).thenRebuildsIdentically();
  });

  it("names a pulled commit on main's revision its merge made (or Folio's merge commit), and a conflict's pushed resolution", async () => {
    const pulled = { oid: 'a'.repeat(40), message: 'Edit in Git', ref: 'refs/heads/main', createdByGitBook: false };
    const merge = { oid: 'd'.repeat(40), message: 'Merge', ref: 'refs/heads/main' };
    const events: Event[] = [
      created('s1'),
      rollback(record('r5', 'edits', ['r-s1'], TREE_B, t2)),
      { type: 'GitSyncCommitImported', data: { spaceId: 's1', operationId: 'p1', oid: pulled.oid, changeRequestId: 'cr1', revision: 'r5', synced: { oid: pulled.oid, revision: 'r5' }, commit: pulled, importedAt: t2 } },
      rollback(record('r6', 'edits', ['r5'], TREE_A, t2)),
      { type: 'GitSyncConflictResolved', data: { spaceId: 's1', revision: 'r6', position: '4', changeRequestId: 'cr2', synced: { oid: merge.oid, revision: 'r6' }, commit: merge, resolvedAt: t2 } },
      { type: 'GitSyncConflictResolved', data: { spaceId: 's1', revision: 'r-s1', position: '5', changeRequestId: 'cr3', synced: { oid: pulled.oid, revision: 'r-s1' }, error: 'the branch moved', resolvedAt: t2 } },
    ];
    await spec.given(events).thenDocument(REVISIONS, 'r5', { ...first({ id: 'r5', parents: ['r-s1'], tree: TREE_B, createdBy: 'u2', createdAt: t2, seq: '00000000000000000002' }), git: pulled });
    await spec.given(events).thenDocument(REVISIONS, 'r6', { ...first({ id: 'r6', parents: ['r5'], tree: TREE_A, createdBy: 'u2', createdAt: t2, seq: '00000000000000000004' }), git: { ...merge, createdByGitBook: true } });
    // A resolution whose push was refused names no commit.
    await spec.given(events).thenDocument(REVISIONS, 'r-s1', first({ createdBy: 'actor1' }));
    await spec.given(events).thenRebuildsIdentically();
  });

  it('sorts positions past 2^53 in log order', () =>
    spec
      .given([created('s1'), stored(rollback(record('r5', 'rollback', ['r-s1'], TREE_A, t2)), { position: '9007199254740993' })])
      .thenFinds(REVISIONS, { filter: { spaceId: 's1', onMain: true }, sort: { field: 'seq', direction: 'desc' } }, ['r5', 'r-s1']));

  it('moves a transferred space\u2019s revisions to its new organization', () =>
    spec
      .given([stored(created('s1'), { metadata: { actor: 'ann' } }), crCreated, edited(record('r2', 'edits', ['r-s1'], TREE_A, t1)), transferred])
      .thenFinds(REVISIONS, { filter: { organizationId: 'o2' } }, ['r-s1', 'r2']));

  it('forgets a purged space\u2019s revisions, and only that space\u2019s', () =>
    spec
      .given([stored(created('s1'), { metadata: { actor: 'ann' } }), created('s2'), edited(record('r2', 'edits', ['r-s1'], TREE_A, t1)), purged('s1')])
      .thenFinds(REVISIONS, {}, ['r-s2']));

  const history = [
    created('s1'), created('s2'), crCreated, edited(record('r2', 'edits', ['r-s1'], TREE_A, t1)),
    updatedFromMain(record('r3', 'update', ['r2', 'r-s1'], TREE_B, t1), 'r-s1'), merged(record('r4', 'merge', ['r-s1', 'r3'], TREE_C, t2)),
    rollback({ ...record('r6', 'edits', ['r4'], TREE_A, t2), git: { oid: 'e'.repeat(40), message: 'Import', createdByGitBook: true } }),
    transferred, purged('s2'),
  ];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
