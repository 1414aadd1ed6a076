import { ChangeRequest, ChangeRequestStatus, GitBookAPI } from '@gitbook/api';
import Database from 'better-sqlite3';
import { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { spaceStream } from '@folio/content/spaces/space.events';
import { freePort } from '../../bench/children';
import { GitServer, GitServerRequest, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { exitOf, killGroup, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess, waitUntil } from '../support/processes';

const AUTH = { username: 'folio', password: 'pw-0f-the-crashed-sync' };
/** A sync through a real Git server by a process on a loaded machine: bounded generously. */
const SYNC_WAIT_MS = 60_000;
/** No poller: a pull comes from the webhook, and after a restart only from the mirror's checkpoint. */
const ENV = { FETCH_ALLOW_PRIVATE: 'true', GIT_SYNC_INTERVAL_S: '0' };

type Info = { operation?: { state: string; direction: string; error?: string; commit?: { oid: string } } };
type RevisionGit = { oid: string; message: string; createdByGitBook: boolean; ref?: string };

const pathOf = (request: GitServerRequest) => new URL(request.url, 'http://server').pathname;
/** A push's pack (the branch moves when the server has taken it). */
const isPush = (request: GitServerRequest) => request.method === 'POST' && pathOf(request).endsWith('/git-receive-pack');
/** A fetch's negotiation and pack (not a listing of the refs, also a POST to upload-pack in protocol v2). */
const isFetch = (request: GitServerRequest) => request.method === 'POST' && pathOf(request).endsWith('/git-upload-pack') && request.command === 'fetch';

/** The events of `stream`, read from the data directory while no API runs. */
async function eventsOf(dataDir: string, stream: string) {
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    return await events.readStream(stream);
  } finally {
    await events.close();
  }
}

/**
 * Whether the event log holds an event of `type` in `stream`, read while the API runs and writes (a reader of
 * its own on the SQLite log, which WAL lets read beside the writer), never through a read model that may lag.
 */
function logHolds(dataDir: string, stream: string, type: string): boolean {
  const db = new Database(join(dataDir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT 1 FROM events WHERE stream = ? AND type = ? LIMIT 1').get(stream, type) !== undefined;
  } finally {
    db.close();
  }
}

/**
 * kill -9 in the middle of a sync (issue 24's bar): Folio runs as a process on a data directory, the Git
 * server is `git http-backend`, and Folio with every git it spawned is killed at a moment the server chooses
 * (between its work on a request and its answer), never at a moment guessed on a clock. Restarted on the same
 * data directory, the sync resumes from its checkpoint and leaves neither a second commit nor a second
 * change request or revision.
 */
describe('Git Sync killed (-9) in the middle of a sync, restarted', () => {
  let dataDir: string;
  let git: GitServer | undefined;
  /** What the Git server does once its backend is done with a request and before it answers (see beforeAnswer). */
  let onAnswer: (request: GitServerRequest) => Promise<void> = async () => undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-git-crash-'));
  });
  afterEach(async () => {
    killStartedProcesses();
    onAnswer = async () => undefined;
    await git?.stop();
    git = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Folio started as a process leading its own group; an organization and a space whose main has two pages
   * (Welcome, Setup), connected with priority gitbook to an empty branch of a Git server the test started,
   * its first sync ended.
   */
  async function connectedSpace() {
    git = await startGitServer(AUTH, { beforeAnswer: (request) => onAnswer(request) });
    const server = git;
    const port = await freePort();
    const folio = await startApiProcess(dataDir, port, ENV, { ownGroup: true });
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const api = new GitBookAPI({ endpoint: `http://127.0.0.1:${port}`, authToken: token });
    const info = async (space: string) => {
      const { data } = await api.spaces.getSpaceGitInfo(space);
      expectMatchesSpec('GET', '/spaces/{spaceId}/git/info', 200, data);
      return data as Info;
    };
    /** A change request rewriting `page`'s document, merged: main's new revision. */
    const mergeEdit = async (space: string, page: string, markdown: string, subject: string) => {
      const { data: request } = await api.spaces.createChangeRequest(space, { subject });
      await api.spaces.updateChangeRequestContent(space, request.id, { changes: [{ operation: 'update_page', page, document: { markdown } }] } as never);
      expect((await api.spaces.mergeChangeRequest(space, request.id)).data.result).toBe('merge');
      return (await api.spaces.getCurrentRevision(space)).data.id;
    };

    const { data: org } = await api.orgs.createOrganization({ title: 'Acme' });
    const { data: space } = await api.orgs.createSpace(org.id, { title: 'Handbook' });
    const { data: seed } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
    const written = await api.spaces.updateChangeRequestContent(
      space.id,
      seed.id,
      {
        changes: [
          { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Read the guides.\n' } },
          { operation: 'insert_page', title: 'Setup', document: { markdown: 'Install it.\n' } },
        ],
      } as never,
      { compat: false },
    );
    const [welcome, setup] = (written.data as unknown as { changes: { page: { id: string } }[] }).changes.map((change) => change.page.id);
    expect((await api.spaces.mergeChangeRequest(space.id, seed.id)).data.result).toBe('merge');

    await server.createRepository('synced');
    // PUT …/git-sync is Folio's addition, not in the client.
    const connected = await fetch(`http://127.0.0.1:${port}/v1/spaces/${space.id}/git-sync`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: server.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } }),
    });
    expect(connected.status).toBe(200);
    const { webhookSecret } = (await connected.json()) as { webhookSecret: string };
    await waitUntil(async () => ((await info(space.id)).operation?.state ?? 'running') !== 'running', 'the first sync to end', SYNC_WAIT_MS);
    expect((await info(space.id)).operation).toMatchObject({ state: 'success', direction: 'export' });

    const head = async () => (await server.git('synced', ['rev-parse', 'refs/heads/main'])).trim();
    const commitCount = async () => Number((await server.git('synced', ['rev-list', '--count', 'refs/heads/main'])).trim());
    return { server, port, folio, api, info, mergeEdit, webhookSecret, spaceId: space.id, pages: { welcome, setup }, head, commitCount, synced: { head: await head(), commits: await commitCount() } };
  }

  /** SIGKILL to Folio's group (Folio and the git it runs), waited for: the answer held meanwhile goes nowhere. */
  async function crash(folio: ChildProcess) {
    killGroup(folio);
    await exitOf(folio);
  }

  it(
    'Folio → Git: killed once the server took the push and before Folio heard it, records that commit after a restart and pushes nothing again',
    async () => {
      const { port, folio, api, info, mergeEdit, spaceId, pages, head, commitCount, synced, server } = await connectedSpace();

      // The server takes the merge's push (the branch moves); before it answers, Folio and its git die.
      let killed = false;
      onAnswer = async (request) => {
        if (!isPush(request) || killed) return;
        killed = true;
        await crash(folio);
      };
      const merged = await mergeEdit(spaceId, pages.setup, 'Install it with apt.\n', 'Setup: apt');
      await waitUntil(async () => folio.signalCode !== null, 'Folio killed at the push', SYNC_WAIT_MS);
      expect(folio.signalCode).toBe('SIGKILL');

      // The crash's window, as the kill left it: the commit is on the branch, Folio has not recorded it.
      const pushed = await head();
      expect(pushed).not.toBe(synced.head);
      expect(await commitCount()).toBe(synced.commits + 1);
      expect(await server.git('synced', ['log', '-1', '--format=%B', pushed])).toContain(`Folio-Revision: ${merged}`);
      expect((await eventsOf(dataDir, gitSyncStream(spaceId))).filter((event) => event.type === 'GitSyncRevisionPushed')).toEqual([]);

      const restartedAt = server.requests.length;
      const second = await startApiProcess(dataDir, port, ENV, { ownGroup: true });
      let recorded: RevisionGit | undefined;
      // Recorded as pushed, or (a second push refused by the moved branch) as failed: either ends the wait.
      await waitUntil(
        async () => (recorded = (await api.spaces.getRevisionById(spaceId, merged)).data.git as RevisionGit | undefined) !== undefined || (await info(spaceId)).operation?.state === 'failure',
        'the restarted sync to record the push',
        SYNC_WAIT_MS,
      );
      expect(recorded).toMatchObject({ oid: pushed, createdByGitBook: true, ref: 'refs/heads/main', message: expect.stringContaining('Setup: apt') });
      expect((await info(spaceId)).operation).toMatchObject({ state: 'success', direction: 'export', commit: { oid: pushed } });
      expect(await head()).toBe(pushed);
      expect(await commitCount()).toBe(synced.commits + 1);
      // The restart looked at the branch (its head carries the revision's trailer) and pushed nothing.
      expect(server.requests.slice(restartedAt).filter(isPush)).toEqual([]);
      expect(server.requests.slice(restartedAt).length).toBeGreaterThan(0);

      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);
      const events = await eventsOf(dataDir, gitSyncStream(spaceId));
      expect(events.filter((event) => event.type === 'GitSyncRevisionPushed').map((event) => event.data)).toEqual([expect.objectContaining({ revision: merged, commit: expect.objectContaining({ oid: pushed }) })]);
      expect(events.filter((event) => event.type === 'GitSyncRevisionPushFailed')).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'Git → Folio: killed once the server made the pack of a pulled commit and before Folio got it, brings that commit in once after a restart',
    async () => {
      const { port, folio, api, info, spaceId, pages, head, commitCount, synced, server, webhookSecret } = await connectedSpace();
      const setupFile = await server.git('synced', ['show', 'refs/heads/main:setup.md']);
      expect(setupFile).toContain('Install it.');
      const pulled = await server.commit('synced', { files: { 'setup.md': setupFile.replace('Install it.', 'Install it from Git.') }, message: 'Setup: from Git', author: { name: 'Gil', email: 'gil@acme.io' } });
      const requestsOf = async (status: ChangeRequestStatus) => (await api.spaces.listChangeRequestsForSpace(spaceId, { status })).data.items.filter((request: ChangeRequest) => request.subject === 'Setup: from Git');
      const requests = async () => [...(await requestsOf(ChangeRequestStatus.Draft)), ...(await requestsOf(ChangeRequestStatus.Open)), ...(await requestsOf(ChangeRequestStatus.Merged))];

      // GitLab's push webhook asks for a pull; the pull records the commit's change request, then fetches the
      // commit to read it in: the fetch's pack is made, and before the server answers, Folio and its git die.
      let killed = false;
      onAnswer = async (request) => {
        if (!isFetch(request) || killed || !logHolds(dataDir, gitSyncStream(spaceId), 'GitSyncCommitPrepared')) return;
        killed = true;
        await crash(folio);
      };
      const push = JSON.stringify({ object_kind: 'push', event_name: 'push', ref: 'refs/heads/main', before: synced.head, after: pulled, checkout_sha: pulled, project: { path_with_namespace: 'acme/synced' }, commits: [] });
      const hook = await fetch(`http://127.0.0.1:${port}/v1/git-sync/hooks/${spaceId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': webhookSecret }, body: push });
      expect(hook.status).toBe(202);
      await waitUntil(async () => folio.signalCode !== null, 'Folio killed at the pull', SYNC_WAIT_MS);
      expect(folio.signalCode).toBe('SIGKILL');

      // The crash's window: the commit's change request is recorded, nothing of the commit imported.
      const before = await eventsOf(dataDir, gitSyncStream(spaceId));
      expect(before.filter((event) => event.type === 'GitSyncCommitPrepared').map((event) => event.data.oid)).toEqual([pulled]);
      expect(before.filter((event) => event.type === 'GitSyncCommitImported')).toEqual([]);
      const contentChanges = (await eventsOf(dataDir, spaceStream(spaceId))).filter((event) => event.type === 'SpaceContentChanged').length;

      const restartedAt = server.requests.length;
      const second = await startApiProcess(dataDir, port, ENV, { ownGroup: true });
      await waitUntil(async () => (await info(spaceId)).operation?.state !== 'running', 'the restarted pull to end', SYNC_WAIT_MS);
      expect((await info(spaceId)).operation).toMatchObject({ state: 'success', direction: 'import', commit: { oid: pulled } });
      // One change request for the commit, merged; main's revision is the commit's.
      const [request, ...others] = await requests();
      expect(others).toEqual([]);
      expect(request.status).toBe('merged');
      const { data: current } = await api.spaces.getCurrentRevision(spaceId);
      expect((await api.spaces.getRevisionById(spaceId, current.id)).data.git).toMatchObject({ oid: pulled, createdByGitBook: false, ref: 'refs/heads/main', message: expect.stringContaining('Setup: from Git') });
      expect((await api.spaces.getPageById(spaceId, pages.setup, { format: 'markdown' } as never)).data).toMatchObject({ markdown: expect.stringContaining('Install it from Git.') });
      // Main is the commit's content: nothing went back to the branch.
      expect(await head()).toBe(pulled);
      expect(await commitCount()).toBe(synced.commits + 1);
      expect(server.requests.slice(restartedAt).filter(isPush)).toEqual([]);

      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);
      const events = await eventsOf(dataDir, gitSyncStream(spaceId));
      expect(events.filter((event) => event.type === 'GitSyncCommitPrepared')).toHaveLength(1);
      expect(events.filter((event) => event.type === 'GitSyncCommitImported').map((event) => event.data.oid)).toEqual([pulled]);
      // One new main revision after the restart: the commit's request merged.
      expect((await eventsOf(dataDir, spaceStream(spaceId))).filter((event) => event.type === 'SpaceContentChanged')).toHaveLength(contentChanges + 1);
    },
    PROCESS_TEST_TIMEOUT_MS * 2,
  );
});
