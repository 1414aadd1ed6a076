import { TestingModule } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { GitSyncOperations } from '@folio/content/gitsync/remote/git-sync-operations';
import { seedMain } from '../support/content-seed';
import { GitServer, startGitServer } from '../support/git-server';
import { waitUntil } from '../support/processes';
import { startProjector } from '../support/projector';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

/** Each test waits on the Git Sync processes (clones and pushes through a real Git server): bounded generously. */
jest.setTimeout(90_000);

const AUTH = { username: 'folio', password: 'pw-0f-the-projected-server' };
const ENV = { FETCH_ALLOW_PRIVATE: 'true' };

type Info = { operation?: { state: string; direction: string; commit?: { oid: string } } };

/**
 * Distributed mode on embedded stores: the projector's module tree and an API replica (projections followed, not
 * run) on one data directory. Git Sync's processes run in the projector, which loads neither the routes nor the
 * server secret; a request made through the replica is carried out there, as the user who made it.
 */
describe('Git Sync in distributed mode: the projector runs the processes, an API replica does not', () => {
  let git: GitServer;
  let dataDir: string;
  let projector: TestingModule;
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;

  const info = async (): Promise<Info> => (await server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId)).data as Info;
  const branch = (args: string[]) => git.git('synced', args);

  beforeAll(async () => {
    git = await startGitServer(AUTH);
    dataDir = mkdtempSync(join(tmpdir(), 'folio-e2e-projector-'));
    projector = await startProjector(dataDir, ENV);
    server = await startServer({ dataDir, env: ENV, replica: true });
    cast = await organizationWithRoles(server);
    spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Handbook' })).data.id;
    await seedMain(server, cast.ann.id, spaceId, async (tree, now) => {
      await tree.insertPage({ id: 'welcome', into: null, meta: { title: 'Welcome' }, document: markdownToDocument('Read the guides.\n').document, now });
      await tree.insertPage({ id: 'setup', into: null, meta: { title: 'Setup' }, document: markdownToDocument('Install it.\n').document, now });
    });
    await git.createRepository('synced');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await projector?.close();
    await git?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('connects through the replica: the first sync runs in the projector and exports the space to the branch', async () => {
    const operations = jest.spyOn(GitSyncOperations.prototype, 'run');
    try {
      const answer = await server.fetch(`/v1/spaces/${spaceId}/git-sync`, {
        method: 'PUT',
        token: cast.ann.token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } }),
      });
      expect(answer.status).toBe(200);
      await waitUntil(async () => ((await info()).operation?.state ?? 'running') !== 'running', 'the first sync to end', 30_000);
      expect((await info()).operation).toMatchObject({ state: 'success', direction: 'export' });
      expect(await branch(['show', 'refs/heads/main:setup.md'])).toContain('Install it.');
      // The projector's process ran it; the replica's never did (processes are started only where projections run).
      expect(operations.mock.contexts.length).toBeGreaterThan(0);
      for (const context of operations.mock.contexts) expect(context).toBe(projector.get(GitSyncOperations));
      expect(projector.get(ProcessHost).runsHere).toBe(true);
      expect(server.app.get(ProcessHost).runsHere).toBe(false);
    } finally {
      operations.mockRestore();
    }
  });

  it("pushes a merge made through the replica from the projector, authored by the merger (identity's profile)", async () => {
    const cr = (await server.as(cast.ed.token).spaces.createChangeRequest(spaceId, { subject: 'Setup: apt' })).data;
    await server.as(cast.ed.token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page: 'setup', document: { markdown: 'Install it with apt.\n' } }] as never });
    expect((await server.as(cast.ann.token).spaces.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
    const revision = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id;
    let pushed: { oid: string } | undefined;
    await waitUntil(async () => (pushed = (await server.as(cast.ann.token).spaces.getRevisionById(spaceId, revision)).data.git as typeof pushed) !== undefined, 'the merge to be pushed', 30_000);
    const head = (await branch(['rev-parse', 'refs/heads/main'])).trim();
    expect(pushed!.oid).toBe(head);
    expect(await branch(['show', `${head}:setup.md`])).toContain('Install it with apt.');
    expect(await branch(['log', '-1', '--format=%an <%ae>', head])).toContain('Ann Admin <ann@acme.io>');
  });

  it('imports a repository into another space from the projector: its change request merged there, as the requester', async () => {
    const files = { 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Linux](linux.md)\n', 'README.md': '# Welcome\n\nHi.\n', 'linux.md': '# Linux\n\nInstall it.\n' };
    const { head } = await git.createRepository('handbook', { files, message: 'Handbook, first edition' });
    const other = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Imported' })).data.id;
    const url = git.url('handbook').replace('http://', `http://${AUTH.username}:${AUTH.password}@`);
    expect((await server.as(cast.ed.token).spaces.importGitRepository(other, { url, ref: 'refs/heads/main' })).status).toBe(204);
    let state: Info | undefined;
    await waitUntil(async () => ((state = (await server.as(cast.ed.token).spaces.getSpaceGitInfo(other)).data as Info).operation?.state ?? 'running') !== 'running', 'the import to end', 30_000);
    expect(state!.operation).toMatchObject({ state: 'success', direction: 'import', commit: { oid: head } });
    const pages = (await server.as(cast.ed.token).spaces.listPages(other)).data.pages.map((page) => page.title);
    expect(pages).toEqual(['Welcome', 'Linux']);
  });
});
