/**
 * A revision as events record it: immutable, named by a random id, its content the `tree` hash (a
 * `TreeRoot` in the content-object store). `parents`: one for edits, main and the change request's head for
 * a merge, the request's head and main for an update; none for a space's first, empty revision.
 */
export const REVISION_TYPES = ['edits', 'merge', 'rollback', 'update'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/** The Git commit a revision's content was read from (the spec's GitSyncCommit): set by a Git Sync import. */
export interface RevisionGitCommit {
  oid: string;
  message: string;
  /** True for a commit Folio's own export wrote (its import is then no new content from outside). */
  createdByGitBook: boolean;
  url?: string;
  /** The ref the commit came from (`refs/heads/main`). */
  ref?: string;
}

export interface RevisionRecord {
  id: string;
  type: RevisionType;
  parents: string[];
  tree: string;
  /** The user whose command created it. */
  createdBy: string;
  createdAt: string;
  git?: RevisionGitCommit;
}
