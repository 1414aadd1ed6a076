import { Invalid } from '@folio/platform/domain/errors';

/**
 * The Git commit a folder was read from, as an import is told it (the CLI reads it from the working tree, the zip
 * route from its query): it goes on the revision the import appends (the spec's GitSyncCommit, createdByGitBook
 * false: the content comes from outside Folio).
 */
export interface FolderCommit {
  /** The commit's id: SHA-1 (40 hex digits) or SHA-256 (64). */
  oid: string;
  message: string;
  /** The ref the commit was checked out from (`refs/heads/main`); absent for a detached HEAD. */
  ref?: string;
}

export const COMMIT_OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** A ref name: git's own never hold spaces or control characters; bounded as an event field. */
export const COMMIT_REF = /^[^\x00-\x20\x7f]{1,256}$/;
/** Characters of a commit message kept on a revision (git's own are rarely a fraction of it; and the zip route takes it in its URL). */
export const MAX_COMMIT_MESSAGE = 4096;

/** Refuses (400) a commit no git could have made, before the import writes anything. */
export function assertFolderCommit(commit: FolderCommit): void {
  if (!COMMIT_OID.test(commit.oid)) throw new Invalid('The commit id must be 40 or 64 lowercase hexadecimal digits');
  if (commit.message.length > MAX_COMMIT_MESSAGE) throw new Invalid(`The commit message must be at most ${MAX_COMMIT_MESSAGE} characters`);
  if (commit.ref !== undefined && !COMMIT_REF.test(commit.ref)) throw new Invalid('The commit ref must be 1 to 256 characters without spaces or control characters');
}
