import { TestingModule } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { GitSyncOperations } from '@folio/content/gitsync/remote/git-sync-operations';
import { GitSyncPoller } from '@folio/content/gitsync/remote/git-sync-poller';
import { GitServer, startGitServer } from '../support/git-server';
import { waitUntil } from '../support/processes';
import { startProjector } from '../support/projector';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

/** Each test waits on the Git Sync processes (clones and pushes through a real Git server): bounded generously. */
jest.setTimeout(90_000);

const AUTH = { username: 'folio', password: 'pw-0f-the-projected-server' };
const ENV = { FETCH_ALLOW_PRIVATE: 'true' };
const HANDBOOK = {
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Linux](linux.md)\n',
  'README.md': '# Welcome\n\nRead the guides.\n',
  'linux.md': '# Linux\n\nInstall it.\n',
};

type Info = { operation?: { state: string; direction: string; commit?: { oid: string } } };

/**
 * Distributed mode on embedded stores: the projector's module tree and an API replica (projections followed, not
 * run) on one data directory. Git Sync's processes run in the projector, which loads neither the routes nor the
 * server secret; what is asked through the replica is carried out there, as the user who asked (identity's
 * memberships, merge rules and profiles answered in the projector).
 */
describe('Git Sync in distributed mode: the projector runs the processes, an API replica does not', () => {
  let git: GitServer;
  let dataDir: string;
  let projector: TestingModule;
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;

  /** The space's Git Sync state once its latest operation ended (at most 30 s). */
  const ended = async (): Promise<Info> => {
    let state: Info | undefined;
    const read = async () => (state = (await server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId)).data as Info);
    await waitUntil(async () => ((await read()).operation?.state ?? 'running') !== 'running', 'the Git Sync operation to end', 30_000);
    return state!;
  };
  const branch = (args: string[]) => git.git('synced', args);

  beforeAll(async () => {
    git = await startGitServer(AUTH);
    dataDir = mkdtempSync(join(tmpdir(), 'folio-e2e-projector-'));
    projector = await startProjector(dataDir, ENV);
    server = await startServer({ dataDir, env: ENV, replica: true });
    cast = await organizationWithRoles(server);
    spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Handbook' })).data.id;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await projector?.close();
    await git?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports a repository requested through the replica in the projector (its change request merged there), never in the replica', async () => {
    const operations = jest.spyOn(GitSyncOperations.prototype, 'run');
    try {
      const { head } = await git.createRepository('handbook', { files: HANDBOOK, message: 'Handbook, first edition' });
      const url = git.url('handbook').replace('http://', `http://${AUTH.username}:${AUTH.password}@`);
      expect((await server.as(cast.ed.token).spaces.importGitRepository(spaceId, { url, ref: 'refs/heads/main' })).status).toBe(204);
      expect((await ended()).operation).toMatchObject({ state: 'success', direction: 'import', commit: { oid: head } });
      expect((await server.as(cast.ed.token).spaces.listPages(spaceId)).data.pages.map((page) => page.title)).toEqual(['Welcome', 'Linux']);
      // The projector's process ran it; the replica's never did (processes start only where projections run).
      expect(operations.mock.contexts.length).toBeGreaterThan(0);
      for (const context of operations.mock.contexts) expect(context).toBe(projector.get(GitSyncOperations));
      expect(projector.get(ProcessHost).runsHere).toBe(true);
      expect(server.app.get(ProcessHost).runsHere).toBe(false);
    } finally {
      operations.mockRestore();
    }
  });

  it('connects through the replica: the first sync, run in the projector, exports the space to the branch', async () => {
    await git.createRepository('synced');
    const answer = await server.fetch(`/v1/spaces/${spaceId}/git-sync`, {
      method: 'PUT',
      token: cast.ann.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } }),
    });
    expect(answer.status).toBe(200);
    expect((await ended()).operation).toMatchObject({ state: 'success', direction: 'export' });
    expect(await branch(['show', 'refs/heads/main:linux.md'])).toContain('Install it.');
  });

  it('pushes a merge made through the replica from the projector, authored by the merger', async () => {
    const linux = (await server.as(cast.ed.token).spaces.listPages(spaceId)).data.pages.find((page) => page.title === 'Linux')!;
    const cr = (await server.as(cast.ed.token).spaces.createChangeRequest(spaceId, { subject: 'Linux: apt' })).data;
    const changes = [{ operation: 'update_page', page: linux.id, document: { markdown: 'Install it with apt.\n' } }];
    await server.as(cast.ed.token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes } as never);
    expect((await server.as(cast.ann.token).spaces.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
    const revision = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id;
    let pushed: { oid: string } | undefined;
    const read = async () => (pushed = (await server.as(cast.ann.token).spaces.getRevisionById(spaceId, revision)).data.git as typeof pushed);
    await waitUntil(async () => (await read()) !== undefined, 'the merge to be pushed', 30_000);
    const head = (await branch(['rev-parse', 'refs/heads/main'])).trim();
    expect(pushed!.oid).toBe(head);
    expect(await branch(['show', `${head}:linux.md`])).toContain('Install it with apt.');
    expect(await branch(['log', '-1', '--format=%an <%ae>', head])).toContain('Ann Admin <ann@acme.io>');
  });

  it("polls in the projector and brings a commit made in Git in: main's revision names it", async () => {
    const pushed = await git.commit('synced', { files: { 'linux.md': '# Linux\n\nInstall it with apt or dnf.\n' }, message: 'Linux: dnf too' });
    // The projector's poller (its timer is a minute away: the pass is run here) reads the branch and asks for the pull.
    expect(await projector.get(GitSyncPoller).poll()).toEqual([spaceId]);
    let git_: { oid: string; createdByGitBook: boolean } | undefined;
    await waitUntil(async () => {
      const { id } = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data;
      git_ = (await server.as(cast.ann.token).spaces.getRevisionById(spaceId, id)).data.git as typeof git_;
      return git_?.oid === pushed;
    }, 'the pulled commit to reach main', 60_000);
    expect(git_).toMatchObject({ oid: pushed, createdByGitBook: false });
    expect((await branch(['rev-parse', 'refs/heads/main'])).trim()).toBe(pushed);
  });
});
