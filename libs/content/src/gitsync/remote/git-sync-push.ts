import { Inject, Injectable } from '@nestjs/common';
import { Aggregates, WithoutNow } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { newId } from '@folio/platform/ids';
import { Conflict, DomainError, NotFound } from '@folio/platform/domain/errors';
import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { GitCredentials, GitTarget } from '@folio/platform/git/git-remote';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { RevisionDoc, REVISIONS, seqOf } from '@folio/content/revisions/revision.projection';
import { SpaceEvent } from '@folio/content/spaces/space.events';
import { revisionTrailer, withTrailer } from './commit-trailers';
import { commitMessage } from './commit-message';
import { committed, withoutSecret } from './git-sync-operations';
import { GitSyncCommits } from './git-sync-commits';
import { ConnectionState, GitSyncCommand, gitSyncDecider } from './git-sync.decider';
import { gitSyncStream } from './git-sync.events';
import { pushMerge } from './git-sync-merge-commit';

type ContentChanged = Extract<SpaceEvent, { type: 'SpaceContentChanged' }>['data'];
type Blocked = NonNullable<ConnectionState['blocked']>;

export const BRANCH_MOVED = 'the branch moved; Git → Folio sync will bring it in';

/**
 * Folio → Git for a connected space, one main revision at a time (the GitSyncMirror process calls it for
 * each SpaceContentChanged, in log order). The revision, exported as a Git Sync folder, becomes one commit on
 * the branch whose parent is the synced commit (files the revision did not change hash the same, so the
 * commit holds only the changed ones), authored by the user who made the revision, then pushed with a lease;
 * the push, or its failure, is recorded on the space's Git Sync stream. It acts as the admin who connected the space.
 *
 * Left alone: spaces not connected; revisions at or before the last one handled (the first sync's, a pull's
 * merge, a re-run's); revisions that came from Git (an import's commit, `createdByGitBook: false`). While
 * the first sync runs, it waits (the runner retries): what it exports is the base of every later push.
 *
 * While a pulled commit's change request conflicts with main, pushes fail ("waiting for change request
 * #n"): their content goes out with that request's merge, pushed as a merge commit of the branch's commit
 * and Folio's side. A push the branch refused (someone pushed) is a failure and asks for a pull, which
 * brings the branch's commits in and pushes main's content beside them; never a force-push.
 */
@Injectable()
export class GitSyncPush {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly commits: GitSyncCommits,
    private readonly changeRequests: ChangeRequestReads,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** Pushes main's revision made at `position`, if the space is connected and it is one to push; records the outcome. */
  async push(change: ContentChanged, position: string, correlationId: string): Promise<void> {
    const stream = gitSyncStream(change.spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    if (state.status !== 'installed' || !state.connection) return;
    const connection = state.connection;
    // The first sync's export or import is the base of every push: wait for it (the runner retries this event).
    if (state.pending.has(connection.firstSync)) throw new Error(`the first Git sync of space ${change.spaceId} has not ended yet`);
    // The first sync failed: nothing to push onto until the space is connected again.
    if (!connection.synced || !connection.handled) return;
    if (!(await this.isNewer(position, connection.handled)) || (!connection.blocked && (await this.cameFromGit(change)))) return;
    const caller: Caller = { userId: connection.connectedBy, source: 'system', correlationId };
    const record = (command: WithoutNow<GitSyncCommand>) => this.aggregates.handle(stream, gitSyncDecider, command, caller);
    const revision = { spaceId: change.spaceId, revision: change.revision.id, position };
    let credentials: GitCredentials | null = null;
    try {
      try {
        const opened = await this.commits.target(state.installationId, connection);
        credentials = opened.credentials;
        const { blocked } = connection;
        if (blocked && change.changeRequest?.id === blocked.changeRequestId) return await this.resolve(caller, change, position, connection, blocked, opened.target);
        if (blocked) return void (await record({ type: 'FailPush', ...revision, error: `waiting for change request #${blocked.number}, whose import of ${blocked.oid.slice(0, 12)} conflicts with main` }));
        const commit = await this.commit(caller, change, connection, opened.target);
        if (commit) return void (await record({ type: 'RecordPush', ...revision, commit: committed(commit, connection.ref) }));
        await record({ type: 'FailPush', ...revision, error: BRANCH_MOVED });
        await this.requestPull(caller, change.spaceId, opened.target);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await record({ type: 'FailPush', ...revision, error: withoutSecret(error.message, credentials) });
      }
    } catch (error) {
      // Recorded already (a re-run), or disconnected meanwhile: nothing more to record.
      if (error instanceof Conflict || error instanceof NotFound) return;
      throw error;
    }
  }

  /** Whether the revision made at `position` comes after the last one handled (whose position a first sync or a pull did not record: its revision's). */
  private async isNewer(position: string, handled: NonNullable<ConnectionState['handled']>): Promise<boolean> {
    if (handled.position !== undefined) return comparePositions(position, handled.position) > 0;
    const doc = await this.reads.get<RevisionDoc>(REVISIONS, handled.revision);
    return doc !== null && seqOf(position) > doc.seq;
  }

  /** A one-off import's revision (its commit, or a merge of a change request whose head is one) is Git's own: not pushed back. */
  private async cameFromGit({ revision }: ContentChanged): Promise<boolean> {
    if (revision.git) return !revision.git.createdByGitBook;
    if (revision.type !== 'merge' || revision.parents.length < 2) return false;
    const head = await this.reads.get<RevisionDoc>(REVISIONS, revision.parents[1]);
    return head?.git?.createdByGitBook === false;
  }

  /** The revision's folder committed onto the synced commit and pushed (or found pushed before a crash); null when the branch moved. */
  private async commit(caller: Caller, change: ContentChanged, connection: ConnectionState, target: GitTarget) {
    const { author, message } = await this.authored(caller, change, connection);
    return this.commits.withFolder(caller, change.spaceId, change.revision.id, (dir) =>
      this.commits.pushOnce(
        target,
        { parent: connection.synced?.oid ?? null, dir, ...(connection.projectDirectory ? { projectDirectory: connection.projectDirectory } : {}), message: withTrailer(message, revisionTrailer(change.revision.id)), author },
        revisionTrailer(change.revision.id),
      ),
    );
  }

  /**
   * The conflicted import's request merged: a merge commit of the pulled commit (first parent, where the
   * branch is) and Folio's side (main before the merge, on the commit the import was based on), holding the
   * merge's content. Refused (the branch moved past the commit), the branch and the space are in step at the
   * commit and the request's revision as imported, and a pull brings the rest.
   */
  private async resolve(caller: Caller, change: ContentChanged, position: string, connection: ConnectionState, blocked: Blocked, target: GitTarget): Promise<void> {
    const { author, message } = await this.authored(caller, change, connection);
    const pushed = await pushMerge(this.commits, caller, {
      spaceId: change.spaceId,
      target,
      projectDirectory: connection.projectDirectory,
      revision: change.revision,
      branchCommit: blocked.oid,
      sideParent: blocked.base.oid,
      message,
      author,
    });
    const resolution = { type: 'ResolveConflict' as const, spaceId: change.spaceId, changeRequestId: blocked.changeRequestId, revision: change.revision.id, position };
    await this.aggregates.handle(
      gitSyncStream(change.spaceId),
      gitSyncDecider,
      pushed
        ? { ...resolution, synced: { oid: pushed.oid, revision: change.revision.id }, commit: committed(pushed, connection.ref) }
        : { ...resolution, synced: { oid: blocked.oid, revision: blocked.head }, error: BRANCH_MOVED },
      caller,
    );
    await this.requestPull(caller, change.spaceId, target);
  }

  /** The revision's commit author (its maker) and message (the connection's template over its change request). */
  private async authored(caller: Caller, change: ContentChanged, connection: ConnectionState) {
    const author = await this.commits.author(change.revision.createdBy);
    const request = change.changeRequest ? (await this.changeRequests.get(change.spaceId, change.changeRequest.id, caller)).changeRequest : undefined;
    const fields = request && change.changeRequest ? { subject: request.subject, number: change.changeRequest.number } : {};
    return { author, message: commitMessage(connection.commitMessageTemplate, { ...fields, author: author.name, revision: change.revision.id }) };
  }

  /** A pull of the branch as it is now (the decider asks for none when there is nothing new). */
  private async requestPull(caller: Caller, spaceId: string, target: GitTarget): Promise<void> {
    const head = await this.commits.git.head(target);
    if (head) await this.aggregates.handle(gitSyncStream(spaceId), gitSyncDecider, { type: 'RequestPull', operationId: newId(), head, trigger: 'push' }, caller);
  }
}
