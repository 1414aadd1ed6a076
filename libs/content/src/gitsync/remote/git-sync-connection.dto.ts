import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { GIT_SYNC_PRIORITIES, GitSyncPriority } from './git-sync.events';
import { Check, isBranchRef, isGitURL, isProjectDirectory, MAX_GIT_URL } from './git-operation.dto';

export const MAX_COMMIT_MESSAGE_TEMPLATE = 500;
const MAX_USERNAME = 256;
const MAX_TOKEN = 1024;

/** The connection's providers: the spec's GitSyncProvider without `github-legacy` (GitHub's old app, nothing a server speaks). */
export const GIT_SYNC_CONNECTION_PROVIDERS = ['github', 'gitlab'] as const;

/** `{ username?, token }`: the basic-auth credentials given apart from the URL (own properties only, nothing else). */
export function isGitAuth(value: unknown): value is { username?: string; token: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const auth = value as Record<string, unknown>;
  if (!Object.keys(auth).every((key) => key === 'username' || key === 'token')) return false;
  const token = Object.hasOwn(auth, 'token') ? auth.token : undefined;
  const username = Object.hasOwn(auth, 'username') ? auth.username : undefined;
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max && !/[\x00-\x1f\x7f]/.test(v);
  return text(token, MAX_TOKEN) && (username === undefined || (text(username, MAX_USERNAME) && !(username as string).includes(':')));
}

/** PUT /v1/spaces/{spaceId}/git-sync (an addition to the spec): the branch the space keeps in step with. */
export class GitSyncConnectionBody {
  @Check('isGitURL', (v) => isGitURL(v, true), `url must be an http or https URL of at most ${MAX_GIT_URL} characters (it may carry basic-auth credentials)`)
  url!: string;

  @Check('isBranchRef', isBranchRef, 'ref must be refs/heads/<branch> with a branch name git accepts')
  ref!: string;

  @IsIn(GIT_SYNC_CONNECTION_PROVIDERS, { message: 'provider must be "github" or "gitlab"' })
  provider!: (typeof GIT_SYNC_CONNECTION_PROVIDERS)[number];

  @IsOptional()
  @Check('isProjectDirectory', isProjectDirectory, 'projectDirectory must be a relative path without "." or ".." parts, at most 1024 characters')
  projectDirectory?: string;

  @IsIn(GIT_SYNC_PRIORITIES, { message: 'priority must be "gitbook" or "git"' })
  priority!: GitSyncPriority;

  @IsOptional()
  @IsString()
  @Length(1, MAX_COMMIT_MESSAGE_TEMPLATE, { message: `commitMessageTemplate must be 1 to ${MAX_COMMIT_MESSAGE_TEMPLATE} characters` })
  commitMessageTemplate?: string;

  @IsOptional()
  @Check('isGitAuth', isGitAuth, `auth must be { username?: 1 to ${MAX_USERNAME} characters without ":", token: 1 to ${MAX_TOKEN} characters }, no control characters`)
  auth?: { username?: string; token: string };
}
