import { Caller } from '@folio/platform/auth/caller';
import { GitCommit, GitPerson, GitTarget } from '@folio/platform/git/git-remote';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { revisionTrailer, withTrailer } from './commit-trailers';
import { GitSyncCommits } from './git-sync-commits';

export interface MergeCommitInput {
  spaceId: string;
  target: GitTarget;
  projectDirectory?: string;
  /** Main's merge revision: its content is the merge commit's; its first parent (main before the merge) is Folio's side. */
  revision: Pick<RevisionRecord, 'id' | 'parents'>;
  /** The branch's commit the merge brings in: the merge commit's first parent and its push's lease. */
  branchCommit: string;
  /** The commit Folio's side is based on (where the branch and the space were last in step). */
  sideParent: string;
  message: string;
  author: GitPerson;
}

/**
 * Main's merge of a pulled commit with what Folio had that the branch had not, as Git records a merge: a
 * commit with two parents, the branch's commit and a commit of Folio's side (main before the merge, made on
 * the commit both sides started from), built and pushed together. Exactly once by the merge revision's
 * trailer; null when the branch moved past the commit meanwhile.
 */
export async function pushMerge(commits: GitSyncCommits, caller: Caller, input: MergeCommitInput): Promise<GitCommit | null> {
  const { spaceId, target, projectDirectory, revision, branchCommit, sideParent, message, author } = input;
  const trailer = revisionTrailer(revision.id);
  const directory = projectDirectory ? { projectDirectory } : {};
  return commits.withFolder(caller, spaceId, revision.parents[0], (side) =>
    commits.withFolder(caller, spaceId, revision.id, (dir) =>
      commits.pushOnce(
        target,
        { parent: branchCommit, dir, ...directory, message: withTrailer(message, trailer), author, side: { parent: sideParent, dir: side, message: 'Changes made in Folio', author } },
        trailer,
      ),
    ),
  );
}
