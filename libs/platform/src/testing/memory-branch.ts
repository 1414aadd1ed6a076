import { tmpdir } from 'node:os';
import { GitBranchMoved, GitCheckout, GitCommit, GitCommitInput, GitHistory, GitRemote, GitTarget } from '../git/git-remote';

/** A commit as tests write them: an id of 40 copies of `c`. */
export const oidOf = (c: string) => c.repeat(40);

export const commitOf = (oid: string, message: string, parents: string[] = []): GitCommit => ({ oid, message, parents, author: { name: 'x', email: 'x@x', date: '2026-01-01T00:00:00Z' } });

/**
 * A GitRemote double for process tests: one branch in memory as its first-parent line of commits, with the
 * port's lease (a push onto anything but the head is GitBranchMoved) and its history reads. Checkouts hold
 * no files (the processes' folder work is doubled apart). `push` is how a test makes someone else's commit.
 */
export class MemoryBranch extends GitRemote {
  /** The branch's first-parent line, oldest first. */
  line: GitCommit[];
  /** What Folio's pushes asked for, in order. */
  pushes: GitCommitInput[] = [];

  constructor(first: GitCommit | null = commitOf(oidOf('a'), 'Sync from Folio')) {
    super();
    this.line = first ? [first] : [];
  }

  get tip(): GitCommit | null {
    return this.line.at(-1) ?? null;
  }

  /** Someone else's commit on the branch (or, with `force`, a branch rewritten to it alone). */
  push(commit: GitCommit, force = false): void {
    this.line = force ? [commit] : [...this.line, commit];
  }

  async head() {
    return this.tip?.oid ?? null;
  }

  async checkout(_target: GitTarget, commit?: string): Promise<GitCheckout> {
    return { commit: commit ? (this.line.find((c) => c.oid === commit) ?? null) : this.tip, dir: tmpdir(), dispose: async () => undefined };
  }

  async history(_target: GitTarget, since: string, limit: number): Promise<GitHistory> {
    const at = this.line.findIndex((commit) => commit.oid === since);
    return { head: this.tip?.oid ?? null, commits: at < 0 ? null : this.line.slice(at + 1, at + 1 + limit) };
  }

  async commitAndPush(target: GitTarget, input: GitCommitInput) {
    if (input.parent !== (this.tip?.oid ?? null)) throw new GitBranchMoved(target.ref, input.parent, this.tip?.oid ?? null);
    this.pushes.push(input);
    const side = input.side ? [`${'b'.repeat(39)}${this.pushes.length % 10}`] : [];
    const commit = commitOf(oidOf(String(this.pushes.length)), input.message, [...(input.parent ? [input.parent] : []), ...(input.otherParents ?? []), ...side]);
    this.line.push(commit);
    return commit;
  }
}
