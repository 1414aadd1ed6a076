import { GitSyncState } from '@gitbook/api';
import { createHmac } from 'node:crypto';
import { GitSyncPoller } from '@folio/content/gitsync/remote/git-sync-poller';
import { gitSyncStream } from '@folio/content/gitsync/remote/git-sync.events';
import { GitServer, startGitServer } from '../support/git-server';
import { expectMatchesSpec } from '../support/openapi';
import { waitUntil } from '../support/processes';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

/** Each connection's first sync pushes through a real Git server: bounded generously. */
jest.setTimeout(90_000);

const AUTH = { username: 'folio', password: 'pw-0f-the-hooked-server' };
const UNSIGNED = /^This delivery is not signed with the Git Sync webhook secret of a connected space/;
const zeros = '0'.repeat(40);

type Connected = GitSyncState & { webhookSecret?: string };
type Answer = { status: number; body: unknown };

/**
 * The push webhook (`POST /v1/git-sync/hooks/{spaceId}`, an addition the client's spec does not have: plain
 * HTTP) and the poller, against a real Git server on loopback: the pull each trigger requests on the space's
 * stream (what the pull then does is test/e2e/git-sync-pull.e2e-spec.ts's).
 */
describe('Git Sync push webhook and poller', () => {
  let git: GitServer;
  let server: TestServer;
  let cast: RoleCast;
  /** Spaces connected with provider github (webhook), gitlab (webhook), github (polled), and one never connected. */
  const spaces = { hub: '', lab: '', polled: '', plain: '' };
  const secrets = { hub: '', lab: '', polled: '' };

  /** Connects `space` to a new repository `name` (priority gitbook: its first sync commits the space); answers the webhook secret once that sync succeeded. */
  const connect = async (space: string, name: string, provider: 'github' | 'gitlab') => {
    await git.createRepository(name);
    const answer = await server.fetch(`/v1/spaces/${space}/git-sync`, {
      method: 'PUT',
      token: cast.ann.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: git.url(name), ref: 'refs/heads/main', provider, priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } }),
    });
    expect(answer.status).toBe(200);
    let state: GitSyncState & { operation?: { state: string } } = answer.body as Connected;
    await waitUntil(async () => ((state = (await server.as(cast.ann.token).spaces.getSpaceGitInfo(space)).data).operation?.state ?? 'running') !== 'running', 'the first sync to end', 30_000);
    expectMatchesSpec('GET', '/spaces/{spaceId}/git/info', 200, state);
    expect(state.operation).toMatchObject({ state: 'success' });
    return (answer.body as Connected).webhookSecret!;
  };
  /** A delivery as a Git server sends it: the JSON text as is, with the given headers and no Folio token. */
  const deliver = (space: string, text: string, headers: Record<string, string> = {}): Promise<Answer> =>
    server.fetch(`/v1/git-sync/hooks/${encodeURIComponent(space)}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  const hubSignature = (secret: string, text: string) => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;
  /** GitHub's push payload (the fields the sync reads, among others GitHub sends). */
  const githubPush = (after: string, ref = 'refs/heads/main') => JSON.stringify({ ref, before: zeros.replace(/0/g, '1'), after, created: false, deleted: after === zeros, forced: false, repository: { full_name: 'acme/hooked' }, commits: [] });
  const signedGithub = (secret: string, text: string, event = 'push') => ({ 'x-github-event': event, 'x-github-delivery': 'd-1', 'x-hub-signature-256': hubSignature(secret, text) });
  const pulls = async (space: string) => (await server.events.readStream(gitSyncStream(space))).filter((event) => event.type === 'GitSyncPullRequested').map((event) => event.data as { head: string; trigger: string });
  /** Sends a delivery that must be answered `status` with nothing appended to the log. */
  const expectNothingWritten = async (status: number, space: string, text: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const before = await server.head();
    const answer = await deliver(space, text, headers);
    expect(answer.status).toBe(status);
    expect(await server.head()).toBe(before);
    return answer;
  };
  const expectUnsigned = async (space: string, text: string, headers: Record<string, string> = {}) => {
    const answer = await expectNothingWritten(401, space, text, headers);
    expect(answer.body).toEqual({ error: { code: 401, message: expect.stringMatching(UNSIGNED) } });
  };

  beforeAll(async () => {
    git = await startGitServer(AUTH);
    // No timer: the poller's passes are run by the test.
    server = await startServer({ env: { FETCH_ALLOW_PRIVATE: 'true', GIT_SYNC_INTERVAL_S: '0' } });
    cast = await organizationWithRoles(server);
    for (const key of Object.keys(spaces) as (keyof typeof spaces)[]) spaces[key] = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: key })).data.id;
    secrets.hub = await connect(spaces.hub, 'hooked', 'github');
    secrets.lab = await connect(spaces.lab, 'labbed', 'gitlab');
    secrets.polled = await connect(spaces.polled, 'polled', 'github');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await git?.stop();
  });

  it('takes a GitHub-signed push to the connected branch (202): a pull of the pushed head, once while it waits', async () => {
    const head = await git.commit('hooked', { files: { 'README.md': '# Changed in Git\n' }, message: 'Edit in Git' });
    const text = githubPush(head);
    const answer = await deliver(spaces.hub, text, signedGithub(secrets.hub, text));
    expect(answer).toMatchObject({ status: 202, body: undefined });
    expect(await pulls(spaces.hub)).toEqual([expect.objectContaining({ spaceId: spaces.hub, head, trigger: 'webhook' })]);
    // The pull brings the commit in; the same delivery again (GitHub redelivers on a timeout) is taken, and asks for nothing more.
    const imported = async () => (await server.events.readStream(gitSyncStream(spaces.hub))).filter((event) => event.type === 'GitSyncCommitImported' && event.data.oid === head);
    await waitUntil(async () => (await imported()).length > 0, 'the pushed commit to be imported', 60_000);
    expect((await deliver(spaces.hub, text, signedGithub(secrets.hub, text))).status).toBe(202);
    expect(await pulls(spaces.hub)).toHaveLength(1);
    expect(await imported()).toHaveLength(1);
  });

  it('refuses (401, nothing written) a missing or wrong signature, a signature of other bytes, and the GitLab header in its place', async () => {
    const text = githubPush('b'.repeat(40));
    await expectUnsigned(spaces.hub, text, { 'x-github-event': 'push' });
    await expectUnsigned(spaces.hub, text, signedGithub(secrets.lab, text));
    await expectUnsigned(spaces.hub, text, signedGithub(secrets.hub, `${text} `));
    await expectUnsigned(spaces.hub, text, { 'x-gitlab-token': secrets.hub });
    // Checked before the payload is read: an unsigned bad payload is a 401, not a 400.
    await expectUnsigned(spaces.hub, JSON.stringify({ ref: 'refs/heads/main', after: 'not-a-commit' }));
  });

  it('answers a space not connected, unknown or named oddly exactly as a wrong signature', async () => {
    const text = githubPush('c'.repeat(40));
    for (const space of [spaces.plain, 'noSuchSpace000000000', '__proto__']) await expectUnsigned(space, text, signedGithub(secrets.hub, text));
  });

  it('does nothing (204) for a ping, a push to another branch, a deleted branch, or another event', async () => {
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    expect(await expectNothingWritten(204, spaces.hub, ping, signedGithub(secrets.hub, ping, 'ping'))).toMatchObject({ body: undefined });
    const other = githubPush('d'.repeat(40), 'refs/heads/feature');
    await expectNothingWritten(204, spaces.hub, other, signedGithub(secrets.hub, other));
    const deleted = githubPush(zeros);
    await expectNothingWritten(204, spaces.hub, deleted, signedGithub(secrets.hub, deleted));
    const issue = JSON.stringify({ action: 'opened' });
    await expectNothingWritten(204, spaces.hub, issue, signedGithub(secrets.hub, issue, 'issues'));
  });

  it('is charged to the sender’s address like any request without a token, and takes JSON only (GitHub’s form encoding is a 415)', async () => {
    const ping = JSON.stringify({ zen: 'Design for failure.', hook_id: 1 });
    const answer = await server.fetch(`/v1/git-sync/hooks/${spaces.hub}`, { method: 'POST', headers: { 'content-type': 'application/json', ...signedGithub(secrets.hub, ping, 'ping') }, body: ping });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const form = `payload=${encodeURIComponent(githubPush('f'.repeat(40)))}`;
    await expectNothingWritten(415, spaces.hub, form, { ...signedGithub(secrets.hub, form), 'content-type': 'application/x-www-form-urlencoded' });
  });

  it('refuses (400, nothing written) malformed JSON, and a signed push without a ref or a commit id', async () => {
    const malformed = '{"ref": "refs/heads/main", "after": ';
    expect((await expectNothingWritten(400, spaces.hub, malformed, signedGithub(secrets.hub, malformed))).body).toEqual({ error: { code: 400, message: expect.stringMatching(/^Malformed JSON body/) } });
    for (const payload of [{ after: 'e'.repeat(40) }, { ref: 'refs/heads/main', after: 'e'.repeat(39) }, { ref: 'refs/heads/main', after: 'E'.repeat(40) }, { ref: 'refs/heads/main' }, { ref: 7, after: 'e'.repeat(40) }]) {
      const text = JSON.stringify(payload);
      expect((await expectNothingWritten(400, spaces.hub, text, signedGithub(secrets.hub, text))).body).toEqual({ error: { code: 400, message: expect.stringMatching(/^a push event needs/) } });
    }
    const array = '[]';
    expect((await expectNothingWritten(400, spaces.hub, array, signedGithub(secrets.hub, array))).body).toMatchObject({ error: { code: 400 } });
  });

  it('takes a GitLab push with X-Gitlab-Token (202), and refuses another token or a GitHub signature (401)', async () => {
    const head = await git.commit('labbed', { files: { 'guide.md': '# Guide\n\nWritten in GitLab.\n' }, message: 'Guide' });
    const text = JSON.stringify({ object_kind: 'push', event_name: 'push', ref: 'refs/heads/main', before: zeros.replace(/0/g, '2'), after: head, checkout_sha: head, project: { path_with_namespace: 'acme/labbed' }, commits: [] });
    await expectUnsigned(spaces.lab, text, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': secrets.hub });
    await expectUnsigned(spaces.lab, text, { 'x-gitlab-event': 'Push Hook', 'x-hub-signature-256': hubSignature(secrets.lab, text) });
    expect(await pulls(spaces.lab)).toEqual([]);
    const tag = JSON.stringify({ object_kind: 'tag_push', ref: 'refs/tags/v1', after: head });
    await expectNothingWritten(204, spaces.lab, tag, { 'x-gitlab-event': 'Tag Push Hook', 'x-gitlab-token': secrets.lab });
    expect((await deliver(spaces.lab, text, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': secrets.lab })).status).toBe(202);
    expect(await pulls(spaces.lab)).toEqual([expect.objectContaining({ head, trigger: 'webhook' })]);
  });

  it('polls: a pass reads each connected branch with its credentials and requests a pull where it moved', async () => {
    const poller = server.app.get(GitSyncPoller);
    // The polled space's branch is where its first sync left it (other spaces' pulls of earlier tests may still be
    // under way: the poll may ask for them again).
    expect(await poller.poll()).not.toContain(spaces.polled);
    expect(await pulls(spaces.polled)).toEqual([]);
    const head = await git.commit('polled', { files: { 'README.md': '# Polled\n' }, message: 'Edit to be polled' });
    expect(await poller.poll()).toContain(spaces.polled);
    expect(await pulls(spaces.polled)).toEqual([expect.objectContaining({ head, trigger: 'poll' })]);
  });
});
