import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { GitOperationRequest, GitSyncEvent, gitSyncStream } from './git-sync.events';
import { GIT_SYNC_STATES, GitSyncStateDoc, gitSyncProjection, repoNameOf } from './git-sync.projection';

const spec = projectionSpec<GitSyncEvent>(gitSyncProjection, { stream: (e) => gitSyncStream(e.data.spaceId) });

const at = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const commit = { oid: 'b'.repeat(40), message: 'Docs', ref: 'refs/heads/main' };
const request = (direction: 'import' | 'export', fields: Partial<GitOperationRequest> = {}): GitOperationRequest => ({
  direction,
  url: 'https://git.example.com/team/docs.git',
  ref: 'refs/heads/main',
  force: false,
  standalone: false,
  ...fields,
});

const installed = (spaceId = 'sp1'): GitSyncEvent => ({ type: 'GitSyncInstalled', data: { spaceId, organizationId: 'o1', installationId: `i-${spaceId}`, provider: 'gitlab', installedAt: at(1) } });
const requested = (operationId: string, direction: 'import' | 'export', when: string, fields: Partial<GitOperationRequest> = {}, spaceId = 'sp1'): GitSyncEvent => ({
  type: 'GitSyncOperationRequested',
  data: { ...request(direction, fields), spaceId, organizationId: 'o1', installationId: `i-${spaceId}`, operationId, credentials: null, requestedBy: 'u1', requestedAt: when },
});
const started = (operationId: string, when: string): GitSyncEvent => ({ type: 'GitSyncOperationStarted', data: { spaceId: 'sp1', operationId, startedAt: when } });
const succeeded = (operationId: string, when: string): GitSyncEvent => ({ type: 'GitSyncOperationSucceeded', data: { spaceId: 'sp1', operationId, direction: 'import', endedAt: when, commit, revision: 'r1' } });
const failed = (operationId: string, when: string, timedOut = false): GitSyncEvent => ({
  type: 'GitSyncOperationFailed',
  data: { spaceId: 'sp1', operationId, endedAt: when, error: 'the server did not answer', timedOut },
});

const stateDoc = (logPosition: string, fields: Partial<GitSyncStateDoc> = {}): GitSyncStateDoc => ({
  id: 'sp1',
  organizationId: 'o1',
  installationId: 'i-sp1',
  installationProvider: 'gitlab',
  installationStatus: 'pending',
  updatedAt: at(1),
  logPosition,
  ...fields,
});

/** An import that succeeds, an export requested while another is queued, the first export timing out after the second was requested. */
const history: GitSyncEvent[] = [
  installed(),
  requested('op1', 'import', at(2), { repoTreeURL: 'https://git.example.com/team/docs/tree/main' }),
  started('op1', at(3)),
  succeeded('op1', at(4)),
  requested('op2', 'export', at(5)),
  started('op2', at(6)),
  requested('op3', 'export', at(7)),
  failed('op2', at(8), true),
  installed('sp2'),
];

describe('Git Sync projection', () => {
  it('shows an installation with no operation yet', () => spec.given([installed()]).then(GIT_SYNC_STATES, [stateDoc('1')]));

  it('shows a requested operation as running since its request, then since it started', () => {
    const running = { id: 'op1', state: 'running' as const, direction: 'import' as const };
    return Promise.all([
      spec.given(history.slice(0, 2)).then(GIT_SYNC_STATES, [
        stateDoc('2', { url: 'https://git.example.com/team/docs/tree/main', repoName: 'team/docs', operation: { ...running, startedAt: at(2) }, updatedAt: at(2) }),
      ]),
      spec.given(history.slice(0, 3)).then(GIT_SYNC_STATES, [
        stateDoc('3', { url: 'https://git.example.com/team/docs/tree/main', repoName: 'team/docs', operation: { ...running, startedAt: at(3) }, updatedAt: at(3) }),
      ]),
    ]);
  });

  it('shows a success with its commit and revision', () =>
    spec.given(history.slice(0, 4)).then(GIT_SYNC_STATES, [
      stateDoc('4', {
        url: 'https://git.example.com/team/docs/tree/main',
        repoName: 'team/docs',
        operation: { id: 'op1', state: 'success', direction: 'import', startedAt: at(3), endedAt: at(4), commit, revision: 'r1' },
        updatedAt: at(4),
      }),
    ]));

  it('shows a failure and why', () =>
    spec.given([installed(), requested('op1', 'export', at(2)), started('op1', at(3)), failed('op1', at(4))]).then(GIT_SYNC_STATES, [
      stateDoc('4', {
        repoName: 'team/docs',
        operation: { id: 'op1', state: 'failure', direction: 'export', startedAt: at(3), endedAt: at(4), error: 'the server did not answer' },
        updatedAt: at(4),
      }),
    ]));

  it('keeps the latest request in the answer when an older operation ends after it', () =>
    spec.given(history).thenDocument(
      GIT_SYNC_STATES,
      'sp1',
      stateDoc('8', {
        url: 'https://git.example.com/team/docs/tree/main',
        repoName: 'team/docs',
        operation: { id: 'op3', state: 'running', direction: 'export', startedAt: at(7) },
        updatedAt: at(7),
      }),
    ));

  it('shows a timeout as such', () =>
    spec.given([installed(), requested('op1', 'export', at(2)), failed('op1', at(4), true)]).then(GIT_SYNC_STATES, [
      stateDoc('3', {
        repoName: 'team/docs',
        operation: { id: 'op1', state: 'timeout', direction: 'export', startedAt: at(2), endedAt: at(4), error: 'the server did not answer' },
        updatedAt: at(4),
      }),
    ]));

  it('names a repository by its path', () => {
    expect(repoNameOf('https://github.com/o/r.git')).toBe('o/r');
    expect(repoNameOf('http://127.0.0.1:9/git/r/')).toBe('git/r');
  });

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());

  describe('a connected sync', () => {
    const connected: GitSyncEvent = {
      type: 'GitSyncConnected',
      data: { url: 'https://git.example.com/team/docs.git', ref: 'refs/heads/main', provider: 'github', priority: 'gitbook', spaceId: 'sp1', installationId: 'i-sp1', credentials: null, firstSync: 'op1', connectedBy: 'u1', connectedAt: at(2) },
    };
    const pushedCommit = { oid: 'c'.repeat(40), message: 'Fix (#2)', ref: 'refs/heads/main' };
    const pushed: GitSyncEvent = { type: 'GitSyncRevisionPushed', data: { spaceId: 'sp1', revision: 'r2', position: '9', commit: pushedCommit, pushedAt: at(5) } };
    const refused: GitSyncEvent = { type: 'GitSyncRevisionPushFailed', data: { spaceId: 'sp1', revision: 'r3', position: '10', error: 'the branch moved', failedAt: at(6) } };
    const disconnected: GitSyncEvent = { type: 'GitSyncDisconnected', data: { spaceId: 'sp1', installationId: 'i-sp1', disconnectedBy: 'u1', disconnectedAt: at(7) } };
    const synced = [installed(), connected, requested('op1', 'export', at(2)), started('op1', at(3)), succeeded('op1', at(4))];

    it('shows the installation active, with its provider', () =>
      spec.given([installed(), connected]).then(GIT_SYNC_STATES, [stateDoc('2', { installationStatus: 'active', installationProvider: 'github', repoName: 'team/docs', updatedAt: at(2) })]));

    it('shows each push as the latest operation, an export with its commit and revision, or its failure', async () => {
      const base = { installationStatus: 'active' as const, installationProvider: 'github' as const, repoName: 'team/docs' };
      await spec.given([...synced, pushed]).then(GIT_SYNC_STATES, [
        stateDoc('6', { ...base, operation: { id: 'push-r2', state: 'success', direction: 'export', startedAt: at(5), endedAt: at(5), commit: pushedCommit, revision: 'r2' }, updatedAt: at(5) }),
      ]);
      await spec.given([...synced, pushed, refused]).then(GIT_SYNC_STATES, [
        stateDoc('7', { ...base, operation: { id: 'push-r3', state: 'failure', direction: 'export', startedAt: at(6), endedAt: at(6), error: 'the branch moved', revision: 'r3' }, updatedAt: at(6) }),
      ]);
    });

    it('forgets a disconnected installation (info answers 404), and shows a later one anew', async () => {
      await spec.given([...synced, pushed, disconnected]).then(GIT_SYNC_STATES, []);
      await spec.given([...synced, disconnected, installed()]).then(GIT_SYNC_STATES, [stateDoc('7')]);
    });

    describe('pulls (Git → Folio)', () => {
      const base = { installationStatus: 'active' as const, installationProvider: 'github' as const, repoName: 'team/docs' };
      const pullRequested: GitSyncEvent = { type: 'GitSyncPullRequested', data: { spaceId: 'sp1', operationId: 'p1', head: commit.oid, trigger: 'webhook', requestedAt: at(5) } };
      const pullStarted: GitSyncEvent = { type: 'GitSyncOperationStarted', data: { spaceId: 'sp1', operationId: 'p1', startedAt: at(6) } };
      const pullFailed: GitSyncEvent = { type: 'GitSyncOperationFailed', data: { spaceId: 'sp1', operationId: 'p1', endedAt: at(7), error: 'commit bbbbbbbbbbbb conflicts with main', timedOut: false } };
      const mergeCommit = { oid: 'd'.repeat(40), message: 'Merge', ref: 'refs/heads/main' };
      const resolved = (commit?: typeof mergeCommit): GitSyncEvent => ({
        type: 'GitSyncConflictResolved',
        data: { spaceId: 'sp1', revision: 'm3', position: '12', changeRequestId: 'cr2', synced: { oid: (commit ?? pushedCommit).oid, revision: 'm3' }, ...(commit ? { commit } : { error: 'the branch moved' }), resolvedAt: at(8) },
      });

      it('shows a pull as an import, running from its request, then its end', async () => {
        await spec.given([...synced, pullRequested]).then(GIT_SYNC_STATES, [stateDoc('6', { ...base, operation: { id: 'p1', state: 'running', direction: 'import', startedAt: at(5) }, updatedAt: at(5) })]);
        await spec.given([...synced, pullRequested, pullStarted, pullFailed]).then(GIT_SYNC_STATES, [
          stateDoc('8', { ...base, operation: { id: 'p1', state: 'failure', direction: 'import', startedAt: at(6), endedAt: at(7), error: 'commit bbbbbbbbbbbb conflicts with main' }, updatedAt: at(7) }),
        ]);
      });

      it("shows a conflict's resolution as a push: its merge commit, or why it was refused", async () => {
        await spec.given([...synced, resolved(mergeCommit)]).then(GIT_SYNC_STATES, [
          stateDoc('6', { ...base, operation: { id: 'push-m3', state: 'success', direction: 'export', startedAt: at(8), endedAt: at(8), commit: mergeCommit, revision: 'm3' }, updatedAt: at(8) }),
        ]);
        await spec.given([...synced, resolved()]).then(GIT_SYNC_STATES, [
          stateDoc('6', { ...base, operation: { id: 'push-m3', state: 'failure', direction: 'export', startedAt: at(8), endedAt: at(8), error: 'the branch moved', revision: 'm3' }, updatedAt: at(8) }),
        ]);
      });

      it('is idempotent and rebuilt identically', async () => {
        await spec.given([...synced, pullRequested, pullStarted, pullFailed, resolved(mergeCommit)]).thenIdempotent();
        await spec.given([...synced, pullRequested, pullStarted, pullFailed, resolved()]).thenRebuildsIdentically();
      });
    });

    it('is idempotent and rebuilt identically', async () => {
      await spec.given([...synced, pushed, refused, disconnected, installed(), requested('op2', 'import', at(8))]).thenIdempotent();
      await spec.given([...synced, pushed, refused, installed('sp2')]).thenRebuildsIdentically();
    });
  });
});
