import { Conflict, Unavailable } from '../domain/errors';

/**
 * A branch of a Git repository reached over smart HTTP(S), as Git Sync reads and writes it. The URL never
 * carries credentials (they travel apart, never in argv, a URL, a log line or an error message); `ref` is a
 * full branch ref (`refs/heads/main`).
 */
export interface GitTarget {
  url: string;
  ref: string;
  credentials?: GitCredentials;
}

/** HTTP basic credentials: a token alone is sent as the password (GitHub, GitLab and Gitea accept that). */
export interface GitCredentials {
  username?: string;
  password: string;
}

export interface GitPerson {
  name: string;
  email: string;
}

export interface GitCommit {
  /** 40 (SHA-1) or 64 (SHA-256) hex digits. */
  oid: string;
  message: string;
  parents: string[];
  author: GitPerson & { date: string };
  /** Files the commit moved from its first parent, as git's rename detection sees them (paths from the repository's root); only `history` tells. */
  renames?: { from: string; to: string }[];
}

/** A commit's tree written out in a temporary directory (empty when the branch has no commit yet). */
export interface GitCheckout {
  /** Null: the branch does not exist, or the repository is empty. */
  commit: GitCommit | null;
  /** The commit's files (the whole repository's tree; Git Sync reads its project directory under it). */
  dir: string;
  /** Removes the directory and everything the checkout fetched; safe to call twice. */
  dispose(): Promise<void>;
}

export interface GitCommitInput {
  /** The commit the new one follows: the branch must still be there, or the push is refused (GitBranchMoved). Null: the branch must not exist yet. */
  parent: string | null;
  /** More parents (a merge commit records both sides), after `parent`. */
  otherParents?: string[];
  /**
   * A commit to build first and add as the last parent: the side a merge commit brings in when that side was
   * never pushed (Folio's content made beside the branch's new commits). Built and pushed with the new commit.
   */
  side?: GitSideCommit;
  /** Files of the project directory: the new commit's tree is the parent's with `projectDirectory` replaced by them. */
  dir: string;
  /** Under the repository's root ('' or absent: the root itself). */
  projectDirectory?: string;
  message: string;
  author: GitPerson;
}

/** A commit made beside the branch: `dir`'s files as the project directory of `parent`'s tree (as GitCommitInput builds its own). */
export interface GitSideCommit {
  parent: string;
  dir: string;
  message: string;
  author: GitPerson;
}

/** The branch's commits after one Git Sync last saw. */
export interface GitHistory {
  /** The branch's commit now (null: the branch no longer exists). */
  head: string | null;
  /**
   * The commits on the branch's first-parent line after `since` up to the head, oldest first, at most `limit`
   * of them (the oldest ones: the rest come on the next read). Null when `since` is not in the branch's
   * history (the branch was force-pushed, or `since` was never on it).
   */
  commits: GitCommit[] | null;
}

/** The branch is no longer at the commit a push was based on (someone pushed meanwhile, or force-pushed). */
export class GitBranchMoved extends Conflict {
  constructor(readonly ref: string, readonly expected: string | null, readonly actual: string | null) {
    super(`${ref} is at ${actual ?? 'nothing'}, not at ${expected ?? 'nothing'}: it moved since`);
  }
}

/** The remote refused or failed: address refused by the policy, unreachable, timed out, too large, bad credentials, no such repository. */
export class GitUnavailable extends Unavailable {
  constructor(message: string, readonly reason: 'refused' | 'unreachable' | 'timeout' | 'too-large' | 'auth' | 'not-found' | 'failed') {
    super(message);
  }
}

/**
 * The platform's Git client (adapter: the `git` command). Every connection is checked against the outbound
 * address policy (FETCH_ALLOW_PRIVATE), bounded in time and in the size of what it downloads; a refusal,
 * an unreachable server, bad credentials or a missing repository is a GitUnavailable with a message that
 * names no secret.
 */
export abstract class GitRemote {
  /** The commit the branch points to, or null when it does not exist. */
  abstract head(target: GitTarget): Promise<string | null>;
  /** The branch's commit (or `commit`, which must be reachable from it) checked out in a temporary directory. */
  abstract checkout(target: GitTarget, commit?: string): Promise<GitCheckout>;
  /** The branch's first-parent commits after `since` (see GitHistory), fetched within the same size and time bounds. */
  abstract history(target: GitTarget, since: string, limit: number): Promise<GitHistory>;
  /** Makes one commit on top of `input.parent` (only the files that changed differ) and pushes it to the branch. */
  abstract commitAndPush(target: GitTarget, input: GitCommitInput): Promise<GitCommit>;
}
