// Git import and export through the API against a real Git server on loopback (`git http-backend`, the test
// server): a repository holding the bench's 1,000-page Git Sync folder imported into a space, the space's first
// export to an empty repository, and one page's change round trip (a change request edited and merged, then an
// export pushing it: one commit). Each is timed from the request to the operation's success in `git/info`, as a
// client following the operation sees it. Then the same space connected to a branch (PUT …/git-sync, priority
// gitbook): its first sync, one page's change round trip as the sync makes it, from the merge's request to the
// branch's head being the pushed commit, and the way back, from the push webhook for a commit made with git to
// main's revision naming it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GitServer, startGitServer } from '../test/support/git-server';
import { runAlone } from './alone';
import { createOrganization, Folio, startFolio } from './folio';
import { writeBenchFolder } from './gitsync-folder-pages';
import { ms, num, seconds, section, table } from './report';

const PAGES = 1000;
const AUTH = { username: 'bench', password: 'bench-secret' };
/** A generous bound on one operation: a stuck one must not keep the bench alive. */
const OPERATION_MS = 300_000;
const POLL_MS = 50;

export interface GitExportFigures {
  pages: number;
  importMs: number;
  firstExportMs: number;
  /** The edit and merge of one page through the API. */
  editAndMergeMs: number;
  /** The export that pushes that change: one commit. */
  changeExportMs: number;
  /** Files the change's commit touched (git show --stat). */
  changedFiles: number;
  /** Connected to an empty branch: from PUT …/git-sync to the first sync's success. */
  syncFirstMs: number;
  /** Connected: from the merge's request of one page's change to the branch's head being its commit. */
  syncRoundTripMs: number;
  /** Files that commit touched. */
  syncChangedFiles: number;
  /** Connected, Git → Folio: from the push webhook for a commit made with git on one page to main's revision naming it. */
  pullMs: number;
}

/** Main's revision as GET …/content answers it (the part read here). */
type MainRevision = { id: string; git?: { oid: string } };

/** Every file under `root`, by its `/`-separated path. */
function filesOf(root: string, dir = root, into: Record<string, Buffer> = {}): Record<string, Buffer> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesOf(root, path, into);
    else into[relative(root, path).split('\\').join('/')] = readFileSync(path);
  }
  return into;
}

/** Resolves once `condition` holds, polling every POLL_MS; throws, naming `what`, after OPERATION_MS. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + OPERATION_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${OPERATION_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const elapsedMs = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

type Operation = { state: string; direction: string; error?: string; startedAt: string };

/** Waits for the latest operation in `git/info`, in `direction` and started at or after `sent`, to end; throws if it failed. */
async function operationEnded(folio: Folio, spaceId: string, direction: 'import' | 'export', sent: number): Promise<void> {
  let op: Operation | undefined;
  await until(async () => {
    op = (JSON.parse((await folio.call('GET', `/v1/spaces/${spaceId}/git/info`)).text) as { operation?: Operation }).operation;
    return op !== undefined && op.direction === direction && op.state !== 'running' && Date.parse(op.startedAt) >= sent;
  }, `git ${direction} of space ${spaceId} ending`);
  if (op!.state !== 'success') throw new Error(`git ${direction} ended ${op!.state}: ${op!.error ?? ''}`);
}

/** Sends an operation and waits for its end in `git/info`: its time, or the failure. */
async function operation(folio: Folio, spaceId: string, direction: 'import' | 'export', body: Record<string, unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  // Whole milliseconds, as `startedAt` has them.
  const sent = Date.now();
  await folio.call('POST', `/v1/spaces/${spaceId}/git/${direction}`, { ...body, timestamp: new Date(sent).toISOString() });
  await operationEnded(folio, spaceId, direction, sent);
  return elapsedMs(start);
}

/** A change request rewriting `pageId`'s document, written but not merged: its id. */
async function editRequest(folio: Folio, spaceId: string, pageId: string, subject: string, markdown: string): Promise<string> {
  const request = JSON.parse((await folio.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject })).text) as { id: string };
  await folio.call('POST', `/v1/spaces/${spaceId}/change-requests/${request.id}/content`, { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] });
  return request.id;
}

export async function measureGitExport(tempDir: string): Promise<GitExportFigures> {
  const dir = mkdtempSync(join(tempDir, 'git-export-'));
  const git = await startGitServer(AUTH);
  // No poller: the pull timed is the one the push webhook asks for.
  const folio = await startFolio(join(dir, 'data'), undefined, { FETCH_ALLOW_PRIVATE: 'true', GIT_SYNC_INTERVAL_S: '0' });
  try {
    await writeBenchFolder(join(dir, 'folder'), PAGES);
    await git.createRepository('source', { files: filesOf(join(dir, 'folder')) });
    await git.createRepository('docs');
    const withAuth = (name: string) => git.url(name).replace('://', `://${AUTH.username}:${AUTH.password}@`);
    const organization = await createOrganization(folio, 'Git bench');
    const space = JSON.parse((await folio.call('POST', `/v1/orgs/${organization}/spaces`, { title: 'Docs' })).text) as { id: string };

    const importMs = await operation(folio, space.id, 'import', { url: withAuth('source'), ref: 'refs/heads/main', force: true });
    const firstExportMs = await operation(folio, space.id, 'export', { url: withAuth('docs'), ref: 'refs/heads/main', commitMessage: 'First export' });

    const editStart = process.hrtime.bigint();
    const pages = JSON.parse((await folio.call('GET', `/v1/spaces/${space.id}/content/pages`)).text) as { pages: { id: string; pages?: { id: string }[] }[] };
    const page = pages.pages[0].pages?.[0] ?? pages.pages[0];
    const request = await editRequest(folio, space.id, page.id, 'One page', 'One paragraph, edited for the round trip.');
    await folio.call('POST', `/v1/spaces/${space.id}/change-requests/${request}/merge`);
    const editAndMergeMs = elapsedMs(editStart);
    const changeExportMs = await operation(folio, space.id, 'export', { url: withAuth('docs'), ref: 'refs/heads/main', commitMessage: 'One page' });
    const changedFiles = await filesChanged(git, 'docs');

    // Connected: the sync pushes each merge by itself.
    await git.createRepository('synced');
    const connectStart = process.hrtime.bigint();
    const connectSent = Date.now();
    const connected = JSON.parse(
      (await folio.call('PUT', `/v1/spaces/${space.id}/git-sync`, { url: git.url('synced'), ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', auth: { username: AUTH.username, token: AUTH.password } })).text,
    ) as { webhookSecret: string };
    await operationEnded(folio, space.id, 'export', connectSent);
    const syncFirstMs = elapsedMs(connectStart);
    const head = async () => (await git.git('synced', ['rev-parse', 'refs/heads/main'])).trim();
    const synced = await head();
    const synchronised = await editRequest(folio, space.id, page.id, 'One page, synced', 'One paragraph, edited for the connected round trip.');
    const mergeStart = process.hrtime.bigint();
    await folio.call('POST', `/v1/spaces/${space.id}/change-requests/${synchronised}/merge`);
    await until(async () => (await head()) !== synced, 'the merge pushed to the connected branch');
    const syncRoundTripMs = elapsedMs(mergeStart);
    const revision = JSON.parse((await folio.call('GET', `/v1/spaces/${space.id}/content`)).text) as MainRevision;
    const message = await git.git('synced', ['log', '-1', '--format=%B', 'refs/heads/main']);
    if (!message.includes(`Folio-Revision: ${revision.id}`)) throw new Error(`the connected branch's head is not the merge's commit:\n${message}`);
    const syncChangedFiles = await filesChanged(git, 'synced');

    // Git → Folio: a commit made with git on another page, announced by GitLab's push webhook; the pull brings it
    // in as a change request, merges it, and main's revision names the commit.
    const edited = (await git.git('synced', ['show', '--name-only', '--format=', 'refs/heads/main'])).trim();
    const other = (await git.git('synced', ['ls-tree', '-r', '--name-only', 'refs/heads/main'])).split('\n').filter((path) => /\/page-\d+\.md$/.test(path) && path !== edited).at(-1)!;
    const text = await git.git('synced', ['show', `refs/heads/main:${other}`]);
    const before = await head();
    const pulled = await git.commit('synced', { files: { [other]: `${text}\nOne paragraph, added in Git.\n` }, message: 'One page, from Git' });
    const pullStart = process.hrtime.bigint();
    const push = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/main', before, after: pulled, checkout_sha: pulled, commits: [] });
    const hook = await fetch(`${folio.url}/v1/git-sync/hooks/${space.id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': connected.webhookSecret }, body: push });
    if (hook.status !== 202) throw new Error(`the push webhook answered ${hook.status}: ${await hook.text()}`);
    await until(async () => (JSON.parse((await folio.call('GET', `/v1/spaces/${space.id}/content`)).text) as MainRevision).git?.oid === pulled, "main's revision naming the commit made in Git");
    const pullMs = elapsedMs(pullStart);
    return { pages: PAGES, importMs, firstExportMs, editAndMergeMs, changeExportMs, changedFiles, syncFirstMs, syncRoundTripMs, syncChangedFiles, pullMs };
  } finally {
    await folio.stop();
    await git.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Files the branch's head commit touched in repository `name`. */
async function filesChanged(git: GitServer, name: string): Promise<number> {
  return (await git.git(name, ['show', '--name-only', '--format=', 'refs/heads/main'])).trim().split('\n').filter(Boolean).length;
}

export function gitExportReport(f: GitExportFigures): string {
  return section(
    `Git import and export through the API, against git http-backend on loopback (a ${num(f.pages)}-page space)`,
    table(
      ['operation', 'time', 'pages/s'],
      [
        [`import of a ${num(f.pages)}-page repository (force)`, ms(f.importMs), num(f.pages / (f.importMs / 1000))],
        ['first export to an empty repository', ms(f.firstExportMs), num(f.pages / (f.firstExportMs / 1000))],
        ['one page edited and merged (API)', ms(f.editAndMergeMs), ''],
        [`its export: one commit touching ${f.changedFiles} file(s)`, ms(f.changeExportMs), ''],
        ['connected (PUT …/git-sync, priority gitbook): first sync to an empty branch', seconds(f.syncFirstMs), num(f.pages / (f.syncFirstMs / 1000))],
        [`connected: one page merged → its commit the branch's head (${f.syncChangedFiles} file(s))`, seconds(f.syncRoundTripMs), ''],
        ["connected: a page committed in Git, its push webhook → main's revision names the commit", seconds(f.pullMs), ''],
      ],
    ) +
      '\n\nEach one-off operation is timed from its POST to its success in GET …/git/info (polled every 50 ms); the first sync from the PUT' +
      " to its success there; the connected round trip from the merge's POST to the branch's head (polled with git rev-parse) being the" +
      " merged revision's commit; the pull from GitLab's push webhook (POST /v1/git-sync/hooks/{spaceId}) to main's revision (GET …/content)" +
      ' naming the commit; the poller is off (GIT_SYNC_INTERVAL_S=0) so that the webhook alone asks for it.',
  );
}

// Alone: `node dist/bench/git-export.js` after a build.
if (require.main === module) runAlone('git-export', measureGitExport, gitExportReport);
