import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Aggregates, WithoutNow } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Conflict, DomainError, Invalid, NotFound } from '@folio/platform/domain/errors';
import { GitCommit, GitCredentials, GitTarget } from '@folio/platform/git/git-remote';
import { newId } from '@folio/platform/ids';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { CreateChangeRequest, UpdateChangeRequest } from '@folio/content/change-requests/change-request.commands';
import { SUBJECT_MAX } from '@folio/content/change-requests/change-request.decider';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { MergeChangeRequest, MergeOutcome } from '@folio/content/change-requests/merging/merge.commands';
import { RevisionDoc, REVISIONS } from '@folio/content/revisions/revision.projection';
import { DirectorySource } from '../directory-folder';
import { FolderImport } from '../folder-import';
import { GitSyncCommits } from './git-sync-commits';
import { pushMerge } from './git-sync-merge-commit';
import { ConnectionState, GitSyncCommand, gitSyncDecider, GitSyncState } from './git-sync.decider';
import { GitSyncEvent, GitSyncPoint, gitSyncStream } from './git-sync.events';
import { committed, OperationTimedOut, withoutSecret, withTimeout } from './git-sync-operations';

type PullRequested = Extract<GitSyncEvent, { type: 'GitSyncPullRequested' }>['data'];
type Installed = Extract<GitSyncState, { status: 'installed' }>;
type Record_ = (command: WithoutNow<GitSyncCommand>) => Promise<{ state: GitSyncState }>;

/** Commits one pull brings in: more are left to the next pull, which this one asks for. */
export const COMMITS_PER_PULL = 50;

/**
 * Git → Folio for a connected space (the GitSyncMirror process calls it for each GitSyncPullRequested, in
 * log order with the pushes, so the two directions never run at once for a space). The pull is an import
 * operation: it reads the branch's first-parent commits after the synced one and brings each in, oldest
 * first, as a change request named after the commit, based on the synced revision (the branch's content as
 * Folio last saw it, so the merge is three-way against main) and merged at once:
 * - main had nothing more: main's revision is the commit's content and names it (`createdByGitBook: false`);
 * - main had more (edits the branch has not): main's merge is pushed back as a merge commit of the pulled
 *   commit and Folio's side, and names it;
 * - a conflict: the request stays open, the pull fails naming it, and pushes wait for its merge (GitSyncPush).
 * A branch whose history lost the synced commit was force-pushed: reported, nothing imported or pushed.
 *
 * Exactly once: each commit's change request is recorded before its folder goes in (a re-run goes on with
 * it, or only records what a merge before the crash did), the decider records each commit once, and a merge
 * commit pushed before a crash is found by its trailer.
 */
@Injectable()
export class GitSyncPull {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly commits: GitSyncCommits,
    private readonly importer: FolderImport,
    private readonly changeRequests: ChangeRequestReads,
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async pull(request: PullRequested, correlationId: string): Promise<void> {
    const stream = gitSyncStream(request.spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    if (state.status !== 'installed' || !state.connection || !state.pending.has(request.operationId)) return;
    const caller: Caller = { userId: state.connection.connectedBy, source: 'system', correlationId };
    const record: Record_ = (command) => this.aggregates.handle(stream, gitSyncDecider, command, caller);
    let credentials: GitCredentials | null = null;
    try {
      const { state: started } = await record({ type: 'StartOperation', operationId: request.operationId });
      if (started.status !== 'installed' || !started.connection) return;
      const connection = started.connection;
      try {
        const outcome = await withTimeout(async () => {
          const opened = await this.commits.target(started.installationId, connection);
          credentials = opened.credentials;
          return this.bringIn(caller, request.operationId, started, opened.target, record);
        });
        await record({ type: 'SucceedOperation', operationId: request.operationId, ...outcome });
      } catch (error) {
        if (!(error instanceof DomainError || error instanceof OperationTimedOut)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await record({ type: 'FailOperation', operationId: request.operationId, error: withoutSecret(message, credentials), timedOut: error instanceof OperationTimedOut });
      }
    } catch (error) {
      // A result recorded already (a re-run), or the space disconnected meanwhile.
      if (error instanceof Conflict || error instanceof NotFound) return;
      throw error;
    }
  }

  /** The commits after the synced one, each in turn; the last one's commit and main's revision. */
  private async bringIn(caller: Caller, operationId: string, state: Installed, target: GitTarget, record: Record_): Promise<{ commit?: { oid: string; message: string; ref: string }; revision?: string }> {
    let connection = state.connection!;
    // A conflict still open: nothing comes in before its request is merged (the merge asks for a pull again).
    if (connection.blocked || !connection.synced) return {};
    const { head, commits } = await this.commits.git.history(target, connection.synced.oid, COMMITS_PER_PULL);
    if (head === null) throw new Invalid(`${connection.ref} no longer exists in the repository`);
    if (commits === null) {
      await record({ type: 'ReportDivergence', operationId, head });
      throw new Conflict(
        `the branch was force-pushed: ${connection.synced.oid.slice(0, 12)}, where Folio and the branch were last in step, is no longer in its history. ` +
          'Nothing was imported or pushed; connect the space again (PUT …/git-sync) with the priority of the side to keep',
      );
    }
    let last: { commit?: { oid: string; message: string; ref: string }; revision?: string } = {};
    for (const commit of commits) {
      const after = await this.bringInCommit(caller, operationId, state, connection, commit, target, record);
      connection = after.connection;
      last = { commit: committed(commit, connection.ref), revision: connection.handled?.revision };
    }
    // More than one pull takes: the next one goes on from here.
    if (commits.length === COMMITS_PER_PULL && commits.at(-1)!.oid !== head) await record({ type: 'RequestPull', operationId: newId(), head, trigger: 'poll' });
    return last;
  }

  /** One commit into main (see the class); the connection once it is recorded. A conflict fails the pull. */
  private async bringInCommit(caller: Caller, operationId: string, state: Installed, connection: ConnectionState, commit: GitCommit, target: GitTarget, record: Record_): Promise<{ connection: ConnectionState }> {
    const base = connection.synced!;
    const changeRequestId = await this.changeRequestOf(caller, operationId, state, commit, base, record);
    const { changeRequest } = await this.changeRequests.get(state.spaceId, changeRequestId, caller);
    let merged: MergeOutcome;
    if (changeRequest.status === 'merged' && changeRequest.revisionMerged) {
      // Merged before a crash: only what follows the merge is left.
      merged = { result: 'merge', revision: changeRequest.revisionMerged };
    } else {
      await this.importCommit(caller, state.spaceId, connection, commit, target, changeRequestId);
      merged = await this.commands.execute(new MergeChangeRequest(caller, state.spaceId, changeRequestId));
    }
    const { changeRequest: imported } = await this.changeRequests.get(state.spaceId, changeRequestId, caller);
    if (merged.result === 'conflicts') {
      // Out of draft: a request waiting for someone to settle it shows among the space's open ones.
      if (imported.status === 'draft') await this.commands.execute(new UpdateChangeRequest(caller, state.spaceId, changeRequestId, { status: 'open' }));
      await record({ type: 'ConflictCommit', operationId, oid: commit.oid, changeRequestId, number: imported.number, head: imported.revision });
      throw new Conflict(`commit ${commit.oid.slice(0, 12)} conflicts with main: its change request #${imported.number} is open; resolve and merge it, and the sync goes on`);
    }
    const synced = await this.syncedAfter(caller, state.spaceId, connection, merged.revision, imported.revision, commit, base, target);
    const after = await record({ type: 'ImportCommit', operationId, oid: commit.oid, changeRequestId, revision: merged.revision, ...synced });
    const next = after.state.status === 'installed' ? after.state.connection : undefined;
    if (!next) throw new NotFound('a Git Sync connection on this space');
    return { connection: next };
  }

  /**
   * The commit's change request: the one an earlier run recorded (it crashed or failed midway) unless someone
   * archived it since, or a new one based on the synced revision, recorded before anything goes in.
   */
  private async changeRequestOf(caller: Caller, operationId: string, state: Installed, commit: GitCommit, base: GitSyncPoint, record: Record_): Promise<string> {
    const preparing = state.connection?.preparing;
    if (preparing?.oid === commit.oid && preparing.base.oid === base.oid) {
      const { changeRequest } = await this.changeRequests.get(state.spaceId, preparing.changeRequestId, caller);
      if (changeRequest.status !== 'archived') return preparing.changeRequestId;
    }
    const doc = await this.reads.get<RevisionDoc>(REVISIONS, base.revision);
    if (!doc || doc.spaceId !== state.spaceId) throw new Invalid(`revision ${base.revision}, where the space and the branch were last in step, is gone`);
    const { id } = await this.commands.execute(new CreateChangeRequest(caller, state.spaceId, subjectOf(commit), undefined, undefined, { revision: doc.id, tree: doc.tree }));
    await record({ type: 'PrepareCommit', operationId, oid: commit.oid, changeRequestId: id, base });
    return id;
  }

  /** The commit's project directory read into the change request (its head becomes exactly that content and names the commit). */
  private async importCommit(caller: Caller, spaceId: string, connection: ConnectionState, commit: GitCommit, target: GitTarget, changeRequestId: string): Promise<void> {
    const checkout = await this.commits.git.checkout(target, commit.oid);
    try {
      const dir = connection.projectDirectory ? join(checkout.dir, ...connection.projectDirectory.split('/')) : checkout.dir;
      if (!(await stat(dir).catch(() => null))?.isDirectory()) throw new Invalid(`commit ${commit.oid.slice(0, 12)} has no directory ${connection.projectDirectory}`);
      await this.importer.run(caller, spaceId, new DirectorySource(dir), {
        changeRequestId,
        commit: committed(commit, connection.ref),
        renamed: renamedIn(commit, connection.projectDirectory),
      });
    } finally {
      await checkout.dispose();
    }
  }

  /**
   * Where the branch and the space are in step once the commit's request merged, and main's revision's
   * commit: the commit itself when main's content is the commit's; else the merge commit pushed (or, the
   * branch moved on meanwhile, the commit and its request's revision, the next commit going on from there).
   */
  private async syncedAfter(caller: Caller, spaceId: string, connection: ConnectionState, mergedRevision: string, importedRevision: string, commit: GitCommit, base: GitSyncPoint, target: GitTarget) {
    const ref = { ...committed(commit, connection.ref), createdByGitBook: false };
    const [merged, imported] = await Promise.all([this.reads.get<RevisionDoc>(REVISIONS, mergedRevision), this.reads.get<RevisionDoc>(REVISIONS, importedRevision)]);
    if (!merged || !imported) throw new Error(`revisions ${mergedRevision} and ${importedRevision} are not projected yet`);
    if (merged.tree === imported.tree) return { synced: { oid: commit.oid, revision: mergedRevision }, commit: ref };
    const author = await this.commits.author(connection.connectedBy);
    const pushed = await pushMerge(this.commits, caller, {
      spaceId,
      target,
      projectDirectory: connection.projectDirectory,
      revision: merged,
      branchCommit: commit.oid,
      sideParent: base.oid,
      message: `Merge ${commit.oid.slice(0, 12)} (${subjectOf(commit)}) with changes made in Folio`,
      author,
    });
    if (!pushed) return { synced: { oid: commit.oid, revision: importedRevision }, commit: ref };
    return { synced: { oid: pushed.oid, revision: mergedRevision }, commit: { ...committed(pushed, connection.ref), createdByGitBook: true } };
  }
}

/** A change request named after the commit: its message's first line, within a subject's length. */
function subjectOf(commit: GitCommit): string {
  const line = commit.message.split('\n')[0].trim() || `Commit ${commit.oid.slice(0, 12)}`;
  const chars = [...line];
  return chars.length <= SUBJECT_MAX ? line : `${chars.slice(0, SUBJECT_MAX - 1).join('')}…`;
}

/** The commit's moves inside the project directory, as the folder's paths (new → old). */
function renamedIn(commit: GitCommit, projectDirectory: string | undefined): Map<string, string> {
  const prefix = projectDirectory ? `${projectDirectory}/` : '';
  const within = (path: string) => path.startsWith(prefix);
  return new Map((commit.renames ?? []).filter(({ from, to }) => within(from) && within(to)).map(({ from, to }) => [to.slice(prefix.length), from.slice(prefix.length)]));
}
