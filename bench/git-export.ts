// Git import and export through the API against a real Git server on loopback (`git http-backend`, the test
// server): a repository holding the bench's 1,000-page Git Sync folder imported into a space, the space's first
// export to an empty repository, and one page's change round trip (a change request edited and merged, then an
// export pushing it: one commit). Each is timed from the request to the operation's success in `git/info`, as a
// client following the operation sees it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startGitServer } from '../test/support/git-server';
import { runAlone } from './alone';
import { createOrganization, Folio, startFolio } from './folio';
import { writeBenchFolder } from './gitsync-folder-pages';
import { ms, num, section, table } from './report';

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
}

/** Every file under `root`, by its `/`-separated path. */
function filesOf(root: string, dir = root, into: Record<string, Buffer> = {}): Record<string, Buffer> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesOf(root, path, into);
    else into[relative(root, path).split('\\').join('/')] = readFileSync(path);
  }
  return into;
}

/** Sends an operation and waits for its end in `git/info`: its time, or the failure. */
async function operation(folio: Folio, spaceId: string, direction: 'import' | 'export', body: Record<string, unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  const sent = Date.now();
  const timestamp = new Date(sent).toISOString();
  await folio.call('POST', `/v1/spaces/${spaceId}/git/${direction}`, { ...body, timestamp });
  const deadline = Date.now() + OPERATION_MS;
  for (;;) {
    const { text } = await folio.call('GET', `/v1/spaces/${spaceId}/git/info`);
    const op = (JSON.parse(text) as { operation?: { state: string; direction: string; error?: string; startedAt: string } }).operation;
    if (op && op.direction === direction && op.state !== 'running' && Date.parse(op.startedAt) >= sent) {
      if (op.state !== 'success') throw new Error(`git ${direction} ended ${op.state}: ${op.error ?? ''}`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    }
    if (Date.now() > deadline) throw new Error(`git ${direction} still running after ${OPERATION_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function measureGitExport(tempDir: string): Promise<GitExportFigures> {
  const dir = mkdtempSync(join(tempDir, 'git-export-'));
  const git = await startGitServer(AUTH);
  const folio = await startFolio(join(dir, 'data'), undefined, { FETCH_ALLOW_PRIVATE: 'true' });
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
    const request = JSON.parse((await folio.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'One page' })).text) as { id: string };
    await folio.call('POST', `/v1/spaces/${space.id}/change-requests/${request.id}/content`, {
      changes: [{ operation: 'update_page', page: page.id, document: { markdown: 'One paragraph, edited for the round trip.' } }],
    });
    await folio.call('POST', `/v1/spaces/${space.id}/change-requests/${request.id}/merge`);
    const editAndMergeMs = Number(process.hrtime.bigint() - editStart) / 1e6;
    const changeExportMs = await operation(folio, space.id, 'export', { url: withAuth('docs'), ref: 'refs/heads/main', commitMessage: 'One page' });
    const stat = await git.git('docs', ['show', '--name-only', '--format=', 'main']);
    return { pages: PAGES, importMs, firstExportMs, editAndMergeMs, changeExportMs, changedFiles: stat.trim().split('\n').filter(Boolean).length };
  } finally {
    await folio.stop();
    await git.stop();
    rmSync(dir, { recursive: true, force: true });
  }
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
      ],
    ) +
      '\n\nEach operation is timed from its POST to its success in GET …/git/info (polled every 50 ms). The round trip is a merge followed by a' +
      ' one-off export until the connected sync pushes merges by itself.',
  );
}

// Alone: `node dist/bench/git-export.js` after a build.
if (require.main === module) runAlone('git-export', measureGitExport, gitExportReport);
