import { GitCommandFailed } from './git-command';
import { GitUnavailable } from './git-remote';
import { scrubSecrets } from './git-secrets';

/** What git's error output says went wrong, by the messages git 2.x and curl print (LC_ALL=C: untranslated). */
const REASONS: [RegExp, GitUnavailable['reason']][] = [
  [/returned error: (401|403)|authentication failed|could not read (username|password)|terminal prompts disabled/i, 'auth'],
  [/returned error: 404|repository '.*' not found|not found|does not appear to be a git repository/i, 'not-found'],
  [/could not resolve host|failed to connect|couldn't connect|connection refused|connection timed out|network is unreachable|ssl|certificate|empty reply|recv failure|send failure|returned error: 5\d\d/i, 'unreachable'],
];

/** The last lines git printed: the ones that say why (`fatal: …`, curl's error), not the progress before. */
function lastLines(stderr: string): string {
  const lines = stderr.split(/\r?\n|\r/).map((line) => line.trim()).filter((line) => line.length > 0);
  return lines.slice(-3).join('; ').slice(0, 500);
}

/**
 * The GitUnavailable a failed git call becomes, its message naming the operation and git's own words, scrubbed
 * of every secret (`secrets`, a URL's userinfo, an Authorization header) before it leaves this function.
 */
export function gitFailure(error: unknown, what: string, secrets: string[], limits: { timeoutSeconds: number; maxFetchMegabytes: number }): GitUnavailable {
  if (error instanceof GitUnavailable) return new GitUnavailable(scrubSecrets(error.message, secrets), error.reason);
  if (!(error instanceof GitCommandFailed)) return new GitUnavailable(scrubSecrets(`${what} failed: ${(error as Error).message}`, secrets), 'failed');
  if (error.missing) return new GitUnavailable(`${what} failed: the git command is not installed on this server (Git Sync needs it)`, 'failed');
  if (error.killed === 'timeout') return new GitUnavailable(`${what} took longer than ${limits.timeoutSeconds} s (GIT_TIMEOUT_S)`, 'timeout');
  if (error.killed === 'too-large') return new GitUnavailable(`${what}: the repository is larger than ${limits.maxFetchMegabytes} MiB (GIT_MAX_FETCH_MB)`, 'too-large');
  const said = scrubSecrets(lastLines(error.stderr), secrets);
  const reason = REASONS.find(([pattern]) => pattern.test(said))?.[1] ?? 'failed';
  // http.followRedirects=false: a redirect's target would not have been checked against the address policy.
  const hint = /returned error: 30[12378]/.test(said) ? ' (Folio does not follow a Git server\'s redirects: give the URL it redirects to)' : '';
  return new GitUnavailable(`${what} failed${said ? `: ${said}` : ` (exit code ${error.code})`}${hint}`, reason);
}
