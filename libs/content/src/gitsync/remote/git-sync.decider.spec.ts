import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { fold } from '@folio/platform/domain/decider';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { GitSyncCommand, gitSyncDecider, InstallationChanged, providerOf } from './git-sync.decider';
import { GitOperationRequest, GitSyncConnection, GitSyncEvent } from './git-sync.events';

const spec = deciderSpec(gitSyncDecider);
const now = '2026-01-01T00:00:00.000Z';
const space = { spaceId: 'sp1', organizationId: 'o1' };
const sealed: Sealed = { alg: 'A256GCM', iv: 'iv', tag: 'tag', data: 'data' };
const commit = { oid: 'a'.repeat(40), message: 'Docs', ref: 'refs/heads/main' };

const importing = (fields: Partial<GitOperationRequest> = {}): GitOperationRequest => ({
  direction: 'import',
  url: 'https://git.example.com/docs.git',
  ref: 'refs/heads/main',
  force: false,
  standalone: false,
  ...fields,
});
const request = (operationId: string, fields: Partial<GitOperationRequest> = {}, extra: Partial<Extract<GitSyncCommand, { type: 'RequestOperation' }>> = {}): GitSyncCommand => ({
  type: 'RequestOperation',
  ...space,
  installationId: 'i1',
  operationId,
  request: importing(fields),
  credentials: sealed,
  actor: 'u1',
  now,
  ...extra,
});
const installed = (provider: 'github' | 'gitlab' = 'gitlab'): GitSyncEvent => ({ type: 'GitSyncInstalled', data: { ...space, installationId: 'i1', provider, installedAt: now } });
const requested = (operationId: string, fields: Partial<GitOperationRequest> = {}): GitSyncEvent => ({
  type: 'GitSyncOperationRequested',
  data: { ...importing(fields), ...space, installationId: 'i1', operationId, credentials: sealed, requestedBy: 'u1', requestedAt: now },
});
const started = (operationId: string): GitSyncEvent => ({ type: 'GitSyncOperationStarted', data: { spaceId: 'sp1', operationId, startedAt: now } });
const succeeded = (operationId: string, fields: object = { commit, revision: 'r1' }): GitSyncEvent => ({
  type: 'GitSyncOperationSucceeded',
  data: { spaceId: 'sp1', operationId, direction: 'import', endedAt: now, ...fields },
});
const failed = (operationId: string): GitSyncEvent => ({ type: 'GitSyncOperationFailed', data: { spaceId: 'sp1', operationId, endedAt: now, error: 'unreachable', timedOut: false } });

const start = (operationId: string): GitSyncCommand => ({ type: 'StartOperation', operationId, now });
const succeed = (operationId: string): GitSyncCommand => ({ type: 'SucceedOperation', operationId, commit, revision: 'r1', now });
const fail = (operationId: string): GitSyncCommand => ({ type: 'FailOperation', operationId, error: 'unreachable', timedOut: false, now });

describe('Git Sync decider', () => {
  describe('requests', () => {
    it('installs with the first operation (gitlab for a host other than github.com)', () => spec.given([]).when(request('op1')).then([installed(), requested('op1')]));
    it('installs as github for a github.com URL', () =>
      spec.given([]).when(request('op1', { url: 'https://github.com/o/docs.git' })).then([installed('github'), requested('op1', { url: 'https://github.com/o/docs.git' })]));
    it("installs as gitInfo's provider when the request names one", () =>
      spec.given([]).when(request('op1', {}, { provider: 'github' })).then([installed('github'), requested('op1')]));
    it('keeps the installation for later operations', () => spec.given([installed(), requested('op1')]).when(request('op2')).then([requested('op2')]));
    it('refuses a request made for another installation (a race)', () => spec.given([installed()]).when(request('op2', {}, { installationId: 'i2' })).thenThrows(InstallationChanged));
    it('tells providers apart by host', () => {
      expect(providerOf('https://github.com/o/r.git')).toBe('github');
      expect(providerOf('https://gitlab.com/o/r.git')).toBe('gitlab');
      expect(providerOf('http://127.0.0.1:8080/r.git')).toBe('gitlab');
    });
  });

  describe('running', () => {
    it('starts a requested operation', () => spec.given([installed(), requested('op1')]).when(start('op1')).then([started('op1')]));
    it('records nothing when a resumed operation starts again', () => spec.given([installed(), requested('op1'), started('op1')]).when(start('op1')).then([]));
    it('records a success', () => spec.given([installed(), requested('op1'), started('op1')]).when(succeed('op1')).then([succeeded('op1')]));
    it('records a failure', () => spec.given([installed(), requested('op1'), started('op1')]).when(fail('op1')).then([failed('op1')]));
    it('refuses a second result', () => {
      spec.given([installed(), requested('op1'), started('op1'), succeeded('op1')]).when(fail('op1')).thenThrows(Conflict, /not running/);
      spec.given([installed(), requested('op1'), started('op1'), failed('op1')]).when(succeed('op1')).thenThrows(Conflict, /not running/);
    });
    it('refuses to start an ended operation', () => spec.given([installed(), requested('op1'), started('op1'), succeeded('op1')]).when(start('op1')).thenThrows(Conflict));
    it('refuses a result for an operation never requested', () => {
      spec.given([]).when(succeed('op9')).thenThrows(Conflict);
      spec.given([installed(), requested('op1')]).when(succeed('op9')).thenThrows(Conflict);
    });
    it("records an import's change request once, for a running import only", () => {
      const prepare: GitSyncCommand = { type: 'PrepareImport', operationId: 'op1', changeRequestId: 'cr1', now };
      const prepared: GitSyncEvent = { type: 'GitSyncImportPrepared', data: { spaceId: 'sp1', operationId: 'op1', changeRequestId: 'cr1', preparedAt: now } };
      spec.given([installed(), requested('op1'), started('op1')]).when(prepare).then([prepared]);
      spec.given([installed(), requested('op1'), started('op1'), prepared]).when(prepare).thenThrows(Conflict, /already/);
      spec.given([installed(), requested('op1')]).when(prepare).thenThrows(Conflict, /not a running import/);
      spec.given([installed(), requested('op1', { direction: 'export' }), started('op1')]).when(prepare).thenThrows(Conflict, /not a running import/);
    });
    it('keeps operations requested together apart', () =>
      spec.given([installed(), requested('op1'), requested('op2'), started('op1'), succeeded('op1')]).when(start('op2')).then([started('op2')]));
  });

  describe('the last import', () => {
    const lastImport = (events: GitSyncEvent[]) => {
      const state = fold(gitSyncDecider, events);
      return state.status === 'installed' ? state.lastImport : undefined;
    };
    it("keeps a merged import's commit and revision as the next one's base", () =>
      expect(lastImport([installed(), requested('op1'), started('op1'), succeeded('op1')])).toEqual({ oid: commit.oid, revision: 'r1' }));
    it('keeps neither a standalone import nor an export as a base', () => {
      expect(lastImport([installed(), requested('op1', { standalone: true }), started('op1'), succeeded('op1')])).toBeUndefined();
      expect(lastImport([installed(), requested('op1', { direction: 'export' }), started('op1'), succeeded('op1')])).toBeUndefined();
    });
  });

  describe('timestamps', () => {
    const at = (n: number) => `2026-02-0${n}T00:00:00.000Z`;
    const applied = [installed(), requested('op1', { timestamp: at(5) }), started('op1'), succeeded('op1')];
    it('skips an operation older than the last applied one', () =>
      spec.given([...applied, requested('op2', { timestamp: at(4) })]).when(start('op2')).then([started('op2'), succeeded('op2', { skipped: true })]));
    it('runs a newer one, and one without a timestamp', () => {
      spec.given([...applied, requested('op2', { timestamp: at(6) })]).when(start('op2')).then([started('op2')]);
      spec.given([...applied, requested('op2')]).when(start('op2')).then([started('op2')]);
    });
    it('compares instants, not strings', () =>
      spec.given([...applied, requested('op2', { timestamp: '2026-02-05T01:00:00+02:00' })]).when(start('op2')).then([started('op2'), succeeded('op2', { skipped: true })]));
    it('counts neither a failed nor a skipped operation as applied', () => {
      const failedNewer = [installed(), requested('op1', { timestamp: at(8) }), started('op1'), failed('op1')];
      spec.given([...failedNewer, requested('op2', { timestamp: at(4) })]).when(start('op2')).then([started('op2')]);
      const skipped = [...applied, requested('op2', { timestamp: at(3) }), started('op2'), succeeded('op2', { skipped: true })];
      spec.given([...skipped, requested('op3', { timestamp: at(4) })]).when(start('op3')).then([started('op3'), succeeded('op3', { skipped: true })]);
    });
  });

  describe('connection (PUT/DELETE git-sync) and Folio → Git pushes', () => {
    const connection: GitSyncConnection = { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', provider: 'github', priority: 'gitbook', commitMessageTemplate: '{subject}' };
    const secret: Sealed = { ...sealed, data: 'secret' };
    const connect = (operationId: string, fields: Partial<GitSyncConnection> = {}, installationId = 'i1'): GitSyncCommand => ({
      type: 'Connect', ...space, installationId, connection: { ...connection, ...fields }, credentials: sealed, webhookSecret: secret, operationId, actor: 'u1', now,
    });
    const connected = (firstSync: string, fields: Partial<GitSyncConnection> = {}, withSecret = true): GitSyncEvent => ({
      type: 'GitSyncConnected',
      data: { ...connection, ...fields, spaceId: 'sp1', installationId: 'i1', credentials: sealed, ...(withSecret ? { webhookSecret: secret } : {}), firstSync, connectedBy: 'u1', connectedAt: now },
    });
    const exportRequested = (operationId: string): GitSyncEvent => ({
      type: 'GitSyncOperationRequested',
      data: { direction: 'export', url: connection.url, ref: connection.ref, force: false, standalone: false, commitMessage: 'Sync from Folio', ...space, installationId: 'i1', operationId, credentials: sealed, requestedBy: 'u1', requestedAt: now },
    });
    const github = (): GitSyncEvent => ({ type: 'GitSyncInstalled', data: { ...space, installationId: 'i1', provider: 'github', installedAt: now } });
    const firstSynced = [github(), connected('op1'), exportRequested('op1'), started('op1'), succeeded('op1', { direction: 'export', commit, revision: 'r1' })];
    const pushedCommit = { oid: 'c'.repeat(40), message: 'Fix', ref: 'refs/heads/main' };
    const recordPush = (revision: string, position: string): GitSyncCommand => ({ type: 'RecordPush', spaceId: 'sp1', revision, position, commit: pushedCommit, now });
    const pushed = (revision: string, position: string): GitSyncEvent => ({ type: 'GitSyncRevisionPushed', data: { spaceId: 'sp1', revision, position, commit: pushedCommit, pushedAt: now } });

    it('installs, connects with a webhook secret, and requests the first sync (gitbook: an export of main)', () =>
      spec.given([]).when(connect('op1')).then([github(), connected('op1'), exportRequested('op1')]));
    it("requests a forced import as the first sync when Git has priority, into the project directory", () =>
      spec.given([]).when(connect('op1', { priority: 'git', projectDirectory: 'docs' })).then([
        github(),
        connected('op1', { priority: 'git', projectDirectory: 'docs' }),
        { type: 'GitSyncOperationRequested', data: { direction: 'import', url: connection.url, ref: connection.ref, force: true, standalone: false, repoProjectDirectory: 'docs', ...space, installationId: 'i1', operationId: 'op1', credentials: sealed, requestedBy: 'u1', requestedAt: now } },
      ]));
    it("connects a space a one-off operation installed, keeping its installation", () =>
      spec.given([installed(), requested('op0')]).when(connect('op1')).then([connected('op1'), exportRequested('op1')]));
    it('reconfigures without a new webhook secret', () => spec.given(firstSynced).when(connect('op2')).then([connected('op2', {}, false), exportRequested('op2')]));
    it('refuses a connection sealed for another installation (a race)', () => spec.given([installed()]).when(connect('op1', {}, 'i2')).thenThrows(InstallationChanged));
    it('records a push after the first sync, once per revision', () => {
      spec.given(firstSynced).when(recordPush('r2', '10')).then([pushed('r2', '10')]);
      spec.given([...firstSynced, pushed('r2', '10')]).when(recordPush('r2', '10')).then([]);
      spec.given([...firstSynced, pushed('r2', '10')]).when(recordPush('r3', '11')).then([pushed('r3', '11')]);
    });
    it('records a refused push once, and counts it as handled', () => {
      const failedPush: GitSyncEvent = { type: 'GitSyncRevisionPushFailed', data: { spaceId: 'sp1', revision: 'r2', position: '10', error: 'the branch moved', failedAt: now } };
      spec.given(firstSynced).when({ type: 'FailPush', spaceId: 'sp1', revision: 'r2', position: '10', error: 'the branch moved', now }).then([failedPush]);
      spec.given([...firstSynced, failedPush]).when(recordPush('r2', '10')).then([]);
    });
    it('keeps the last synced commit as the next push parent', () => {
      const state = fold(gitSyncDecider, [...firstSynced, pushed('r2', '10')]);
      expect(state.status === 'installed' && state.connection).toMatchObject({ synced: { oid: pushedCommit.oid }, handled: { revision: 'r2', position: '10' }, webhookSecret: secret });
      const first = fold(gitSyncDecider, firstSynced);
      expect(first.status === 'installed' && first.connection).toMatchObject({ synced: { oid: commit.oid }, handled: { revision: 'r1' } });
    });
    it('refuses a push for a space not connected', () => spec.given([installed()]).when(recordPush('r2', '10')).thenThrows(Conflict));
    it('disconnects an installation, which then ends: pushes refused, a later request installs anew', () => {
      const disconnected: GitSyncEvent = { type: 'GitSyncDisconnected', data: { spaceId: 'sp1', installationId: 'i1', disconnectedBy: 'u1', disconnectedAt: now } };
      spec.given(firstSynced).when({ type: 'Disconnect', actor: 'u1', now }).then([disconnected]);
      spec.given([...firstSynced, disconnected]).when(recordPush('r2', '10')).thenThrows(Conflict);
      spec.given([...firstSynced, disconnected]).when(request('op9', {}, { installationId: 'i2' })).then([
        { type: 'GitSyncInstalled', data: { ...space, installationId: 'i2', provider: 'gitlab', installedAt: now } },
        { ...(requested('op9') as Extract<GitSyncEvent, { type: 'GitSyncOperationRequested' }>), data: { ...(requested('op9').data as object), installationId: 'i2' } } as GitSyncEvent,
      ]);
    });
    it('refuses to disconnect a space never connected', () => spec.given([]).when({ type: 'Disconnect', actor: 'u1', now }).thenThrows(NotFound));
    describe('pulls (Git → Folio)', () => {
      const synced = { oid: commit.oid, revision: 'r1' };
      const c2 = 'c'.repeat(40);
      const c3 = 'd'.repeat(40);
      const requestPull = (operationId: string, head: string): GitSyncCommand => ({ type: 'RequestPull', operationId, head, trigger: 'webhook', now });
      const pullRequested = (operationId: string, head: string): GitSyncEvent => ({ type: 'GitSyncPullRequested', data: { spaceId: 'sp1', operationId, head, trigger: 'webhook', requestedAt: now } });
      const prepared = (oid: string, changeRequestId: string, base = synced): GitSyncEvent => ({ type: 'GitSyncCommitPrepared', data: { spaceId: 'sp1', operationId: 'p1', oid, changeRequestId, base, preparedAt: now } });
      const prepare = (oid: string, changeRequestId: string): GitSyncCommand => ({ type: 'PrepareCommit', operationId: 'p1', oid, changeRequestId, base: synced, now });
      const gitCommit = { oid: c2, message: 'Edit in Git', ref: 'refs/heads/main', createdByGitBook: false };
      const importCommit = (oid: string, changeRequestId: string): GitSyncCommand => ({ type: 'ImportCommit', operationId: 'p1', oid, changeRequestId, revision: 'm2', synced: { oid, revision: 'm2' }, commit: gitCommit, now });
      const imported: GitSyncEvent = { type: 'GitSyncCommitImported', data: { spaceId: 'sp1', operationId: 'p1', oid: c2, changeRequestId: 'cr2', revision: 'm2', synced: { oid: c2, revision: 'm2' }, commit: gitCommit, importedAt: now } };
      const conflicted: GitSyncEvent = { type: 'GitSyncCommitConflicted', data: { spaceId: 'sp1', operationId: 'p1', oid: c2, changeRequestId: 'cr2', number: 4, head: 'h2', base: synced, conflictedAt: now } };
      const running = [...firstSynced, pullRequested('p1', c2), started('p1')];

      it('requests a pull when the branch is elsewhere than the synced commit', () => spec.given(firstSynced).when(requestPull('p1', c2)).then([pullRequested('p1', c2)]));
      it('asks for nothing at the synced commit, while a pull waits to start, or before the first sync', () => {
        spec.given(firstSynced).when(requestPull('p1', commit.oid)).then([]);
        spec.given([...firstSynced, pullRequested('p1', c2)]).when(requestPull('p2', c3)).then([]);
        spec.given(firstSynced.slice(0, -2)).when(requestPull('p1', c2)).then([]);
      });
      it('asks again once the waiting pull runs (it may have read the branch before the new head)', () => spec.given(running).when(requestPull('p2', c3)).then([pullRequested('p2', c3)]));
      it('refuses a pull for a space not connected', () => spec.given([installed()]).when(requestPull('p1', c2)).thenThrows(NotFound));
      it("records a commit's change request once, then its import, which moves the synced point and what was handled", () => {
        spec.given(running).when(prepare(c2, 'cr2')).then([prepared(c2, 'cr2')]);
        spec.given([...running, prepared(c2, 'cr2')]).when(importCommit(c2, 'cr2')).then([imported]);
        // A request made again (the one recorded was archived) replaces it: the old one no longer imports.
        spec.given([...running, prepared(c2, 'cr2')]).when(prepare(c2, 'cr9')).then([prepared(c2, 'cr9')]);
        spec.given([...running, prepared(c2, 'cr2'), prepared(c2, 'cr9')]).when(importCommit(c2, 'cr2')).thenThrows(Conflict);
        spec.given([...running, prepared(c2, 'cr2'), imported]).when(importCommit(c2, 'cr2')).thenThrows(Conflict);
        const state = fold(gitSyncDecider, [...running, prepared(c2, 'cr2'), imported]);
        expect(state.status === 'installed' && state.connection).toMatchObject({ synced: { oid: c2, revision: 'm2' }, handled: { revision: 'm2' } });
        expect(state.status === 'installed' && state.lastImport).toEqual({ oid: c2, revision: 'm2' });
      });
      it("keeps a commit's change request for the next pull when one fails midway", () => {
        const again = [...running, prepared(c2, 'cr2'), failed('p1'), pullRequested('p2', c2), started('p2')];
        const state = fold(gitSyncDecider, again);
        expect(state.status === 'installed' && state.connection?.preparing).toEqual({ oid: c2, changeRequestId: 'cr2', base: synced });
        spec
          .given(again)
          .when({ ...(importCommit(c2, 'cr2') as object), operationId: 'p2' } as GitSyncCommand)
          .then([{ ...imported, data: { ...(imported.data as object), operationId: 'p2' } } as GitSyncEvent]);
      });
      it('refuses commit steps outside a running pull', () => {
        spec.given([...firstSynced, pullRequested('p1', c2)]).when(prepare(c2, 'cr2')).thenThrows(Conflict);
        spec.given([...firstSynced, requested('op2'), started('op2')]).when({ ...(prepare(c2, 'cr2') as object), operationId: 'op2' } as GitSyncCommand).thenThrows(Conflict);
      });
      it('blocks on a conflict: pulls wait, the request merged resolves it once', () => {
        spec
          .given([...running, prepared(c2, 'cr2')])
          .when({ type: 'ConflictCommit', operationId: 'p1', oid: c2, changeRequestId: 'cr2', number: 4, head: 'h2', now })
          .then([conflicted]);
        const blocked = [...running, prepared(c2, 'cr2'), conflicted, failed('p1')];
        spec.given(blocked).when(requestPull('p2', c3)).then([]);
        const resolve = (changeRequestId: string): GitSyncCommand => ({ type: 'ResolveConflict', spaceId: 'sp1', changeRequestId, revision: 'm3', position: '20', synced: { oid: c3, revision: 'm3' }, commit: { oid: c3, message: 'Merge', ref: 'refs/heads/main' }, now });
        const resolvedEvent: GitSyncEvent = { type: 'GitSyncConflictResolved', data: { spaceId: 'sp1', revision: 'm3', position: '20', changeRequestId: 'cr2', synced: { oid: c3, revision: 'm3' }, commit: { oid: c3, message: 'Merge', ref: 'refs/heads/main' }, resolvedAt: now } };
        spec.given(blocked).when(resolve('cr9')).then([]);
        spec.given(blocked).when(resolve('cr2')).then([resolvedEvent]);
        spec.given([...blocked, resolvedEvent]).when(resolve('cr2')).then([]);
        const state = fold(gitSyncDecider, [...blocked, resolvedEvent]);
        expect(state.status === 'installed' && state.connection).toMatchObject({ synced: { oid: c3, revision: 'm3' }, handled: { revision: 'm3', position: '20' } });
        expect(state.status === 'installed' && state.connection?.blocked).toBeUndefined();
      });
      it('reports a force-push once, and asks no pull again for that head', () => {
        const diverged: GitSyncEvent = { type: 'GitSyncBranchDiverged', data: { spaceId: 'sp1', operationId: 'p1', head: c2, synced: commit.oid, detectedAt: now } };
        spec.given(running).when({ type: 'ReportDivergence', operationId: 'p1', head: c2, now }).then([diverged]);
        spec.given([...running, diverged, failed('p1')]).when(requestPull('p2', c2)).then([]);
        spec.given([...running, diverged, failed('p1')]).when(requestPull('p2', c3)).then([pullRequested('p2', c3)]);
      });
    });
  });
});
