import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { gitCommand, GitServer, startGitServer } from '../../../../test/support/git-server';
import { describeWithGit } from '../../../../test/support/with-git';
import { publicAddressesOnly } from '../fetch/address-policy';
import { startLocalHttpServer } from '../testing/local-http-server';
import { CommandGitRemote, CommandGitRemoteOptions } from './command-git-remote';
import { GitSpawner, spawnGit } from './git-command';
import { GitBranchMoved, GitTarget, GitUnavailable } from './git-remote';

const PASSWORD = 's3cret-Pa55word';
const MAIN = 'refs/heads/main';
const author = { name: 'Ada Writer', email: 'ada@example.test' };
/** The test server's loopback address passes; everything else keeps the default policy. */
const loopbackToo = (address: string) => address === '127.0.0.1' || publicAddressesOnly(address);

jest.setTimeout(60_000);

describeWithGit('CommandGitRemote against a git http-backend server', () => {
  let server: GitServer;
  let temp: string;
  let argvs: string[][];
  let envs: Record<string, string>[];
  const recordingSpawner: GitSpawner = (args, options) => {
    argvs.push(args);
    envs.push(options.env);
    return spawnGit(args, options);
  };
  const remote = (more: Partial<CommandGitRemoteOptions> = {}) =>
    new CommandGitRemote({ allowAddress: loopbackToo, timeoutSeconds: 30, maxFetchMegabytes: 50, tempDir: temp, spawner: recordingSpawner, ...more });
  const target = (name: string, password = PASSWORD): GitTarget => ({ url: server.url(name), ref: MAIN, credentials: { username: 'folio', password } });

  beforeAll(async () => {
    server = await startGitServer({ username: 'folio', password: PASSWORD });
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'folio-git-remote-spec-'));
    argvs = [];
    envs = [];
  });
  afterEach(() => rm(temp, { recursive: true, force: true }));

  async function folder(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(temp, 'folder-'));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    return dir;
  }

  it('checks out a branch with nested files and answers its commit', async () => {
    const { head } = await server.createRepository('nested', { files: { 'README.md': '# Home\n', 'guide/README.md': '# Guide\n', 'guide/deep/page.md': 'deep\n' }, message: 'First import' });
    const checkout = await remote().checkout(target('nested'));
    expect(checkout.commit).toEqual({ oid: head, message: 'First import', parents: [], author: { name: 'Test Server', email: 'server@example.test', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect(await readFile(join(checkout.dir, 'guide/deep/page.md'), 'utf8')).toBe('deep\n');
    expect(await readFile(join(checkout.dir, 'README.md'), 'utf8')).toBe('# Home\n');
    await checkout.dispose();
    await checkout.dispose();
    expect(await remote().head(target('nested'))).toBe(head);
  });

  it('answers no commit and an empty directory for a missing branch or an empty repository', async () => {
    await server.createRepository('empty');
    const checkout = await remote().checkout(target('empty'));
    expect(checkout.commit).toBeNull();
    expect(await remote().head(target('empty'))).toBeNull();
    await checkout.dispose();
    await server.createRepository('other-branch', { files: { 'a.md': 'a' }, branch: 'develop' });
    expect((await remote().checkout(target('other-branch'))).commit).toBeNull();
    await expect(remote().head(target('no-such-repository'))).rejects.toMatchObject({ reason: 'not-found' });
  });

  it('pushes a first commit, then a second changing one file, keeping the rest of the repository apart', async () => {
    await server.createRepository('docs');
    const first = await remote().commitAndPush(target('docs'), { parent: null, dir: await folder({ 'README.md': '# Docs\n', 'guide/page.md': 'one\n' }), projectDirectory: 'docs', message: 'Export from Folio', author });
    expect(first).toMatchObject({ parents: [], message: 'Export from Folio', author: { name: 'Ada Writer', email: 'ada@example.test' } });
    expect((await server.git('docs', ['rev-parse', MAIN])).trim()).toBe(first.oid);

    // Someone adds a file beside the project directory: Folio's next commit keeps it.
    const codeCommit = await server.commit('docs', { files: { 'package.json': '{}\n' }, message: 'Add code' });

    const second = await remote().commitAndPush(target('docs'), { parent: codeCommit, dir: await folder({ 'README.md': '# Docs\n', 'guide/page.md': 'two\n' }), projectDirectory: 'docs/', message: 'Edit the page\n\nbody', author });
    expect(second.parents).toEqual([codeCommit]);
    expect(second.message).toBe('Edit the page\n\nbody');
    expect((await server.git('docs', ['diff', '--name-only', codeCommit, second.oid])).trim().split('\n')).toEqual(['docs/guide/page.md']);
    expect((await server.git('docs', ['log', '-1', '--format=%an <%ae>|%s', MAIN])).trim()).toBe('Ada Writer <ada@example.test>|Edit the page');
    expect((await server.git('docs', ['ls-tree', '-r', '--format=%(objectmode) %(path)', MAIN])).trim().split('\n')).toEqual(['100644 docs/README.md', '100644 docs/guide/page.md', '100644 package.json']);

    // A clone over HTTP (credentials in the clone's URL only: this is the test's own git) shows the tree.
    const clone = join(temp, 'http-clone');
    await gitCommand(['clone', '--quiet', server.url('docs').replace('http://', `http://folio:${PASSWORD}@`), clone]);
    expect(await readFile(join(clone, 'docs/guide/page.md'), 'utf8')).toBe('two\n');
    expect(await readFile(join(clone, 'package.json'), 'utf8')).toBe('{}\n');
  });

  it('checks out a commit before the branch tip, from a protocol v2 server and from a v0 one', async () => {
    const v0 = await startGitServer({ username: 'folio', password: PASSWORD }, { protocolV0: true });
    try {
      for (const [name, where] of [['history', server], ['history-v0', v0]] as const) {
        const { head: first } = await where.createRepository(name, { files: { 'a.md': 'one\n' }, message: 'One' });
        await where.commit(name, { files: { 'a.md': 'two\n' }, message: 'Two' });
        const checkout = await remote().checkout({ ...target(name), url: where.url(name) }, first!);
        expect(checkout.commit).toMatchObject({ oid: first, message: 'One' });
        expect(await readFile(join(checkout.dir, 'a.md'), 'utf8')).toBe('one\n');
        await checkout.dispose();
      }
      // On a v0 server, a commit that is not in the branch's history is not found.
      const { head: elsewhere } = await v0.createRepository('apart', { files: { 'b.md': 'b\n' } });
      await expect(remote().checkout({ ...target('history-v0'), url: v0.url('history-v0') }, elsewhere!)).rejects.toMatchObject({ reason: 'not-found' });
    } finally {
      await v0.stop();
    }
  });

  it('reads and writes a SHA-256 repository', async () => {
    const { head } = await server.createRepository('sha256', { files: { 'docs/a.md': 'a\n' }, objectFormat: 'sha256' });
    expect(head).toMatch(/^[0-9a-f]{64}$/);
    const checkout = await remote().checkout(target('sha256'));
    expect(checkout.commit?.oid).toBe(head);
    await checkout.dispose();
    const commit = await remote().commitAndPush(target('sha256'), { parent: head, dir: await folder({ 'a.md': 'b\n' }), projectDirectory: 'docs', message: 'Edit', author });
    expect(commit.oid).toMatch(/^[0-9a-f]{64}$/);
    expect((await server.git('sha256', ['rev-parse', MAIN])).trim()).toBe(commit.oid);
    // An empty SHA-256 repository tells its format only in its capabilities.
    await server.createRepository('empty-sha256', { objectFormat: 'sha256' });
    const first = await remote().commitAndPush(target('empty-sha256'), { parent: null, dir: await folder({ 'a.md': 'a\n' }), message: 'First', author });
    expect(first.oid).toMatch(/^[0-9a-f]{64}$/);
    expect((await server.git('empty-sha256', ['rev-parse', MAIN])).trim()).toBe(first.oid);
  });

  it('records both parents of a merge commit', async () => {
    const { head: base } = await server.createRepository('merge', { files: { 'docs/a.md': 'a\n' } });
    const theirs = await server.commit('merge', { files: { 'docs/b.md': 'b\n' }, message: 'Theirs' });
    await server.git('merge', ['update-ref', MAIN, base!]);
    const merge = await remote().commitAndPush(target('merge'), { parent: base, otherParents: [theirs], dir: await folder({ 'a.md': 'a\n', 'b.md': 'b\n', 'c.md': 'c\n' }), projectDirectory: 'docs', message: 'Merge', author });
    expect(merge.parents).toEqual([base, theirs]);
    expect((await server.git('merge', ['ls-tree', '-r', '--name-only', MAIN])).trim().split('\n')).toEqual(['docs/a.md', 'docs/b.md', 'docs/c.md']);
  });

  it("builds a merge's side commit on its own parent and pushes both, to a protocol v2 server and to a v0 one", async () => {
    const v0 = await startGitServer({ username: 'folio', password: PASSWORD }, { protocolV0: true });
    try {
      for (const [name, where] of [['side', server], ['side-v0', v0]] as const) {
        const { head: base } = await where.createRepository(name, { files: { 'docs/a.md': 'a\n', 'code.js': '1\n' } });
        const theirs = await where.commit(name, { files: { 'docs/b.md': 'b\n' }, message: 'Theirs' });
        const side = { parent: base!, dir: await folder({ 'a.md': 'a, edited in Folio\n' }), message: 'Changes made in Folio', author };
        const merge = await remote().commitAndPush({ ...target(name), url: where.url(name) }, { parent: theirs, side, dir: await folder({ 'a.md': 'a, edited in Folio\n', 'b.md': 'b\n' }), projectDirectory: 'docs', message: 'Merge', author });
        expect(merge.parents).toHaveLength(2);
        expect(merge.parents[0]).toBe(theirs);
        const sideOid = merge.parents[1];
        expect((await where.git(name, ['rev-parse', `${sideOid}^`])).trim()).toBe(base);
        // The side holds Folio's content on the base (the rest of the repository kept), and only that changed.
        expect((await where.git(name, ['diff', '--name-only', base!, sideOid])).trim()).toBe('docs/a.md');
        expect((await where.git(name, ['ls-tree', '-r', '--name-only', MAIN])).trim().split('\n')).toEqual(['code.js', 'docs/a.md', 'docs/b.md']);
      }
    } finally {
      await v0.stop();
    }
  });

  it("reads the branch's first-parent commits after one, and tells a force-push apart", async () => {
    const { head: first } = await server.createRepository('first-parent', { files: { 'a.md': '1\n' }, message: 'One' });
    const second = await server.commit('first-parent', { files: { 'a.md': '2\n' }, message: 'Two' });
    const third = await server.commit('first-parent', { files: { 'a.md': '3\n' }, message: 'Three\n\nWith a body' });
    const read = await remote().history(target('first-parent'), first!, 10);
    expect(read.head).toBe(third);
    expect(read.commits?.map((commit) => [commit.oid, commit.message])).toEqual([[second, 'Two'], [third, 'Three\n\nWith a body']]);
    expect((await remote().history(target('first-parent'), first!, 1)).commits?.map((commit) => commit.oid)).toEqual([second]);
    expect(read.commits?.map((commit) => commit.renames)).toEqual([[], []]);
    expect(await remote().history(target('first-parent'), third, 10)).toEqual({ head: third, commits: [] });
    // A file moved (and another added) is told apart as a rename by git's detection.
    const moved = await server.commit('first-parent', { files: { 'a.md': null, 'guide/b.md': '3\n', 'c.md': 'new\n' }, message: 'Move' });
    expect((await remote().history(target('first-parent'), third, 10)).commits).toEqual([expect.objectContaining({ oid: moved, renames: [{ from: 'a.md', to: 'guide/b.md' }] })]);
    await server.git('first-parent', ['update-ref', MAIN, third]);
    // Rewritten to a commit that does not descend from `second`: not in its history.
    await server.git('first-parent', ['update-ref', MAIN, first!]);
    const rewritten = await server.commit('first-parent', { files: { 'a.md': 'other\n' }, message: 'Rewritten' });
    expect(await remote().history(target('first-parent'), second, 10)).toEqual({ head: rewritten, commits: null });
  });

  it('stops a fetch past GIT_MAX_FETCH_MB (too-large) and a server that does not answer (timeout)', async () => {
    await server.createRepository('large', { files: { 'big.bin': randomBytes(3 * 1024 * 1024) } });
    await expect(remote({ maxFetchMegabytes: 1 }).checkout(target('large'))).rejects.toMatchObject({ reason: 'too-large' });
    const silent = await startLocalHttpServer(() => undefined);
    try {
      const error = await remote({ timeoutSeconds: 1 }).head({ url: `${silent.url}/repo.git`, ref: MAIN }).catch((e: unknown) => e);
      expect(error).toMatchObject({ reason: 'timeout', message: expect.stringContaining('GIT_TIMEOUT_S') });
    } finally {
      await silent.close();
    }
    expect((await readdir(temp)).filter((name) => name.startsWith('folio-git-'))).toEqual([]);
  });

  it('does not follow a redirect, whose target the address policy has not checked', async () => {
    await server.createRepository('target', { files: { 'a.md': 'a\n' } });
    const redirecting = await startLocalHttpServer((request, response) => response.writeHead(301, { location: `${server.url('target')}${request.url!.replace(/^\/repo\.git/, '')}` }).end());
    const before = server.requests.length;
    try {
      const error = await remote().head({ url: `${redirecting.url}/repo.git`, ref: MAIN }).catch((e: unknown) => e);
      expect(error).toMatchObject({ reason: 'failed', message: expect.stringContaining('give the URL it redirects to') });
      expect(server.requests.length).toBe(before);
    } finally {
      await redirecting.close();
    }
  });

  it('says git is not installed when the command is missing', async () => {
    const missing: GitSpawner = (args, options) => spawn('git-not-installed-here', args, { cwd: options.cwd, env: options.env });
    await server.createRepository('nogit', { files: { 'a.md': 'a\n' } });
    await expect(remote({ spawner: missing }).head(target('nogit'))).rejects.toMatchObject({ reason: 'failed', message: expect.stringContaining('git command is not installed') });
  });

  it('refuses a push based on a stale parent with GitBranchMoved and pushes nothing', async () => {
    const { head } = await server.createRepository('stale', { files: { 'a.md': 'a\n' } });
    const moved = await remote().commitAndPush(target('stale'), { parent: head, dir: await folder({ 'a.md': 'b\n' }), message: 'Move', author });
    const error = await remote()
      .commitAndPush(target('stale'), { parent: head, dir: await folder({ 'a.md': 'c\n' }), message: 'Late', author })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBranchMoved);
    expect(error).toMatchObject({ ref: MAIN, expected: head, actual: moved.oid });
    expect((await server.git('stale', ['rev-parse', MAIN])).trim()).toBe(moved.oid);
    // The branch exists: a first commit (parent null) is refused too.
    await expect(remote().commitAndPush(target('stale'), { parent: null, dir: await folder({ 'a.md': 'd\n' }), message: 'Again', author })).rejects.toBeInstanceOf(GitBranchMoved);
    expect((await server.git('stale', ['rev-parse', MAIN])).trim()).toBe(moved.oid);
  });

  it('answers a wrong password with GitUnavailable auth, the password in no message', async () => {
    await server.createRepository('locked', { files: { 'a.md': 'a\n' } });
    const wrong = 'Wr0ng-Pa55word-xyz';
    for (const attempt of [() => remote().checkout(target('locked', wrong)), () => remote().head(target('locked', wrong))]) {
      const error = (await attempt().catch((e: unknown) => e)) as GitUnavailable;
      expect(error).toBeInstanceOf(GitUnavailable);
      expect(error.reason).toBe('auth');
      expect(error.message).not.toContain(wrong);
      expect(error.message).not.toContain(Buffer.from(`folio:${wrong}`).toString('base64'));
    }
  });

  it('refuses a loopback address without FETCH_ALLOW_PRIVATE, before any request', async () => {
    await server.createRepository('private', { files: { 'a.md': 'a\n' } });
    const before = server.requests.length;
    const strict = remote({ allowAddress: publicAddressesOnly });
    const error = (await strict.checkout(target('private')).catch((e: unknown) => e)) as GitUnavailable;
    expect(error).toBeInstanceOf(GitUnavailable);
    expect(error.reason).toBe('refused');
    expect(error.message).toContain('loopback address, which Folio does not connect to');
    // A name resolving to loopback is refused alike.
    const named = { ...target('private'), url: server.url('private').replace('127.0.0.1', 'git.example.test') };
    await expect(remote({ allowAddress: publicAddressesOnly, resolve: async () => ['127.0.0.1'] }).head(named)).rejects.toMatchObject({ reason: 'refused' });
    await expect(strict.commitAndPush(target('private'), { parent: null, dir: await folder({}), message: 'x', author })).rejects.toMatchObject({ reason: 'refused' });
    expect(server.requests.length).toBe(before);
    expect(argvs).toEqual([]);
  });

  it('pins git to the address it checked, and keeps the credentials out of argv and URLs', async () => {
    await server.createRepository('pinned', { files: { 'a.md': 'a\n' } });
    const port = new URL(server.url('pinned')).port;
    const named = { ...target('pinned'), url: server.url('pinned').replace('127.0.0.1', 'git.example.test') };
    const checkout = await remote({ resolve: async () => ['127.0.0.1'] }).checkout(named);
    expect(checkout.commit).not.toBeNull();
    await checkout.dispose();
    expect(argvs.some((argv) => argv.includes(`http.curloptResolve=git.example.test:${port}:127.0.0.1`))).toBe(true);
    const base64 = Buffer.from(`folio:${PASSWORD}`).toString('base64');
    for (const argv of argvs) expect(argv.join(' ')).not.toMatch(new RegExp(`${PASSWORD}|${base64}`));
    expect(envs.some((env) => env.GIT_CONFIG_VALUE_0 === `Authorization: Basic ${base64}`)).toBe(true);
    for (const request of server.requests) expect(request.url).not.toContain(PASSWORD);
  });

  it('leaves out symbolic links of the folder, and removes its temporary directories', async () => {
    await server.createRepository('links');
    const dir = await folder({ 'page.md': 'p\n' });
    await symlink('/etc/hostname', join(dir, 'link.md'));
    const commit = await remote().commitAndPush(target('links'), { parent: null, dir, message: 'Links', author });
    expect((await server.git('links', ['ls-tree', '-r', '--name-only', commit.oid])).trim()).toBe('page.md');
    expect((await readdir(temp)).filter((name) => name.startsWith('folio-git-'))).toEqual([]);
  });
});
