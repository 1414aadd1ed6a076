import { GitSyncState } from '@gitbook/api';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Sealed } from '@folio/platform/domain/sealed';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { GIT_SYNC_MIRROR } from '@folio/content/gitsync/remote/git-sync-mirror';
import { gitSyncCredentialsSubject, gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { spaceStream } from '@folio/content/spaces/space.events';
import { seedMain } from '../support/content-seed';
import { handbookSpace } from '../support/handbook-space';
import { filesOf } from '../support/folders';
import { gitCommand, GitServer, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { processReached, waitUntil } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';

/** Each test waits on the Git Sync processes (clones and pushes through a real Git server): bounded generously. */
jest.setTimeout(90_000);

const INFO = '/spaces/{spaceId}/git/info';
const AUTH = { username: 'folio', password: 'pw-0f-the-synced-server' };
const TEMPLATE = '{subject} (#{number}) by {author}';

type Connected = GitSyncState & { webhookSecret?: string };
type Info = GitSyncState & { operation?: { state: string; error?: string; commit?: { oid: string } } };

describe('Git Sync connected to a branch (PUT/DELETE git-sync, Folio → Git) against a real Git server', () => {
  let git: GitServer;
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;
  /** The push-webhook secret the first connection answered. */
  let webhookSecret: string;

  const connect = (token: string, space: string, body: unknown) =>
    server.fetch(`/v1/spaces/${space}/git-sync`, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const disconnect = (token: string | undefined, space: string) => server.fetch(`/v1/spaces/${space}/git-sync`, { method: 'DELETE', ...(token ? { token } : {}) });
  const info = async (space: string): Promise<Info> => (await server.as(cast.ann.token).spaces.getSpaceGitInfo(space)).data as Info;
  /** The space's Git Sync state once its latest operation ended (at most 30 s). */
  const ended = async (space: string): Promise<Info> => {
    let state: Info | undefined;
    await waitUntil(async () => ((state = await info(space)).operation?.state ?? 'running') !== 'running', 'the Git Sync operation to end', 30_000);
    expectMatchesSpec('GET', INFO, 200, state);
    return state!;
  };
  /** A change request by Ed rewriting page `page`, merged by Ann: main's new revision id. */
  const mergeEdit = async (space: string, page: string, text: string, subject: string): Promise<{ revision: string; number: number }> => {
    const cr = (await server.as(cast.ed.token).spaces.createChangeRequest(space, { subject })).data;
    await server.as(cast.ed.token).spaces.updateChangeRequestContent(space, cr.id, { changes: [{ operation: 'update_page', page, document: { markdown: text } }] as never });
    expect((await server.as(cast.ann.token).spaces.mergeChangeRequest(space, cr.id)).data.result).toBe('merge');
    return { revision: (await server.as(cast.ann.token).spaces.getCurrentRevision(space)).data.id, number: cr.number };
  };
  const branch = (name: string, args: string[]) => git.git(name, args);
  const commitCount = async (name: string) => Number((await branch(name, ['rev-list', '--count', 'refs/heads/main'])).trim());

  beforeAll(async () => {
    git = await startGitServer(AUTH);
    server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true' } });
    cast = await organizationWithRoles(server);
    spaceId = await handbookSpace(server, cast);
    await git.createRepository('synced');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await git?.stop();
  });

  it("connects with priority gitbook: the branch gets the space's content, the answer the webhook secret once", async () => {
    const answer = await connect(cast.ann.token, spaceId, {
      url: git.url('synced'),
      ref: 'refs/heads/main',
      provider: 'gitlab',
      priority: 'gitbook',
      commitMessageTemplate: TEMPLATE,
      auth: { username: AUTH.username, token: AUTH.password },
    });
    expect(answer.status).toBe(200);
    const connected = answer.body as Connected;
    expect(connected).toMatchObject({ installationStatus: 'active', installationProvider: 'gitlab', repoName: 'synced', operation: { state: 'running', direction: 'export' } });
    expect(connected.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    webhookSecret = connected.webhookSecret!;
    expect(JSON.stringify(connected)).not.toContain(AUTH.password);
    const { webhookSecret: _secret, ...state } = connected;
    expectMatchesSpec('GET', INFO, 200, state);
    expect((await ended(spaceId)).operation).toMatchObject({ state: 'success', direction: 'export' });
    const clone = await mkdtemp(join(tmpdir(), 'folio-git-sync-clone-'));
    try {
      await gitCommand(['clone', '--quiet', git.url('synced').replace('http://', `http://${AUTH.username}:${AUTH.password}@`), clone]);
      expect([...filesOf(clone).keys()]).toEqual(expect.arrayContaining(['SUMMARY.md', 'README.md', 'setup.md']));
      expect(await readFile(join(clone, 'setup.md'), 'utf8')).toContain('Install it.');
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
    // A second PUT reconfigures: same installation, no new secret.
    const again = await connect(cast.ann.token, spaceId, { url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', commitMessageTemplate: TEMPLATE, auth: { username: AUTH.username, token: AUTH.password } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ installationId: connected.installationId, installationStatus: 'active' });
    expect((again.body as Connected).webhookSecret).toBeUndefined();
    expect((await ended(spaceId)).operation).toMatchObject({ state: 'success' });
  });

  it("pushes a merge as exactly one commit: the merger's, the template's message, only the changed file", async () => {
    const before = await commitCount('synced');
    const merged = await mergeEdit(spaceId, 'setup', 'Install it with apt.\n', 'Setup: apt');
    let git_: { oid: string; message: string; createdByGitBook: boolean; ref?: string } | undefined;
    await waitUntil(async () => (git_ = (await server.as(cast.ann.token).spaces.getRevisionById(spaceId, merged.revision)).data.git as typeof git_) !== undefined, 'the merge to be pushed', 30_000);
    expect(git_).toMatchObject({ createdByGitBook: true, ref: 'refs/heads/main', message: expect.stringContaining(`Setup: apt (#${merged.number}) by Ann Admin`) });
    expect(await commitCount('synced')).toBe(before + 1);
    const head = (await branch('synced', ['rev-parse', 'refs/heads/main'])).trim();
    expect(git_!.oid).toBe(head);
    const log = await branch('synced', ['log', '-1', '--format=%an <%ae>%n%B', head]);
    expect(log).toContain('Ann Admin <ann@acme.io>');
    expect(log).toContain(`Folio-Revision: ${merged.revision}`);
    const stat = await branch('synced', ['show', '--name-only', '--format=', head]);
    expect(stat.trim().split('\n')).toEqual(['setup.md']);
    expect(await branch('synced', ['show', `${head}:setup.md`])).toContain('Install it with apt.');
    expect((await info(spaceId)).operation).toMatchObject({ state: 'success', direction: 'export', commit: { oid: head } });
  });

  it('records a push the branch refused because it moved, never forces it, and pushes the merge once the pull brought the commit in', async () => {
    const clone = await mkdtemp(join(tmpdir(), 'folio-git-sync-push-'));
    try {
      await gitCommand(['clone', '--quiet', git.url('synced').replace('http://', `http://${AUTH.username}:${AUTH.password}@`), clone]);
      await gitCommand(['-c', 'user.name=Gil', '-c', 'user.email=gil@acme.io', 'commit', '--quiet', '--allow-empty', '-m', 'Made in Git'], clone);
      await gitCommand(['push', '--quiet', 'origin', 'HEAD:refs/heads/main'], clone);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
    const moved = (await branch('synced', ['rev-parse', 'refs/heads/main'])).trim();
    const merged = await mergeEdit(spaceId, 'welcome', 'Read every guide.\n', 'Welcome: every guide');
    // The refused push asks for a pull, which brings the commit in and pushes main's merge on top of it.
    let head = moved;
    await waitUntil(async () => (head = (await branch('synced', ['rev-parse', 'refs/heads/main'])).trim()) !== moved, 'the merge to be pushed', 60_000);
    const events = await server.events.readStream(gitSyncStream(spaceId));
    expect(events.find((event) => event.type === 'GitSyncRevisionPushFailed')?.data).toMatchObject({ revision: merged.revision, error: 'the branch moved; Git → Folio sync will bring it in' });
    expect((await branch('synced', ['rev-list', '--parents', '-n', '1', head])).trim().split(' ').slice(1, 2)).toEqual([moved]);
    expect(await branch('synced', ['show', `${head}:README.md`])).toContain('Read every guide.');
  });

  it("connects with priority git: main becomes the repository's content", async () => {
    const other = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'From Git' })).data.id;
    await seedMain(server, cast.ann.id, other, async (tree, now) => {
      await tree.insertPage({ id: 'old', into: null, meta: { title: 'Written in Folio' }, document: markdownToDocument('Replaced by the repository.\n').document, now });
    });
    await git.createRepository('handbook', { files: { 'SUMMARY.md': '# Table of contents\n\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n\nFrom the repository.\n' } });
    const answer = await connect(cast.ann.token, other, { url: git.url('handbook').replace('http://', `http://${AUTH.username}:${AUTH.password}@`), ref: 'refs/heads/main', provider: 'github', priority: 'git' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ installationProvider: 'github', operation: { direction: 'import' } });
    expect((await ended(other)).operation).toMatchObject({ state: 'success', direction: 'import' });
    const pages = (await server.as(cast.ann.token).spaces.listPages(other)).data.pages.map((page) => page.title);
    expect(pages).toEqual(['Guide']);
    // The import's revision came from Git: nothing is pushed back.
    const events = await server.events.readStream(gitSyncStream(other));
    expect(events.filter((event) => event.type === 'GitSyncRevisionPushed')).toEqual([]);
  });

  it('disconnects: further merges push nothing, the credentials no longer open, no secret in clear anywhere', async () => {
    const stream = await server.events.readStream(gitSyncStream(spaceId));
    const connectedEvent = stream.find((event) => event.type === 'GitSyncConnected')!;
    const { installationId, credentials, webhookSecret: sealedSecret } = connectedEvent.data as { installationId: string; credentials: Sealed; webhookSecret: Sealed };
    const cipher = server.app.get(SubjectCipher);
    expect(await cipher.open(gitSyncCredentialsSubject(installationId), credentials)).toMatchObject({ password: AUTH.password });
    expect(await cipher.open(gitSyncCredentialsSubject(installationId), sealedSecret)).toBe(webhookSecret);
    expect((await disconnect(cast.ann.token, spaceId)).status).toBe(204);
    await expectStatus(server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId), 404);
    expect(await cipher.open(gitSyncCredentialsSubject(installationId), credentials)).toBeNull();
    expect(await cipher.open(gitSyncCredentialsSubject(installationId), sealedSecret)).toBeNull();
    expect(JSON.stringify(stream.map((event) => event.data))).not.toContain(webhookSecret);
    const head = (await branch('synced', ['rev-parse', 'refs/heads/main'])).trim();
    await mergeEdit(spaceId, 'setup', 'Install it with dnf.\n', 'Setup: dnf');
    const changed = (await server.events.readStream(spaceStream(spaceId))).filter((event) => event.type === 'SpaceContentChanged').at(-1)!;
    await processReached(server, GIT_SYNC_MIRROR, changed.position, 30_000);
    expect((await branch('synced', ['rev-parse', 'refs/heads/main'])).trim()).toBe(head);
    // Nothing handled the merge: no push, not even a refused one (connected, the moved branch would have failed it).
    expect((await server.events.readStream(gitSyncStream(spaceId))).at(-1)!.type).toBe('GitSyncDisconnected');
    expect((await disconnect(cast.ann.token, spaceId)).status).toBe(404);
    const events = await server.events.readAll(null, 100_000);
    expect(JSON.stringify(events.map((event) => [event.type, event.data, event.metadata]))).not.toContain(AUTH.password);
    const needles = [AUTH.password, webhookSecret].map((secret) => Buffer.from(secret));
    for (const [file, bytes] of filesOf(server.dataDir)) expect({ file, found: needles.some((needle) => bytes.includes(needle)) }).toEqual({ file, found: false });
  });

  it('refuses bad input with a 400 that writes nothing', async () => {
    const path = `/v1/spaces/${spaceId}/git-sync`;
    const ok = { url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook' };
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, url: 'ftp://127.0.0.1/r.git' });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, url: `http://127.0.0.1/${'x'.repeat(2048)}` });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, ref: 'main' });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, provider: 'github-legacy' });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, priority: 'both' });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, projectDirectory: '../up' });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, commitMessageTemplate: 'x'.repeat(501) });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, auth: { username: 'a' } });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, auth: { token: 't', extra: 1 } });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ...ok, surprise: 1 });
    await server.expectRefused(cast.ann.token, 'PUT', path, { ref: 'refs/heads/main', provider: 'gitlab', priority: 'git' });
  });

  it('answers editors 403, strangers 404 and anonymous callers 401', async () => {
    const body = { url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook' };
    const before = await server.events.headPosition();
    expect((await connect(cast.ed.token, spaceId, body)).status).toBe(403);
    expect((await disconnect(cast.ed.token, spaceId)).status).toBe(403);
    expect((await connect(cast.cat.token, spaceId, body)).status).toBe(404);
    expect((await disconnect(cast.cat.token, spaceId)).status).toBe(404);
    expect((await server.fetch(`/v1/spaces/${spaceId}/git-sync`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(401);
    expect((await disconnect(undefined, spaceId)).status).toBe(401);
    expect(await server.events.headPosition()).toBe(before);
  });
});
