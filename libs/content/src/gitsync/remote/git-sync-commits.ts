import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { GitBranchMoved, GitCommit, GitCommitInput, GitCredentials, GitPerson, GitRemote, GitTarget } from '@folio/platform/git/git-remote';
import { DirectorySink } from '../directory-folder';
import { FolderExport } from '../folder-export';
import { commitAuthor } from './commit-author';
import { carriesTrailer } from './commit-trailers';
import { openCredentials } from './git-credentials';
import { ConnectionState } from './git-sync.decider';

/** Commits Folio's own a branch may hold past the one a push was based on before that push's crash is found: more is someone else's. */
const OWN_COMMIT_LOOKBACK = 20;

/**
 * What the connected sync's two directions share: the branch as a GitTarget (its credentials opened), a
 * revision written out as a Git Sync folder, and a push made exactly once — a push refused because the
 * branch is not at its parent looks for its own commit (its trailer) among the branch's commits after that
 * parent, the sign of a push made before a crash and never recorded.
 */
@Injectable()
export class GitSyncCommits {
  constructor(
    readonly git: GitRemote,
    private readonly cipher: SubjectCipher,
    private readonly exporter: FolderExport,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  /** The connected branch, with its credentials opened (an erased key fails with Invalid). */
  async target(installationId: string, connection: ConnectionState): Promise<{ target: GitTarget; credentials: GitCredentials | null }> {
    const credentials = await openCredentials(this.cipher, installationId, connection.credentials);
    return { target: { url: connection.url, ref: connection.ref, ...(credentials ? { credentials } : {}) }, credentials };
  }

  author(userId: string): Promise<GitPerson> {
    return commitAuthor(this.queries, userId);
  }

  /** `work` given the revision's Git Sync folder in a temporary directory, removed after. */
  async withFolder<T>(caller: Caller, spaceId: string, revision: string, work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(this.config.tempDir, 'folio-git-sync-'));
    try {
      await this.exporter.run(caller, spaceId, new DirectorySink(dir), { revision });
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The commit pushed onto `input.parent`, or the one pushed before a crash (it carries `trailer`); null when
   * the branch moved under someone else's commits (nothing forced).
   */
  async pushOnce(target: GitTarget, input: GitCommitInput, trailer: string): Promise<GitCommit | null> {
    try {
      return await this.git.commitAndPush(target, input);
    } catch (error) {
      if (!(error instanceof GitBranchMoved) || input.parent === null) throw error;
      const { commits } = await this.git.history(target, input.parent, OWN_COMMIT_LOOKBACK);
      return commits?.find((commit) => carriesTrailer(commit, trailer)) ?? null;
    }
  }
}
