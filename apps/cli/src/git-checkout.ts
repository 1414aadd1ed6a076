import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { COMMIT_REF, FolderCommit, MAX_COMMIT_MESSAGE } from '@folio/content/gitsync/folder-commit';

const run = promisify(execFile);
/** One git call: a repository on a slow disk answers in well under this; a hung one does not hold the CLI. */
const GIT_TIMEOUT_MS = 15_000;
/** Output one call may print: a message past MAX_COMMIT_MESSAGE is cut, a longer status means changes anyway. */
const GIT_MAX_OUTPUT = 1024 * 1024;

/** What the directory's working tree holds: a commit, a commit with changes not committed, or none. */
export type Checkout = { commit: FolderCommit; dirty: boolean } | null;

/** `git <args>` in `dir` (fixed argv, no shell); its stdout, or null when git is absent or fails. */
async function git(dir: string, args: string[]): Promise<string | null> {
  try {
    // --no-optional-locks: reading the status must not write the repository's index.
    const { stdout } = await run('git', ['--no-optional-locks', '-C', dir, ...args], { timeout: GIT_TIMEOUT_MS, maxBuffer: GIT_MAX_OUTPUT, windowsHide: true, encoding: 'utf8' });
    return stdout;
  } catch {
    return null;
  }
}

/**
 * The commit checked out in the Git working tree `dir` is in (HEAD's id, its message, the branch's ref unless
 * HEAD is detached), and whether `dir` differs from it: changed or untracked files under `dir` (not ignored ones,
 * nor changes elsewhere in the repository). Not a repository, a repository without a commit, or no git: null.
 */
export async function readCheckout(dir: string): Promise<Checkout> {
  const oid = (await git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']))?.trim();
  if (!oid) return null;
  const message = await git(dir, ['log', '-1', '--format=%B', oid]);
  if (message === null) return null;
  const ref = (await git(dir, ['symbolic-ref', '--quiet', 'HEAD']))?.trim();
  // A status git could not give (past its output bound, say) is taken as changes: the commit is then not claimed.
  const status = await git(dir, ['status', '--porcelain', '--untracked-files=normal', '--', '.']);
  const commit: FolderCommit = { oid, message: message.replace(/\n+$/, '').slice(0, MAX_COMMIT_MESSAGE), ...(ref && COMMIT_REF.test(ref) ? { ref } : {}) };
  return { commit, dirty: status === null || status.length > 0 };
}
