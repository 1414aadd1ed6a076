import { IsBoolean, IsISO8601, IsOptional, IsString, Length, ValidateBy } from 'class-validator';
import { MAX_COMMIT_MESSAGE } from '../folder-commit';

export const MAX_GIT_URL = 2048;
const MAX_REF = 255;
const MAX_PROJECT_DIRECTORY = 1024;

/** An http(s) URL of at most MAX_GIT_URL characters; `credentials`: whether it may carry a user and password. */
export function isGitURL(value: unknown, credentials: boolean): value is string {
  if (typeof value !== 'string' || value.length > MAX_GIT_URL || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && (credentials || (url.username === '' && url.password === ''));
}

/** Characters `git check-ref-format` refuses anywhere in a ref: controls, space, `~^:?*[\` and DEL. */
const REFUSED_IN_REF = /[\x00-\x20\x7f~^:?*[\\]/;

/** `refs/heads/<branch>` with a branch name git accepts (git check-ref-format's rules). */
export function isBranchRef(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_REF || !value.startsWith('refs/heads/')) return false;
  const branch = value.slice('refs/heads/'.length);
  if (branch === '' || branch === '@' || REFUSED_IN_REF.test(branch) || branch.includes('..') || branch.includes('@{') || branch.endsWith('.')) return false;
  return branch.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));
}

/** A directory under the repository's root: relative, `/`-separated, no `.` or `..` part, no control characters; '' is the root. */
export function isProjectDirectory(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_PROJECT_DIRECTORY || /[\x00-\x1f\x7f\\]/.test(value)) return false;
  const trimmed = value.replace(/\/+$/, '');
  return trimmed === '' || (!trimmed.startsWith('/') && trimmed.split('/').every((part) => part !== '' && part !== '.' && part !== '..'));
}

/** The spec's UpdateSpaceGitInfo (deprecated, still sent): its provider names the installation's. */
function isGitInfo(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const info = value as Record<string, unknown>;
  const known = new Set(['provider', 'url']);
  if (!Object.keys(info).every((key) => known.has(key))) return false;
  const provider = Object.hasOwn(info, 'provider') ? info.provider : undefined;
  const url = Object.hasOwn(info, 'url') ? info.url : undefined;
  return (provider === undefined || provider === 'github' || provider === 'gitlab') && (url === undefined || isGitURL(url, false));
}

/** A class-validator check from a predicate, with its message. */
export const Check = (name: string, validate: (value: unknown) => boolean, message: string) => ValidateBy({ name, validator: { validate, defaultMessage: () => message } });

/** The spec's ImportGitRepository. */
export class ImportGitRepositoryBody {
  @Check('isGitURL', (v) => isGitURL(v, true), `url must be an http or https URL of at most ${MAX_GIT_URL} characters (it may carry basic-auth credentials)`)
  url!: string;

  @Check('isBranchRef', isBranchRef, 'ref must be refs/heads/<branch> with a branch name git accepts (no "..", spaces, control characters, "~^:?*[\\", "@{", part starting with "." or ending with ".lock")')
  ref!: string;

  /** Deprecated and unused: every operation fetches what it needs. */
  @IsOptional()
  @IsString()
  @Length(0, 256)
  repoCacheID?: string;

  @IsOptional()
  @Check('isRepoTreeURL', (v) => isGitURL(v, false), `repoTreeURL must be an http or https URL without credentials, at most ${MAX_GIT_URL} characters`)
  repoTreeURL?: string;

  @IsOptional()
  @Check('isRepoCommitURL', (v) => isGitURL(v, false), `repoCommitURL must be an http or https URL without credentials, at most ${MAX_GIT_URL} characters`)
  repoCommitURL?: string;

  @IsOptional()
  @Check('isProjectDirectory', isProjectDirectory, `repoProjectDirectory must be a relative path without "." or ".." parts, at most ${MAX_PROJECT_DIRECTORY} characters`)
  repoProjectDirectory?: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'timestamp must be an ISO 8601 date' })
  timestamp?: string;

  @IsOptional()
  @IsBoolean()
  force?: boolean;

  @IsOptional()
  @IsBoolean()
  standalone?: boolean;

  @IsOptional()
  @Check('isGitInfo', isGitInfo, 'gitInfo must be { provider?: "github" | "gitlab", url?: an http or https URL without credentials }')
  gitInfo?: { provider?: 'github' | 'gitlab'; url?: string };
}

/** The spec's ExportToGitRepository. */
export class ExportToGitRepositoryBody extends ImportGitRepositoryBody {
  @IsString()
  @Length(1, MAX_COMMIT_MESSAGE, { message: `commitMessage must be 1 to ${MAX_COMMIT_MESSAGE} characters` })
  commitMessage!: string;
}
