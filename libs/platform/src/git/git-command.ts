import { spawn } from 'node:child_process';

/** How one git process is started: a fixed argv and an environment built from nothing (no shell, no inherited variables). */
export type GitSpawner = (args: string[], options: { cwd: string; env: Record<string, string> }) => ReturnType<typeof spawn>;

export const spawnGit: GitSpawner = (args, options) =>
  // detached: git runs in its own process group, so a kill reaches its helpers (git-remote-http, index-pack) too.
  spawn('git', args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });

export interface GitRun {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Written to git's stdin, which is then closed. */
  input?: string | Buffer;
  /**
   * Asked every WATCH_INTERVAL_MS while git runs (the size of what a fetch wrote so far): an answer other than
   * null kills git and is the failure's `killed` reason.
   */
  watch?: () => Promise<'too-large' | null>;
}

/** git failed: its exit code, its error output (unscrubbed: the caller scrubs it before it goes anywhere), or why it was killed. */
export class GitCommandFailed extends Error {
  constructor(
    readonly args: string[],
    readonly code: number | null,
    readonly stderr: string,
    readonly killed: 'timeout' | 'too-large' | null,
    readonly missing = false,
  ) {
    super(`git ${args[0] ?? ''} failed`);
  }
}

const WATCH_INTERVAL_MS = 250;
/** What git may print to stdout (a tree listing of a large repository stays far below); past it, git is stopped. */
const MAX_STDOUT = 64 * 1024 * 1024;
/** Error output kept: git's last lines say what went wrong. */
const MAX_STDERR = 64 * 1024;

/**
 * Runs one git command to its end, bounded: killed (its whole process group) past `timeoutMs`, when `watch`
 * says so, or past MAX_STDOUT. Resolves with stdout on exit code 0; otherwise rejects with GitCommandFailed.
 */
export function runGit(spawner: GitSpawner, args: string[], run: GitRun): Promise<string> {
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawner(args, { cwd: run.cwd, env: run.env });
    } catch (error) {
      reject(spawnFailure(args, error));
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutSize = 0;
    let stderr = '';
    let killed: GitCommandFailed['killed'] = null;
    let settled = false;
    const kill = (reason: 'timeout' | 'too-large') => {
      if (killed || settled) return;
      killed = reason;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill('timeout'), run.timeoutMs);
    let watching = false;
    const watcher = run.watch
      ? setInterval(() => {
          if (watching) return;
          watching = true;
          run.watch!()
            .then((reason) => reason && kill(reason))
            .catch(() => undefined)
            .finally(() => (watching = false));
        }, WATCH_INTERVAL_MS)
      : undefined;
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      if (watcher) clearInterval(watcher);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      stdoutSize += chunk.length;
      if (stdoutSize > MAX_STDOUT) kill('too-large');
      else stdout.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_STDERR);
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(run.input);
    child.once('error', (error) => {
      if (settled) return;
      finish();
      reject(spawnFailure(args, error));
    });
    child.once('close', (code) => {
      if (settled) return;
      finish();
      if (code === 0 && !killed) resolve(Buffer.concat(stdout).toString('utf8'));
      else reject(new GitCommandFailed(args, code, stderr, killed));
    });
  });
}

function spawnFailure(args: string[], error: unknown): GitCommandFailed {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
  return new GitCommandFailed(args, null, missing ? '' : String((error as Error).message), null, missing);
}
