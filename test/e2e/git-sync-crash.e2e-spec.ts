import { GitBookAPI } from '@gitbook/api';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { freePort } from '../../bench/children';
import { GitServer, GitServerRequest, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { exitOf, killGroup, killStartedProcesses, PROCESS_TEST_TIMEOUT_MS, startApiProcess, waitUntil } from '../support/processes';

const AUTH = { username: 'folio', password: 'pw-0f-the-crashed-sync' };
/** A sync through a real Git server by a process on a loaded machine: bounded generously. */
const SYNC_WAIT_MS = 60_000;

type Info = { operation?: { state: string; direction: string; error?: string; commit?: { oid: string } } };
type RevisionGit = { oid: string; message: string; createdByGitBook: boolean; ref?: string };

const isPush = (request: GitServerRequest) => request.method === 'POST' && new URL(request.url, 'http://server').pathname.endsWith('/git-receive-pack');

/** The events of the space's Git Sync stream, read from the data directory while no API runs. */
async function gitSyncEvents(dataDir: string, spaceId: string) {
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    return await events.readStream(gitSyncStream(spaceId));
  } finally {
    await events.close();
  }
}

/**
 * kill -9 in the middle of a sync (issue 24's bar): Folio runs as a process on a data directory, the Git
 * server is `git http-backend`, and Folio with every git it spawned is killed at a moment the server chooses,
 * never at a moment guessed on a clock. Restarted on the same data directory, the sync resumes from its
 * checkpoint and leaves neither a second commit nor a second revision.
 */
describe('Git Sync killed (-9) in the middle of a sync, restarted', () => {
  let dataDir: string;
  let git: GitServer;
  /** What the Git server does once its backend is done with a request and before it answers (see beforeAnswer). */
  let onAnswer: (request: GitServerRequest) => Promise<void> = async () => undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-git-crash-'));
    git = await startGitServer(AUTH, { beforeAnswer: (request) => onAnswer(request) });
  });
  afterEach(async () => {
    killStartedProcesses();
    onAnswer = async () => undefined;
    await git.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'Folio → Git: killed once the server took the push and before Folio heard it, records that commit after a restart and pushes nothing again',
    async () => {
      const port = await freePort();
      const env = { FETCH_ALLOW_PRIVATE: 'true' };
      const first = await startApiProcess(dataDir, port, env, { ownGroup: true });
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      const api = new GitBookAPI({ endpoint: `http://127.0.0.1:${port}`, authToken: token });
      // PUT …/git-sync is Folio's addition, not in the client.
      const connect = (spaceId: string, body: unknown) =>
        fetch(`http://127.0.0.1:${port}/v1/spaces/${spaceId}/git-sync`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const info = async (space: string) => {
        const { data } = await api.spaces.getSpaceGitInfo(space);
        expectMatchesSpec('GET', '/spaces/{spaceId}/git/info', 200, data);
        return data as Info;
      };
      const head = async () => (await git.git('synced', ['rev-parse', 'refs/heads/main'])).trim();
      const commitCount = async () => Number((await git.git('synced', ['rev-list', '--count', 'refs/heads/main'])).trim());

      const { data: org } = await api.orgs.createOrganization({ title: 'Acme' });
      const { data: space } = await api.orgs.createSpace(org.id, { title: 'Handbook' });
      const { data: seed } = await api.spaces.createChangeRequest(space.id, { subject: 'Pages' });
      const written = await api.spaces.updateChangeRequestContent(space.id, seed.id, {
        changes: [
          { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Read the guides.\n' } },
          { operation: 'insert_page', title: 'Setup', document: { markdown: 'Install it.\n' } },
        ],
      } as never, { compat: false });
      const setup = (written.data as unknown as { changes: { page: { id: string } }[] }).changes[1].page.id;
      expect((await api.spaces.mergeChangeRequest(space.id, seed.id)).data.result).toBe('merge');

      await git.createRepository('synced');
      const connected = await connect(space.id, {
        url: git.url('synced'),
        ref: 'refs/heads/main',
        provider: 'gitlab',
        priority: 'gitbook',
        auth: { username: AUTH.username, token: AUTH.password },
      });
      expect(connected.status).toBe(200);
      await waitUntil(async () => ((await info(space.id)).operation?.state ?? 'running') !== 'running', 'the first sync to end', SYNC_WAIT_MS);
      expect((await info(space.id)).operation).toMatchObject({ state: 'success', direction: 'export' });
      const synced = { head: await head(), commits: await commitCount() };

      // The server takes the merge's push (the branch moves), then, before answering, Folio and its git die.
      let killed = false;
      onAnswer = async (request) => {
        if (!isPush(request) || killed) return;
        killed = true;
        killGroup(first);
        await exitOf(first);
      };
      const { data: edit } = await api.spaces.createChangeRequest(space.id, { subject: 'Setup: apt' });
      await api.spaces.updateChangeRequestContent(space.id, edit.id, { changes: [{ operation: 'update_page', page: setup, document: { markdown: 'Install it with apt.\n' } }] } as never);
      expect((await api.spaces.mergeChangeRequest(space.id, edit.id)).data.result).toBe('merge');
      const merged = (await api.spaces.getCurrentRevision(space.id)).data.id;
      await waitUntil(async () => first.exitCode !== null || first.signalCode !== null, 'Folio killed at the push', SYNC_WAIT_MS);
      expect(first.signalCode).toBe('SIGKILL');

      // The crash's window, as the kill left it: the commit is on the branch, Folio has not recorded it.
      const pushed = await head();
      expect(pushed).not.toBe(synced.head);
      expect(await commitCount()).toBe(synced.commits + 1);
      expect(await git.git('synced', ['log', '-1', '--format=%B', pushed])).toContain(`Folio-Revision: ${merged}`);
      expect((await gitSyncEvents(dataDir, space.id)).filter((event) => event.type === 'GitSyncRevisionPushed')).toEqual([]);

      const restartedAt = git.requests.length;
      const second = await startApiProcess(dataDir, port, env, { ownGroup: true });
      let recorded: RevisionGit | undefined;
      // Recorded as pushed, or (a second push refused by the moved branch) as failed: either ends the wait.
      await waitUntil(
        async () => (recorded = (await api.spaces.getRevisionById(space.id, merged)).data.git as RevisionGit | undefined) !== undefined || (await info(space.id)).operation?.state === 'failure',
        'the restarted sync to record the push',
        SYNC_WAIT_MS,
      );
      expect(recorded).toMatchObject({ oid: pushed, createdByGitBook: true, ref: 'refs/heads/main', message: expect.stringContaining('Setup: apt') });
      expect((await info(space.id)).operation).toMatchObject({ state: 'success', direction: 'export', commit: { oid: pushed } });
      expect(await head()).toBe(pushed);
      expect(await commitCount()).toBe(synced.commits + 1);
      // The restart looked at the branch (its head carries the revision's trailer) and pushed nothing.
      expect(git.requests.slice(restartedAt).filter(isPush)).toEqual([]);
      expect(git.requests.slice(restartedAt).length).toBeGreaterThan(0);

      second.kill('SIGTERM');
      expect(await exitOf(second)).toBe(0);
      const events = await gitSyncEvents(dataDir, space.id);
      expect(events.filter((event) => event.type === 'GitSyncRevisionPushed').map((event) => event.data)).toEqual([expect.objectContaining({ revision: merged, commit: expect.objectContaining({ oid: pushed }) })]);
      expect(events.filter((event) => event.type === 'GitSyncRevisionPushFailed')).toEqual([]);
    },
    PROCESS_TEST_TIMEOUT_MS * 2,
  );
});
