import { GitSyncState } from '@gitbook/api';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { seedMain } from '../support/content-seed';
import { gitCommand, GitServer, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { waitUntil } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

/** Each test waits on the operations process (clones and pushes through a real Git server): bounded generously. */
jest.setTimeout(90_000);

const INFO = '/spaces/{spaceId}/git/info';
const AUTH = { username: 'folio', password: 'pw-0f-the-git-server' };
const withCredentials = (url: string) => url.replace('http://', `http://${AUTH.username}:${AUTH.password}@`);

/** The repository a user prepared with `git`: SUMMARY groups, a nested README.md, an asset. */
const HANDBOOK = {
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Setup](setup/README.md)\n  * [Linux](setup/linux.md)\n',
  'README.md': '# Welcome\n\nRead the guides.\n',
  'setup/README.md': '# Setup\n\n![Logo](../.gitbook/assets/logo.png)\n',
  'setup/linux.md': '# Linux\n\nInstall it.\n',
  '.gitbook/assets/logo.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
};

/** The space's Git Sync state once its latest operation ended (at most 30 s). */
async function ended(server: TestServer, token: string, spaceId: string): Promise<GitSyncState & { operation: { revision?: string; commit?: { oid: string } } }> {
  let state: GitSyncState | undefined;
  await waitUntil(
    async () => {
      state = (await server.as(token).spaces.getSpaceGitInfo(spaceId)).data;
      return state.operation !== undefined && state.operation.state !== 'running';
    },
    'the Git Sync operation to end',
    30_000,
  );
  expectMatchesSpec('GET', INFO, 200, state);
  return state as never;
}

/** A commit of `files` on top of the branch `main` of `url`, pushed as a user's clone would. */
async function pushCommit(url: string, files: Record<string, string>, message: string): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'folio-git-push-'));
  try {
    await gitCommand(['clone', '--quiet', url, work]);
    for (const [path, content] of Object.entries(files)) await writeFile(join(work, path), content);
    await gitCommand(['commit', '--quiet', '--all', '-m', message], work);
    await gitCommand(['push', '--quiet', 'origin', 'HEAD:refs/heads/main'], work);
    return (await gitCommand(['rev-parse', 'HEAD'], work)).trim();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The space's page outline: [type, title, children?] for each page, in order. */
async function outlineOf(server: TestServer, token: string, spaceId: string): Promise<unknown[]> {
  type Tree = { type: string; title: string; pages?: Tree }[];
  const outline = (pages: Tree): unknown[] => pages.map((page) => (page.pages?.length ? [page.type, page.title, outline(page.pages)] : [page.type, page.title]));
  return outline((await server.as(token).spaces.listPages(spaceId)).data.pages as Tree);
}

/** Every file under `dir` (relative paths), `.git` left out. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name === '.git') continue;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, path)));
    else out.push(path);
  }
  return out.sort();
}

describe('Git Sync one-off operations (import, export, info) against a real Git server', () => {
  let git: GitServer;

  beforeAll(async () => {
    git = await startGitServer(AUTH);
  });
  afterAll(() => git.stop());

  describe('with private addresses allowed (FETCH_ALLOW_PRIVATE=true)', () => {
    let server: TestServer;
    let cast: RoleCast;
    let spaceId: string;
    let handbookHead: string;

    beforeAll(async () => {
      server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true' } });
      cast = await organizationWithRoles(server);
      spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Handbook' })).data.id;
      handbookHead = (await git.createRepository('handbook', { files: HANDBOOK, message: 'Handbook, first edition' })).head!;
    }, 60_000);
    afterAll(() => server.stop());

    it('answers 404 for a space that never had Git Sync', () => expectStatus(server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId), 404));

    it('imports a repository prepared with git into main, with the commit on the operation', async () => {
      const answer = await server.as(cast.ed.token).spaces.importGitRepository(spaceId, {
        url: withCredentials(git.url('handbook')),
        ref: 'refs/heads/main',
        repoTreeURL: 'https://git.example.com/team/handbook/tree/main',
        timestamp: '2026-03-01T10:00:00.000Z',
      });
      expect(answer.status).toBe(204);
      const state = await ended(server, cast.ed.token, spaceId);
      expect(state).toMatchObject({
        installationProvider: 'gitlab',
        installationStatus: 'pending',
        url: 'https://git.example.com/team/handbook/tree/main',
        repoName: 'handbook',
        operation: { state: 'success', direction: 'import', commit: { oid: handbookHead, message: expect.stringContaining('Handbook, first edition'), ref: 'refs/heads/main' } },
      });
      const files = await server.as(cast.ed.token).spaces.listFiles(spaceId);
      expect(files.data.items.map((file) => file.name)).toContain('logo.png');
    });

    it('skips an operation older than the last applied one (main unchanged)', async () => {
      const before = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id;
      const empty = await git.createRepository('empty-older', { files: { 'README.md': '# Nothing else\n' } });
      expect(empty.head).toBeTruthy();
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('empty-older')), ref: 'refs/heads/main', timestamp: '2026-03-01T09:00:00.000Z', force: true });
      const state = await ended(server, cast.ann.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'success', direction: 'import' });
      expect(state.operation.commit).toBeUndefined();
      expect((await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id).toBe(before);
    });

    it('makes a standalone import a revision readable by id, main left as it was', async () => {
      const before = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id;
      await git.createRepository('draft', { files: { 'README.md': '# Draft\n\nNot on main.\n' } });
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('draft')), ref: 'refs/heads/main', standalone: true });
      const state = await ended(server, cast.ann.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'success', revision: expect.any(String) });
      const revision = await server.as(cast.ann.token).spaces.getRevisionById(spaceId, state.operation.revision!);
      expect(revision.status).toBe(200);
      expect((revision.data as { git?: { oid: string } }).git).toMatchObject({ createdByGitBook: false });
      expect((await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data.id).toBe(before);
    });

    it("merges an import without force three ways: main's edits since the last import are kept", async () => {
      await seedMain(server, cast.ann.id, spaceId, async (tree, now) => {
        await tree.insertPage({ id: 'notes', into: null, meta: { title: 'Notes' }, document: markdownToDocument('Written in Folio.\n').document, now });
      });
      const head = await pushCommit(withCredentials(git.url('handbook')), { 'setup/linux.md': '# Linux\n\nInstall it with apt.\n' }, 'Linux: apt');
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('handbook')), ref: 'refs/heads/main', timestamp: '2026-03-01T11:00:00.000Z' });
      const state = await ended(server, cast.ann.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'success', commit: { oid: head, message: expect.stringContaining('Linux: apt') } });
      expect(await outlineOf(server, cast.ann.token, spaceId)).toEqual([
        ['document', 'Welcome'],
        ['group', 'Guides', [['document', 'Setup', [['document', 'Linux']]]]],
        ['document', 'Notes'],
      ]);
    });

    it('exports the space as a commit a git clone reads', async () => {
      await git.createRepository('published');
      const answer = await server.as(cast.ed.token).spaces.exportToGitRepository(spaceId, {
        url: withCredentials(git.url('published')),
        ref: 'refs/heads/main',
        commitMessage: 'Publish the handbook',
      });
      expect(answer.status).toBe(204);
      const state = await ended(server, cast.ed.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'success', direction: 'export', commit: { oid: expect.stringMatching(/^[0-9a-f]{40}$/) } });
      // The exported revision names Folio's own commit.
      const exported = (await server.as(cast.ed.token).spaces.getRevisionById(spaceId, state.operation.revision!)).data;
      expect(exported.git).toMatchObject({ oid: state.operation.commit!.oid, createdByGitBook: true, ref: 'refs/heads/main' });
      const clone = await mkdtemp(join(tmpdir(), 'folio-git-clone-'));
      try {
        await gitCommand(['clone', '--quiet', withCredentials(git.url('published')), clone]);
        const files = await filesUnder(clone);
        expect(files).toEqual(expect.arrayContaining(['.gitbook.yaml', 'SUMMARY.md', 'README.md', 'setup/README.md', 'setup/linux.md', '.gitbook/assets/logo.png']));
        expect(await readFile(join(clone, 'setup/linux.md'), 'utf8')).toContain('Install it with apt.');
        expect(await readFile(join(clone, 'SUMMARY.md'), 'utf8')).toContain('Notes');
        const log = await gitCommand(['log', '-1', '--format=%H%n%an <%ae>%n%B'], clone);
        expect(log).toContain(state.operation.commit!.oid);
        expect(log).toContain('Ed Editor <ed@acme.io>');
        expect(log).toContain('Publish the handbook');
      } finally {
        await rm(clone, { recursive: true, force: true });
      }
    });

    it("overwrites main with the repository's tree when forced", async () => {
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('handbook')), ref: 'refs/heads/main', force: true });
      expect((await ended(server, cast.ann.token, spaceId)).operation).toMatchObject({ state: 'success' });
      expect(await outlineOf(server, cast.ann.token, spaceId)).toEqual([
        ['document', 'Welcome'],
        ['group', 'Guides', [['document', 'Setup', [['document', 'Linux']]]]],
      ]);
    });

    it('keeps the credentials out of every answer, the log and the data directory', async () => {
      const info = (await server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId)).data;
      expect(JSON.stringify(info)).not.toContain(AUTH.password);
      const events = await server.events.readAll(null, 100_000);
      const requested = events.filter((event) => event.type === 'GitSyncOperationRequested');
      expect(requested.length).toBeGreaterThan(0);
      for (const event of requested) expect(event.data).toMatchObject({ credentials: { alg: 'A256GCM' }, url: expect.not.stringContaining('@') });
      expect(JSON.stringify(events.map((event) => [event.type, event.data, event.metadata]))).not.toContain(AUTH.password);
      const needle = Buffer.from(AUTH.password);
      for (const file of await filesUnder(server.dataDir)) expect({ file, found: (await readFile(join(server.dataDir, file))).includes(needle) }).toEqual({ file, found: false });
    });

    it('fails an operation the server refuses, naming no secret', async () => {
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('no-such-repository')), ref: 'refs/heads/main' });
      const state = await ended(server, cast.ann.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'failure', error: expect.any(String) });
      expect(state.operation.error).not.toContain(AUTH.password);
    });

    it('installs once when two first requests race, both recorded under that installation', async () => {
      const fresh = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Raced' })).data.id;
      const body = { url: withCredentials(git.url('no-such-repository')), ref: 'refs/heads/main' };
      const answers = await Promise.all([1, 2, 3].map(() => server.as(cast.ann.token).spaces.importGitRepository(fresh, body)));
      expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
      const stream = await server.events.readStream(gitSyncStream(fresh));
      const installed = stream.filter((event) => event.type === 'GitSyncInstalled');
      expect(installed).toHaveLength(1);
      const requested = stream.filter((event) => event.type === 'GitSyncOperationRequested');
      expect(requested.map((event) => event.data.installationId)).toEqual([1, 2, 3].map(() => installed[0].data.installationId));
      await ended(server, cast.ann.token, fresh);
    });

    it('refuses bad input with a 400 that writes nothing', async () => {
      const path = `/v1/spaces/${spaceId}/git`;
      const url = git.url('handbook');
      const ok = { url, ref: 'refs/heads/main' };
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ref: 'refs/heads/main' });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, url: 'ftp://127.0.0.1/r.git' });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, url: `http://127.0.0.1/${'x'.repeat(2048)}` });
      for (const ref of ['main', 'refs/heads/', 'refs/heads/a..b', 'refs/heads/a b', 'refs/heads/x.lock', 'refs/heads/.hidden', 'refs/tags/v1', 'refs/heads/a\u0001'])
        await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, ref });
      for (const repoProjectDirectory of ['../up', '/abs', 'docs/../..'])
        await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, repoProjectDirectory });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, timestamp: 'yesterday' });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, force: 'yes' });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/import`, { ...ok, surprise: 1 });
      await server.expectRefused(cast.ann.token, 'POST', `${path}/export`, ok);
      await server.expectRefused(cast.ann.token, 'POST', `${path}/export`, { ...ok, commitMessage: 'x'.repeat(5000) });
    });

    it('answers strangers 404, readers 403 and anonymous callers 401', async () => {
      const body = { url: git.url('handbook'), ref: 'refs/heads/main' };
      await expectStatus(server.as(cast.cat.token).spaces.importGitRepository(spaceId, body), 404);
      await expectStatus(server.as(cast.cat.token).spaces.getSpaceGitInfo(spaceId), 404);
      await expectStatus(server.as(cast.rita.token).spaces.exportToGitRepository(spaceId, { ...body, commitMessage: 'no' }), 403);
      expect((await server.as(cast.rita.token).spaces.getSpaceGitInfo(spaceId)).status).toBe(200);
      const anonymous = await server.fetch(`/v1/spaces/${spaceId}/git/import`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('with private addresses refused (the default)', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startServer();
    }, 60_000);
    afterAll(() => server.stop());

    it('fails an operation to a loopback address without a request reaching the server', async () => {
      const cast = await organizationWithRoles(server);
      const spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Private' })).data.id;
      await git.createRepository('private');
      const seen = git.requests.length;
      await server.as(cast.ann.token).spaces.importGitRepository(spaceId, { url: withCredentials(git.url('private')), ref: 'refs/heads/main' });
      const state = await ended(server, cast.ann.token, spaceId);
      expect(state.operation).toMatchObject({ state: 'failure', error: expect.any(String) });
      expect(state.operation.error).not.toContain(AUTH.password);
      expect(git.requests.length).toBe(seen);
    });
  });
});
