import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Aggregates, WithoutNow } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Conflict, DomainError, Invalid, NotFound } from '@folio/platform/domain/errors';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { GitCommit, GitCredentials, GitRemote, GitTarget, GitUnavailable } from '@folio/platform/git/git-remote';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { CreateChangeRequest, UpdateChangeRequest } from '@folio/content/change-requests/change-request.commands';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { MergeChangeRequest, MergeOutcome } from '@folio/content/change-requests/merging/merge.commands';
import { RevisionDoc, REVISIONS } from '@folio/content/revisions/revision.projection';
import { DirectorySink, DirectorySource } from '../directory-folder';
import { carriesTrailer, operationTrailer, withTrailer } from './commit-trailers';
import { FolderCommit, MAX_COMMIT_MESSAGE } from '../folder-commit';
import { FolderExport } from '../folder-export';
import { FolderImport } from '../folder-import';
import { commitAuthor } from './commit-author';
import { GIT_OPERATION_TIMEOUT_MS } from './git-operation-limits';
import { GitSyncCommand, gitSyncDecider, GitSyncState } from './git-sync.decider';
import { GitSyncEvent, gitSyncStream } from './git-sync.events';
import { openCredentials } from './git-credentials';

export const GIT_SYNC_OPERATIONS = 'content-git-sync-operations';

type Requested = Extract<GitSyncEvent, { type: 'GitSyncOperationRequested' }>['data'];
type Outcome = { commit?: FolderCommit & { ref: string }; revision?: string };

export class OperationTimedOut extends Error {}

/**
 * Runs the spaces' one-off Git Sync imports and exports: a process manager with its own checkpoint,
 * reacting to each GitSyncOperationRequested. It records the start (an operation older than the last one
 * applied is then skipped by the decider), opens the credentials sealed under the installation's key, runs
 * the operation as the user who asked for it (their rights checked again), and records its one result. A
 * refusal (GitUnavailable, GitBranchMoved, a folder refused, a merge conflict) is the operation's failure,
 * with a message naming no secret; anything else throws and the runner retries from the checkpoint.
 *
 * Exactly once: the decider refuses a second start or result. A re-run after a crash resumes the running
 * operation: an import goes on with the change request it recorded (GitSyncImportPrepared; merged already,
 * it only records the result); an export whose commit is at the branch's head (its `Folio-Operation`
 * trailer) records that commit instead of pushing another.
 */
@Injectable()
export class GitSyncOperations extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly cipher: SubjectCipher,
    private readonly git: GitRemote,
    private readonly importer: FolderImport,
    private readonly exporter: FolderExport,
    private readonly changeRequests: ChangeRequestReads,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // Clones and pushes left pending at a restart must not hold the API from listening.
    super(host, progress, GIT_SYNC_OPERATIONS, 'background');
  }

  protected reactions() {
    return { GitSyncOperationRequested: (event: StoredEvent) => this.run(event.data as unknown as Requested, event.metadata.correlationId) };
  }

  /** Runs the operation if it is still pending; records its result. */
  async run(request: Requested, correlationId: string): Promise<void> {
    const stream = gitSyncStream(request.spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    if (state.status !== 'installed' || !state.pending.has(request.operationId)) return;
    // The operation acts as the user who asked for it: what they may no longer do, it may not either.
    const caller: Caller = { userId: request.requestedBy, source: 'system', correlationId };
    const record = (command: WithoutNow<GitSyncCommand>) => this.aggregates.handle(stream, gitSyncDecider, command, caller);
    try {
      const started = await record({ type: 'StartOperation', operationId: request.operationId });
      if (!pendingIn(started.state, request.operationId)) return;
      const opened: { credentials: GitCredentials | null } = { credentials: null };
      try {
        const outcome = await withTimeout(async () => {
          const credentials = (opened.credentials = await openCredentials(this.cipher, request.installationId, request.credentials));
          const target: GitTarget = { url: request.url, ref: request.ref, ...(credentials ? { credentials } : {}) };
          return request.direction === 'import' ? this.import(caller, request, target, started.state) : this.export(caller, request, target);
        });
        await record({ type: 'SucceedOperation', operationId: request.operationId, ...outcome });
      } catch (error) {
        if (!(error instanceof DomainError || error instanceof OperationTimedOut)) throw error;
        const timedOut = error instanceof OperationTimedOut || (error instanceof GitUnavailable && error.reason === 'timeout');
        await record({ type: 'FailOperation', operationId: request.operationId, error: withoutSecret(error.message, opened.credentials), timedOut });
      }
    } catch (error) {
      // A result recorded already (a re-run), or the space's Git Sync gone: nothing more to record.
      if (error instanceof Conflict || error instanceof NotFound) return;
      throw error;
    }
  }

  /**
   * The branch's commit into the space: the project directory read as a Git Sync folder into a change
   * request (made once, recorded; see mergeBase for where it starts), merged into main unless `standalone`
   * (then archived: its head is the revision). A merge that conflicts fails the operation and leaves the
   * request open, to be resolved and merged as any other.
   */
  private async import(caller: Caller, request: Requested, target: GitTarget, state: GitSyncState): Promise<Outcome> {
    const checkout = await this.git.checkout(target);
    try {
      if (!checkout.commit) throw new Invalid(`${request.ref} has no commit to import`);
      const commit = committed(checkout.commit, request.ref);
      const dir = request.repoProjectDirectory ? join(checkout.dir, ...request.repoProjectDirectory.split('/')) : checkout.dir;
      if (!(await stat(dir).catch(() => null))?.isDirectory()) throw new Invalid(`the repository has no directory ${request.repoProjectDirectory}`);
      const changeRequestId = await this.changeRequestOf(caller, request, state, commit.oid);
      const { changeRequest } = await this.changeRequests.get(request.spaceId, changeRequestId, caller);
      // Merged before a crash: the import is done, only its result is missing.
      if (changeRequest.status === 'merged') return { commit, revision: changeRequest.revisionMerged };
      if (request.standalone && changeRequest.status === 'archived') return { commit, revision: changeRequest.revision };
      const summary = await this.importer.run(caller, request.spaceId, new DirectorySource(dir), { changeRequestId, commit });
      if (request.standalone) {
        const { changeRequest: head } = await this.changeRequests.get(request.spaceId, summary.changeRequest.id, caller);
        if (head.status !== 'archived') await this.commands.execute(new UpdateChangeRequest(caller, request.spaceId, head.id, { status: 'archived' }));
        return { commit, revision: head.revision };
      }
      const merged: MergeOutcome = await this.commands.execute(new MergeChangeRequest(caller, request.spaceId, changeRequestId));
      if (merged.result === 'conflicts') throw new Conflict(`the import is in change request ${changeRequest.number}, which conflicts with main`);
      return { commit, revision: merged.revision };
    } finally {
      await checkout.dispose();
    }
  }

  /** The operation's change request: the one it recorded before a crash, or a new one, recorded before anything goes in. */
  private async changeRequestOf(caller: Caller, request: Requested, state: GitSyncState, oid: string): Promise<string> {
    const recorded = pendingIn(state, request.operationId)?.changeRequestId;
    if (recorded) return recorded;
    const subject = `Import of ${request.ref.slice('refs/heads/'.length)} at ${oid.slice(0, 12)}`;
    const base = request.force ? undefined : await this.mergeBase(request.spaceId, state);
    const { id } = await this.commands.execute(new CreateChangeRequest(caller, request.spaceId, subject, undefined, undefined, base));
    await this.aggregates.handle(gitSyncStream(request.spaceId), gitSyncDecider, { type: 'PrepareImport', operationId: request.operationId, changeRequestId: id }, caller);
    return id;
  }

  /**
   * Without `force`, the request starts from main's revision the last import made (the repository's tree
   * then): the merge is then three-way between that tree, the new commit's and main's, so what main gained
   * since is kept, as Git keeps both sides. None (main's latest: the repository's tree replaces main) with
   * `force`, for a first import, or when that revision is unknown.
   */
  private async mergeBase(spaceId: string, state: GitSyncState): Promise<{ revision: string; tree: string } | undefined> {
    const revision = state.status === 'installed' ? state.lastImport?.revision : undefined;
    if (revision === undefined) return undefined;
    const doc = await this.reads.get<RevisionDoc>(REVISIONS, revision);
    return doc && doc.spaceId === spaceId && doc.onMain ? { revision: doc.id, tree: doc.tree } : undefined;
  }

  /**
   * Main's revision as a Git Sync folder, committed on top of the branch's head (its project directory
   * replaced) and pushed; a branch that moved meanwhile fails it (GitBranchMoved), never overwritten.
   */
  private async export(caller: Caller, request: Requested, target: GitTarget): Promise<Outcome> {
    const head = await this.git.checkout(target);
    const dir = await mkdtemp(join(this.config.tempDir, 'folio-git-export-'));
    try {
      const trailer = operationTrailer(request.operationId);
      // Pushed before a crash: the branch's head is this operation's commit.
      if (head.commit && carriesTrailer(head.commit, trailer)) return { commit: committed(head.commit, request.ref) };
      const summary = await this.exporter.run(caller, request.spaceId, new DirectorySink(dir));
      const message = withTrailer(request.commitMessage ?? 'Export from Folio', trailer);
      const pushed = await this.git.commitAndPush(target, {
        parent: head.commit?.oid ?? null,
        dir,
        ...(request.repoProjectDirectory ? { projectDirectory: request.repoProjectDirectory } : {}),
        message,
        author: await commitAuthor(this.queries, request.requestedBy),
      });
      return { commit: committed(pushed, request.ref), revision: summary.revision };
    } finally {
      await Promise.all([head.dispose(), rm(dir, { recursive: true, force: true })]);
    }
  }
}

const pendingIn = (state: GitSyncState, operationId: string) => (state.status === 'installed' ? state.pending.get(operationId) : undefined);

export const committed = (commit: GitCommit, ref: string) => ({ oid: commit.oid, message: commit.message.slice(0, MAX_COMMIT_MESSAGE), ref });

/** An error message with the credentials' secrets masked, should any layer below have repeated them. */
export function withoutSecret(message: string, credentials: GitCredentials | null): string {
  if (!credentials) return message;
  const secrets = [credentials.password, encodeURIComponent(credentials.password)].filter((secret) => secret.length > 0);
  return secrets.reduce((text, secret) => text.split(secret).join('***'), message);
}

/** The operation's work, or OperationTimedOut once GIT_OPERATION_TIMEOUT_MS passed (its result, if it comes later, is refused). */
export async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OperationTimedOut(`the operation took more than ${GIT_OPERATION_TIMEOUT_MS / 60_000} minutes`)), GIT_OPERATION_TIMEOUT_MS);
  });
  const running = work();
  // Once timed out, its later failure is no one's: it must not surface as an unhandled rejection.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
