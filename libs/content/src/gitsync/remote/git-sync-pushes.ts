import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Aggregates, WithoutNow } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Conflict, DomainError, NotFound } from '@folio/platform/domain/errors';
import { comparePositions, StoredEvent } from '@folio/platform/event-store/event-store.port';
import { GitBranchMoved, GitCommit, GitCredentials, GitRemote, GitTarget } from '@folio/platform/git/git-remote';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { RevisionDoc, REVISIONS, seqOf } from '@folio/content/revisions/revision.projection';
import { SpaceEvent } from '@folio/content/spaces/space.events';
import { DirectorySink } from '../directory-folder';
import { carriesTrailer, revisionTrailer, withTrailer } from './commit-trailers';
import { FolderExport } from '../folder-export';
import { commitAuthor } from './commit-author';
import { commitMessage } from './commit-message';
import { committed, withoutSecret } from './git-sync-operations';
import { ConnectionState, GitSyncCommand, gitSyncDecider } from './git-sync.decider';
import { gitSyncStream } from './git-sync.events';
import { openCredentials } from './git-credentials';

export const GIT_SYNC_PUSHES = 'content-git-sync-pushes';

type ContentChanged = Extract<SpaceEvent, { type: 'SpaceContentChanged' }>['data'];

export const BRANCH_MOVED = 'the branch moved; Git → Folio sync will bring it in';

/**
 * Folio → Git for connected spaces: a process manager with its own checkpoint, reacting to each
 * SpaceContentChanged (main's new revision: a merge, a direct edit, a template, a rollback). The revision,
 * exported as a Git Sync folder, becomes one commit on the branch whose parent is the last synced commit
 * (files the revision did not change hash the same, so the commit holds only the changed ones), authored by
 * the user who made the revision, then pushed with a lease; the push, or its failure, is recorded on the
 * space's Git Sync stream. It acts as the admin who connected the space.
 *
 * Left alone: spaces not connected; revisions at or before the last one handled (the first sync's, a
 * re-run's); revisions that came from Git (an import's commit, `createdByGitBook: false`). While the first
 * sync runs, it waits (the runner retries): what it exports is the base of every later push.
 *
 * Exactly once: revisions at or before the last handled one (by log position) are not pushed, and the
 * decider records no second result for the revision last handled; a
 * push refused because the branch is not at the parent is checked against the branch's head, and when that
 * head carries this revision's `Folio-Revision` trailer (pushed before a crash) it is recorded, not pushed
 * again. Otherwise the branch moved (someone pushed): the failure is recorded, never a force-push.
 */
@Injectable()
export class GitSyncPushes extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly cipher: SubjectCipher,
    private readonly git: GitRemote,
    private readonly exporter: FolderExport,
    private readonly changeRequests: ChangeRequestReads,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // Pushes left pending at a restart must not hold the API from listening.
    super(host, progress, GIT_SYNC_PUSHES, 'background');
  }

  protected reactions() {
    return { SpaceContentChanged: (event: StoredEvent) => this.push(event.data as unknown as ContentChanged, event.position, event.metadata.correlationId) };
  }

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
    if (!(await this.isNewer(position, connection.handled)) || (await this.cameFromGit(change))) return;
    const caller: Caller = { userId: connection.connectedBy, source: 'system', correlationId };
    const record = (command: WithoutNow<GitSyncCommand>) => this.aggregates.handle(stream, gitSyncDecider, command, caller);
    const revision = { spaceId: change.spaceId, revision: change.revision.id, position };
    let credentials: GitCredentials | null = null;
    try {
      try {
        credentials = await openCredentials(this.cipher, state.installationId, connection.credentials);
        const target: GitTarget = { url: connection.url, ref: connection.ref, ...(credentials ? { credentials } : {}) };
        const commit = await this.commit(caller, change, connection, target);
        await record({ type: 'RecordPush', ...revision, commit: committed(commit, connection.ref) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const message = error instanceof GitBranchMoved ? BRANCH_MOVED : withoutSecret(error.message, credentials);
        await record({ type: 'FailPush', ...revision, error: message });
      }
    } catch (error) {
      // Recorded already (a re-run), or disconnected meanwhile: nothing more to record.
      if (error instanceof Conflict || error instanceof NotFound) return;
      throw error;
    }
  }

  /** Whether the revision made at `position` comes after the last one handled (whose position the first sync did not record: its revision's). */
  private async isNewer(position: string, handled: NonNullable<ConnectionState['handled']>): Promise<boolean> {
    if (handled.position !== undefined) return comparePositions(position, handled.position) > 0;
    const doc = await this.reads.get<RevisionDoc>(REVISIONS, handled.revision);
    return doc !== null && seqOf(position) > doc.seq;
  }

  /** An import's revision (its commit, or a merge of a change request whose head is one) is Git's own: not pushed back. */
  private async cameFromGit({ revision }: ContentChanged): Promise<boolean> {
    if (revision.git) return !revision.git.createdByGitBook;
    if (revision.type !== 'merge' || revision.parents.length < 2) return false;
    const head = await this.reads.get<RevisionDoc>(REVISIONS, revision.parents[1]);
    return head?.git?.createdByGitBook === false;
  }

  /** The revision's folder committed onto the last synced commit and pushed; or, after a crash, the commit pushed then. */
  private async commit(caller: Caller, change: ContentChanged, connection: ConnectionState, target: GitTarget): Promise<GitCommit> {
    const dir = await mkdtemp(join(this.config.tempDir, 'folio-git-push-'));
    try {
      await this.exporter.run(caller, change.spaceId, new DirectorySink(dir), { revision: change.revision.id });
      const author = await commitAuthor(this.queries, change.revision.createdBy);
      const subject = change.changeRequest ? (await this.changeRequests.get(change.spaceId, change.changeRequest.id, caller)).changeRequest.subject : undefined;
      const message = commitMessage(connection.commitMessageTemplate, {
        ...(subject === undefined ? {} : { subject }),
        ...(change.changeRequest ? { number: change.changeRequest.number } : {}),
        author: author.name,
        revision: change.revision.id,
      });
      const trailer = revisionTrailer(change.revision.id);
      try {
        return await this.git.commitAndPush(target, {
          parent: connection.synced?.oid ?? null,
          dir,
          ...(connection.projectDirectory ? { projectDirectory: connection.projectDirectory } : {}),
          message: withTrailer(message, trailer),
          author,
        });
      } catch (error) {
        if (!(error instanceof GitBranchMoved)) throw error;
        const before = await this.pushedBefore(target, trailer);
        if (!before) throw error;
        return before;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** The branch's head if it is this revision's commit (pushed before a crash, not recorded). */
  private async pushedBefore(target: GitTarget, trailer: string): Promise<GitCommit | null> {
    const head = await this.git.checkout(target);
    try {
      return carriesTrailer(head.commit, trailer) ? head.commit : null;
    } finally {
      await head.dispose();
    }
  }
}
