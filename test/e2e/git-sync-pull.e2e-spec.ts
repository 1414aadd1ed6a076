import { ChangeRequestStatus, GitSyncState } from '@gitbook/api';
import { createHmac } from 'node:crypto';
import pino from 'pino';
import { filesOf } from '../support/folders';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { gitSyncDecider } from '@folio/content/gitsync/remote/git-sync.decider';
import { gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { handbookSpace } from '../support/handbook-space';
import { GitServer, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { waitUntil } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

/** Each test waits on the Git Sync process (fetches, imports, merges and pushes through a real Git server): bounded generously. */
jest.setTimeout(120_000);

const INFO = '/spaces/{spaceId}/git/info';
const REVISION = '/spaces/{spaceId}/revisions/{revisionId}';
const AUTH = { username: 'folio', password: 'pw-0f-the-pulled-server' };
const GIL = { name: 'Gil Coder', email: 'gil@acme.io' };
const MAIN = 'refs/heads/main';

type Info = GitSyncState & { operation?: { id?: string; state: string; direction: string; error?: string; commit?: { oid: string } } };
type RevisionGit = { oid: string; message: string; createdByGitBook: boolean; ref?: string };

describe('Git Sync, Git → Folio: pulls against a real Git server', () => {
  let git: GitServer;
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;
  /** The push-webhook secret the connection answered. */
  let webhookSecret: string;
  /** Everything the server logged, at debug level (the token and the secret must be in none of it). */
  const logLines: string[] = [];

  const info = async (): Promise<Info> => (await server.as(cast.ann.token).spaces.getSpaceGitInfo(spaceId)).data as Info;
  const head = async () => (await git.git('pulled', ['rev-parse', MAIN])).trim();
  const parents = async (oid: string) => (await git.git('pulled', ['rev-list', '--parents', '-n', '1', oid])).trim().split(' ').slice(1);
  const fileAt = (oid: string, path: string) => git.git('pulled', ['show', `${oid}:${path}`]);
  const mainRevision = async () => {
    const { id } = (await server.as(cast.ann.token).spaces.getCurrentRevision(spaceId)).data;
    const { data } = await server.as(cast.ann.token).spaces.getRevisionById(spaceId, id);
    return data as typeof data & { git?: RevisionGit };
  };
  const markdownOf = async (page: string) =>
    ((await server.as(cast.ann.token).spaces.getPageById(spaceId, page, { format: 'markdown' } as never)).data as unknown as { markdown: string }).markdown;
  /** GitHub's push webhook for the branch at `oid`, signed with the connection's secret. */
  const deliverPush = async (oid: string) => {
    const text = JSON.stringify({ ref: MAIN, after: oid, repository: { full_name: 'acme/pulled' } });
    const signature = `sha256=${createHmac('sha256', webhookSecret).update(text).digest('hex')}`;
    return server.fetch(`/v1/git-sync/hooks/${spaceId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature }, body: text });
  };
  /** What the push webhook or the poll asks for: a pull of the branch at `oid`. */
  const requestPull = async (operationId: string, oid: string) =>
    server.app.get(Aggregates).handle(gitSyncStream(spaceId), gitSyncDecider, { type: 'RequestPull', operationId, head: oid, trigger: 'webhook' }, systemCaller('e2e'));
  /** The space's state once a pull ended (the answer names no operation id: told by its direction and, for a success, its commit). */
  const pullEnded = async (oid: string): Promise<Info> => {
    let state: Info | undefined;
    const ended = ({ operation }: Info) => operation?.direction === 'import' && (operation.state === 'failure' || (operation.state === 'success' && operation.commit?.oid === oid));
    await waitUntil(async () => ended((state = await info())), `the pull of ${oid} to end`, 60_000);
    expectMatchesSpec('GET', INFO, 200, state);
    return state!;
  };
  /** A change request by Ed rewriting `page`, merged by Ann: main's new revision. */
  const mergeEdit = async (page: string, markdown: string, subject: string) => {
    const cr = (await server.as(cast.ed.token).spaces.createChangeRequest(spaceId, { subject })).data;
    await server.as(cast.ed.token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'update_page', page, document: { markdown } }] as never });
    expect((await server.as(cast.ann.token).spaces.mergeChangeRequest(spaceId, cr.id)).data.result).toBe('merge');
  };

  beforeAll(async () => {
    git = await startGitServer(AUTH);
    server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true' }, logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) }) });
    cast = await organizationWithRoles(server);
    spaceId = await handbookSpace(server, cast);
    await git.createRepository('pulled');
    const connected = await server.fetch(`/v1/spaces/${spaceId}/git-sync`, {
      method: 'PUT',
      token: cast.ann.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: git.url('pulled'), ref: MAIN, provider: 'github', priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } }),
    });
    expect(connected.status).toBe(200);
    webhookSecret = (connected.body as { webhookSecret: string }).webhookSecret;
    await waitUntil(async () => (await info()).operation?.state === 'success', 'the first sync', 60_000);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await git?.stop();
  });

  it("brings a commit pushed to the branch (the push webhook) in as a merged change request named after it; main's revision names the commit", async () => {
    const pushed = await git.commit('pulled', { files: { 'setup.md': '# Setup\n\nInstall it with git.\n' }, message: 'Setup: install with git\n\nWhy: it is simpler.', author: GIL });
    expect((await deliverPush(pushed)).status).toBe(202);
    const ended = await pullEnded(pushed);
    expect(ended.operation).toMatchObject({ state: 'success', direction: 'import', commit: { oid: pushed } });
    const revision = await mainRevision();
    expectMatchesSpec('GET', REVISION, 200, revision);
    expect(revision.git).toMatchObject({ oid: pushed, message: 'Setup: install with git\n\nWhy: it is simpler.', createdByGitBook: false, ref: MAIN });
    // The page kept its id (matched by its path) and has the commit's text.
    expect(await markdownOf('setup')).toContain('Install it with git.');
    const requests = (await server.as(cast.ann.token).spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Merged })).data.items;
    expect(requests.map((request) => request.subject)).toContain('Setup: install with git');
    // Nothing went back: the branch is at the commit.
    expect(await head()).toBe(pushed);
    // A second request for the same head asks for nothing (in step).
    expect((await requestPull('pull-1b', pushed)).events).toEqual([]);
  });

  it('merges a commit with edits Folio made meanwhile, and pushes the merge as a merge commit of both sides', async () => {
    const synced = await head();
    const pushed = await git.commit('pulled', { files: { 'README.md': '# Welcome\n\nRead the guides, written in Git.\n' }, message: 'Welcome: from Git', author: GIL });
    // Folio's push of this merge finds the branch moved: it fails, and asks for the pull that brings the commit in.
    await mergeEdit('setup', 'Install it with git or apt.\n', 'Setup: apt too');
    let merge = '';
    await waitUntil(async () => (merge = await head()) !== pushed && (await parents(merge)).length === 2, 'the merge commit to be pushed', 60_000);
    const [first, side] = await parents(merge);
    expect(first).toBe(pushed);
    expect(await parents(side)).toEqual([synced]);
    expect(await fileAt(side, 'setup.md')).toContain('Install it with git or apt.');
    expect(await fileAt(merge, 'setup.md')).toContain('Install it with git or apt.');
    expect(await fileAt(merge, 'README.md')).toContain('written in Git');
    expect(await markdownOf('welcome')).toContain('written in Git');
    await waitUntil(async () => (await mainRevision()).git?.oid === merge, "main's revision to name the merge commit", 30_000);
    expect((await mainRevision()).git).toMatchObject({ oid: merge, createdByGitBook: true });
  });

  it('leaves a commit that edits the paragraph Folio edited in an open change request, pushing nothing until its merge goes out as a merge commit', async () => {
    const before = await head();
    const pushed = await git.commit('pulled', { files: { 'setup.md': '# Setup\n\nInstall it with brew.\n' }, message: 'Setup: brew', author: GIL });
    await mergeEdit('setup', 'Install it with snap.\n', 'Setup: snap');
    let state: Info | undefined;
    await waitUntil(async () => (state = await info()).operation?.direction === 'import' && state.operation?.state === 'failure', 'the pull to fail on the conflict', 60_000);
    expectMatchesSpec('GET', INFO, 200, state);
    const listed = (await server.as(cast.ann.token).spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Open })).data.items;
    const open = listed.find((request) => request.subject === 'Setup: brew');
    expect(open).toBeDefined();
    expect(state!.operation!.error).toContain(`change request #${open!.number}`);
    expect(await head()).toBe(pushed);
    expect(before).not.toBe(pushed);
    // Another edit in Folio meanwhile: not pushed either, the branch stays at the commit.
    await mergeEdit('welcome', 'Read every guide.\n', 'Welcome: every guide');
    await waitUntil(async () => (await info()).operation?.error?.startsWith('waiting for change request') === true, 'the push to wait', 30_000);
    expect(await head()).toBe(pushed);
    // The writer settles the paragraph in the request and merges it: one merge commit of both sides goes out.
    await server.as(cast.ann.token).spaces.updateChangeRequestContent(spaceId, open!.id, { changes: [{ operation: 'update_page', page: 'setup', document: { markdown: 'Install it with brew or snap.\n' } }] as never });
    expect((await server.as(cast.ann.token).spaces.mergeChangeRequest(spaceId, open!.id)).data.result).toBe('merge');
    let merge = '';
    await waitUntil(async () => (merge = await head()) !== pushed, 'the merge to be pushed', 60_000);
    const [first] = await parents(merge);
    expect(await parents(merge)).toHaveLength(2);
    expect(first).toBe(pushed);
    expect(await fileAt(merge, 'setup.md')).toContain('Install it with brew or snap.');
    expect(await fileAt(merge, 'README.md')).toContain('Read every guide.');
    expect(await git.git('pulled', ['rev-list', '--count', `${pushed}..${merge}`])).toBe('2\n');
    await waitUntil(async () => (await mainRevision()).git?.oid === merge, "main's revision to name the merge commit", 30_000);
  });

  it('keeps the id of a page whose file was moved in Git', async () => {
    const before = await head();
    const summary = await fileAt(before, 'SUMMARY.md');
    const text = await fileAt(before, 'setup.md');
    expect(summary).toContain('setup.md');
    const pushed = await git.commit('pulled', { files: { 'setup.md': null, 'install.md': text, 'SUMMARY.md': summary.replace('setup.md', 'install.md') }, message: 'Move the setup page', author: GIL });
    expect((await deliverPush(pushed)).status).toBe(202);
    expect((await pullEnded(pushed)).operation).toMatchObject({ state: 'success' });
    const pages = (await server.as(cast.ann.token).spaces.listPages(spaceId)).data.pages;
    expect(pages.find((page) => page.id === 'setup')).toMatchObject({ title: 'Setup', slug: 'install' });
    expect(pages).toHaveLength(2);
  });

  it('reports a force-push and overwrites neither side', async () => {
    const synced = await head();
    const pagesBefore = await markdownOf('setup');
    // The branch rewritten to a commit that does not descend from the synced one.
    const root = (await git.git('pulled', ['rev-list', '--max-parents=0', MAIN])).trim().split('\n')[0];
    await git.git('pulled', ['update-ref', MAIN, root]);
    const rewritten = await git.commit('pulled', { files: { 'setup.md': '# Setup\n\nRewritten history.\n' }, message: 'Rewrite', author: GIL });
    await requestPull('pull-forced', rewritten);
    const ended = await pullEnded(rewritten);
    expect(ended.operation).toMatchObject({ state: 'failure', direction: 'import' });
    expect(ended.operation!.error).toContain('force-pushed');
    expect(ended.operation!.error).toContain(synced.slice(0, 12));
    expect(await markdownOf('setup')).toBe(pagesBefore);
    expect(await head()).toBe(rewritten);
    // Asked again for the same head: nothing more is recorded.
    expect((await requestPull('pull-forced-again', rewritten)).events).toEqual([]);
  });

  it('keeps the token and the webhook secret out of every answer, log line, event and file of the data directory', async () => {
    const secrets = [AUTH.password, webhookSecret];
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
    const answers = [await info(), await mainRevision(), (await server.as(cast.ann.token).spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Merged })).data];
    for (const secret of secrets) expect(JSON.stringify(answers)).not.toContain(secret);
    const events = JSON.stringify((await server.events.readAll(null, 100_000)).map((event) => [event.data, event.metadata]));
    for (const secret of secrets) expect(events).not.toContain(secret);
    const needles = secrets.map((secret) => Buffer.from(secret));
    for (const [file, bytes] of filesOf(server.dataDir)) expect({ file, found: needles.some((needle) => bytes.includes(needle)) }).toEqual({ file, found: false });
  });
});
