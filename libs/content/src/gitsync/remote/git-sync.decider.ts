import { Decider } from '@folio/platform/domain/decider';
import { Conflict, NotFound } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { GitOperationRequest, GitSyncConnection, GitSyncDirection, GitSyncEvent, GitSyncPoint, GitSyncProvider, GitSyncPullTrigger, ImportedCommit } from './git-sync.events';

/** An operation requested and not yet ended: the process's work. */
export interface PendingOperation {
  stage: 'requested' | 'running';
  direction: GitSyncDirection;
  /** A standalone import leaves main alone: it is no base for the next import. */
  standalone: boolean;
  timestamp?: string;
  /** An import's change request, once made. */
  changeRequestId?: string;
  /** A pull (Git → Folio on a connected space) rather than a one-off import. */
  pull?: true;
}

/** A connected sync (PUT …/git-sync): its configuration and how far Folio → Git went. */
export type ConnectionState = GitSyncConnection & {
  credentials: Sealed | null;
  webhookSecret?: Sealed;
  /** The first sync's operation: until it succeeds there is no commit to push onto. */
  firstSync: string;
  connectedBy: string;
  /**
   * Where the branch and the space are in step (the first sync's commit and revision, then each push's and
   * each pull's): the next push's parent, and the next pull's starting point and change requests' base.
   */
  synced?: GitSyncPoint;
  /** Main's revision Folio → Git last handled (synced by the first sync, pushed, failed, or made by a pull): an older one is not pushed. */
  handled?: { revision: string; position?: string };
  /** A pulled commit whose change request conflicts with main: pulls wait and pushes fail until that request is merged. */
  blocked?: { oid: string; changeRequestId: string; number: number; head: string; base: GitSyncPoint };
  /** The branch head at which a force-push was reported: no pull is requested again for it. */
  diverged?: string;
  /**
   * The commit a pull is bringing in, once its change request is made: kept across pulls, so that one that
   * failed midway (or crashed) leaves the next one that request to go on with, not a second one.
   */
  preparing?: { oid: string; changeRequestId: string; base: GitSyncPoint };
};

export type GitSyncState =
  | { status: 'none' }
  | {
      status: 'installed';
      spaceId: string;
      organizationId: string;
      installationId: string;
      /** Operations requested and not ended, by id: each gets exactly one result; an ended one leaves the map. */
      pending: Map<string, PendingOperation>;
      /** The newest `timestamp` of an operation applied (succeeded without skipping): an older one is skipped. */
      appliedTimestamp?: string;
      /** The last import merged into main: its commit and main's revision it made (the next import's merge base). */
      lastImport?: { oid: string; revision?: string };
      connection?: ConnectionState;
    };

type Installed = Exclude<GitSyncState, { status: 'none' }>;

export type GitSyncCommand =
  | {
      type: 'RequestOperation';
      spaceId: string;
      organizationId: string;
      /** The installation's id if this request makes it; an installed space keeps its own (another one is a race: Conflict, retried). */
      installationId: string;
      /** `gitInfo.provider` when the request named one. */
      provider?: GitSyncProvider;
      operationId: string;
      request: GitOperationRequest;
      credentials: Sealed | null;
      actor: string;
      now: string;
    }
  | {
      type: 'Connect';
      spaceId: string;
      organizationId: string;
      /** As RequestOperation's. */
      installationId: string;
      connection: GitSyncConnection;
      credentials: Sealed | null;
      /** Recorded only by a first connection: a reconfiguration keeps the secret given then. */
      webhookSecret: Sealed;
      /** The first sync's. */
      operationId: string;
      actor: string;
      now: string;
    }
  | { type: 'Disconnect'; actor: string; now: string }
  | { type: 'RecordPush'; spaceId: string; revision: string; position: string; commit: { oid: string; message: string; ref: string }; now: string }
  | { type: 'FailPush'; spaceId: string; revision: string; position: string; error: string; now: string }
  | { type: 'RequestPull'; operationId: string; head: string; trigger: GitSyncPullTrigger; now: string }
  | { type: 'PrepareCommit'; operationId: string; oid: string; changeRequestId: string; base: GitSyncPoint; now: string }
  | (ImportedCommit & { type: 'ImportCommit'; operationId: string; now: string })
  | { type: 'ConflictCommit'; operationId: string; oid: string; changeRequestId: string; number: number; head: string; now: string }
  | { type: 'ReportDivergence'; operationId: string; head: string; now: string }
  | {
      type: 'ResolveConflict';
      spaceId: string;
      changeRequestId: string;
      revision: string;
      position: string;
      synced: GitSyncPoint;
      commit?: { oid: string; message: string; ref: string };
      error?: string;
      now: string;
    }
  | { type: 'StartOperation'; operationId: string; now: string }
  | { type: 'PrepareImport'; operationId: string; changeRequestId: string; now: string }
  | { type: 'SucceedOperation'; operationId: string; commit?: { oid: string; message: string; ref: string }; revision?: string; now: string }
  | { type: 'FailOperation'; operationId: string; error: string; timedOut: boolean; now: string };

export const initialState: GitSyncState = { status: 'none' };

/** A request sealed its credentials for an installation another request replaced first (two first requests raced): seal again and retry. */
export class InstallationChanged extends Conflict {
  constructor() {
    super('the Git Sync installation changed meanwhile: try again');
  }
}

/** The provider a URL's host speaks for, when the request named none: GitHub's own host, else GitLab's conventions. */
export function providerOf(url: string): GitSyncProvider {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'github.com' || host === 'www.github.com' ? 'github' : 'gitlab';
}

const isOlder = (timestamp: string | undefined, than: string | undefined) => timestamp !== undefined && than !== undefined && Date.parse(timestamp) < Date.parse(than);
const newer = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || Date.parse(a) > Date.parse(b) ? a : b);

export function evolve(state: GitSyncState, event: GitSyncEvent): GitSyncState {
  if (event.type === 'GitSyncInstalled') {
    const { spaceId, organizationId, installationId } = event.data;
    return { status: 'installed', spaceId, organizationId, installationId, pending: new Map() };
  }
  if (state.status === 'none' || event.type === 'GitSyncDisconnected') return initialState;
  const pending = new Map(state.pending);
  switch (event.type) {
    case 'GitSyncConnected': {
      const { spaceId: _s, installationId: _i, webhookSecret, connectedAt: _c, ...connection } = event.data;
      // A reconfiguration starts over from its own first sync; the webhook secret stays the one given first.
      return { ...state, connection: { ...connection, ...((webhookSecret ?? state.connection?.webhookSecret) ? { webhookSecret: webhookSecret ?? state.connection?.webhookSecret } : {}) } };
    }
    case 'GitSyncRevisionPushed':
      return withConnection(state, (connection) => ({ ...connection, synced: { oid: event.data.commit.oid, revision: event.data.revision }, handled: { revision: event.data.revision, position: event.data.position } }));
    case 'GitSyncRevisionPushFailed':
      return withConnection(state, (connection) => ({ ...connection, handled: { revision: event.data.revision, position: event.data.position } }));
    case 'GitSyncPullRequested':
      pending.set(event.data.operationId, { stage: 'requested', direction: 'import', standalone: false, pull: true });
      return { ...state, pending };
    case 'GitSyncCommitPrepared': {
      const { oid, changeRequestId, base } = event.data;
      return withConnection(state, (connection) => ({ ...connection, preparing: { oid, changeRequestId, base } }));
    }
    case 'GitSyncCommitImported': {
      const { synced, revision } = event.data;
      // The next one-off import (without force) merges from here too.
      return withConnection({ ...state, lastImport: synced }, ({ preparing: _p, ...connection }) => ({ ...connection, synced, handled: { revision } }));
    }
    case 'GitSyncCommitConflicted': {
      const { oid, changeRequestId, number, head, base } = event.data;
      return withConnection(state, ({ preparing: _p, ...connection }) => ({ ...connection, blocked: { oid, changeRequestId, number, head, base } }));
    }
    case 'GitSyncConflictResolved':
      return withConnection(state, ({ blocked: _b, ...connection }) => ({ ...connection, synced: event.data.synced, handled: { revision: event.data.revision, position: event.data.position } }));
    case 'GitSyncBranchDiverged':
      return withConnection(state, (connection) => ({ ...connection, diverged: event.data.head }));
    case 'GitSyncOperationRequested':
      pending.set(event.data.operationId, { stage: 'requested', direction: event.data.direction, standalone: event.data.standalone, ...(event.data.timestamp === undefined ? {} : { timestamp: event.data.timestamp }) });
      return { ...state, pending };
    case 'GitSyncOperationStarted': {
      const operation = pending.get(event.data.operationId);
      if (operation) pending.set(event.data.operationId, { ...operation, stage: 'running' });
      return { ...state, pending };
    }
    case 'GitSyncImportPrepared': {
      const operation = pending.get(event.data.operationId);
      if (operation) pending.set(event.data.operationId, { ...operation, changeRequestId: event.data.changeRequestId });
      return { ...state, pending };
    }
    case 'GitSyncOperationSucceeded': {
      const operation = pending.get(event.data.operationId);
      pending.delete(event.data.operationId);
      if (event.data.skipped) return { ...state, pending };
      const { commit, revision } = event.data;
      const lastImport = operation?.direction === 'import' && !operation.standalone && commit ? { oid: commit.oid, ...(revision === undefined ? {} : { revision }) } : state.lastImport;
      const applied = { ...state, pending, appliedTimestamp: newer(operation?.timestamp, state.appliedTimestamp), ...(lastImport ? { lastImport } : {}) };
      // The connection's first sync: the branch and main are in step at this commit and revision.
      if (state.connection?.firstSync !== event.data.operationId || !commit || revision === undefined) return applied;
      return withConnection(applied, (connection) => ({ ...connection, synced: { oid: commit.oid, revision }, handled: { revision } }));
    }
    case 'GitSyncOperationFailed':
      pending.delete(event.data.operationId);
      return { ...state, pending };
  }
}

export function decide(command: GitSyncCommand, state: GitSyncState): GitSyncEvent[] {
  if (command.type === 'RequestOperation') return requested(command, state);
  if (command.type === 'Connect') return connected(command, state);
  if (command.type === 'Disconnect') {
    if (state.status === 'none') throw new NotFound('Git Sync on this space');
    return [{ type: 'GitSyncDisconnected', data: { spaceId: state.spaceId, installationId: state.installationId, disconnectedBy: command.actor, disconnectedAt: command.now } }];
  }
  if (command.type === 'RecordPush' || command.type === 'FailPush') return pushed(command, state);
  if (command.type === 'RequestPull') return pullRequested(command, state);
  if (command.type === 'ResolveConflict') return resolved(command, state);
  if (state.status === 'none') throw new Conflict(`operation ${command.operationId} was never requested`);
  const operation = pending(state, command.operationId);
  const ref = { spaceId: state.spaceId, operationId: command.operationId };
  switch (command.type) {
    case 'StartOperation': {
      // A restart resumes an operation it had started: nothing new to record.
      if (operation.stage === 'running') return [];
      const started: GitSyncEvent = { type: 'GitSyncOperationStarted', data: { ...ref, startedAt: command.now } };
      if (!isOlder(operation.timestamp, state.appliedTimestamp)) return [started];
      // Older than what was applied last: a success that changes nothing, never run.
      return [started, { type: 'GitSyncOperationSucceeded', data: { ...ref, direction: operation.direction, endedAt: command.now, skipped: true } }];
    }
    case 'PrepareImport':
      if (operation.stage !== 'running' || operation.direction !== 'import') throw new Conflict(`operation ${command.operationId} is not a running import`);
      if (operation.changeRequestId !== undefined) throw new Conflict(`operation ${command.operationId} has its change request already`);
      return [{ type: 'GitSyncImportPrepared', data: { ...ref, changeRequestId: command.changeRequestId, preparedAt: command.now } }];
    case 'SucceedOperation': {
      const { commit, revision } = command;
      return [{ type: 'GitSyncOperationSucceeded', data: { ...ref, direction: operation.direction, endedAt: command.now, ...(commit ? { commit } : {}), ...(revision === undefined ? {} : { revision }) } }];
    }
    case 'FailOperation':
      return [{ type: 'GitSyncOperationFailed', data: { ...ref, endedAt: command.now, error: command.error, timedOut: command.timedOut } }];
    case 'PrepareCommit': {
      // A request made before replaces the one recorded (that one was archived, or its commit left the branch).
      runningPull(operation, command.operationId);
      const { oid, changeRequestId, base } = command;
      return [{ type: 'GitSyncCommitPrepared', data: { ...ref, oid, changeRequestId, base, preparedAt: command.now } }];
    }
    case 'ImportCommit':
    case 'ConflictCommit': {
      runningPull(operation, command.operationId);
      const preparing = state.connection?.preparing;
      if (preparing?.oid !== command.oid || preparing.changeRequestId !== command.changeRequestId) throw new Conflict(`no pull is bringing in ${command.oid} with change request ${command.changeRequestId}`);
      if (command.type === 'ImportCommit') {
        const { oid, changeRequestId, revision, synced, commit } = command;
        return [{ type: 'GitSyncCommitImported', data: { ...ref, oid, changeRequestId, revision, synced, commit, importedAt: command.now } }];
      }
      const { oid, changeRequestId, number, head } = command;
      return [{ type: 'GitSyncCommitConflicted', data: { ...ref, oid, changeRequestId, number, head, base: preparing.base, conflictedAt: command.now } }];
    }
    case 'ReportDivergence': {
      runningPull(operation, command.operationId);
      const synced = state.connection?.synced;
      if (!synced) throw new Conflict('this space has no synced commit');
      return [{ type: 'GitSyncBranchDiverged', data: { ...ref, head: command.head, synced: synced.oid, detectedAt: command.now } }];
    }
  }
}

/**
 * A pull, unless there is nothing to ask for: the branch at the synced commit, or at the head a force-push was
 * reported at; a pull waiting to start (it reads the branch when it starts); a conflicted request still open
 * (its merge asks again); no synced commit yet (the first sync pending or failed).
 */
function pullRequested(command: Extract<GitSyncCommand, { type: 'RequestPull' }>, state: GitSyncState): GitSyncEvent[] {
  if (state.status === 'none' || !state.connection) throw new NotFound('a Git Sync connection on this space');
  const { synced, blocked, diverged } = state.connection;
  if (!synced || blocked || command.head === synced.oid || command.head === diverged) return [];
  if ([...state.pending.values()].some((operation) => operation.pull && operation.stage === 'requested')) return [];
  const { operationId, head, trigger, now } = command;
  return [{ type: 'GitSyncPullRequested', data: { spaceId: state.spaceId, operationId, head, trigger, requestedAt: now } }];
}

/** The conflicted request's merge, handled once (a re-run, or a merge of another request, records nothing). */
function resolved(command: Extract<GitSyncCommand, { type: 'ResolveConflict' }>, state: GitSyncState): GitSyncEvent[] {
  if (state.status === 'none' || !state.connection) throw new Conflict('this space is not connected to a Git branch');
  if (state.connection.blocked?.changeRequestId !== command.changeRequestId) return [];
  const { spaceId, changeRequestId, revision, position, synced, commit, error, now } = command;
  return [{ type: 'GitSyncConflictResolved', data: { spaceId, revision, position, changeRequestId, synced, ...(commit ? { commit } : {}), ...(error === undefined ? {} : { error }), resolvedAt: now } }];
}

function runningPull(operation: PendingOperation, operationId: string): void {
  if (!operation.pull || operation.stage !== 'running') throw new Conflict(`operation ${operationId} is not a running pull`);
}

function requested(command: Extract<GitSyncCommand, { type: 'RequestOperation' }>, state: GitSyncState): GitSyncEvent[] {
  const { spaceId, organizationId, installationId, operationId, request, credentials, actor, now } = command;
  if (state.status === 'installed' && state.installationId !== installationId) throw new InstallationChanged();
  const installed: GitSyncEvent[] =
    state.status === 'none'
      ? [{ type: 'GitSyncInstalled', data: { spaceId, organizationId, installationId, provider: command.provider ?? providerOf(request.url), installedAt: now } }]
      : [];
  return [...installed, { type: 'GitSyncOperationRequested', data: { ...request, spaceId, organizationId, installationId, operationId, credentials, requestedBy: actor, requestedAt: now } }];
}

function connected(command: Extract<GitSyncCommand, { type: 'Connect' }>, state: GitSyncState): GitSyncEvent[] {
  const { spaceId, organizationId, installationId, connection, credentials, operationId, actor, now } = command;
  const { url, ref, projectDirectory, priority } = connection;
  // The first sync: Folio's main exported onto the branch, or the branch imported over main (force: main becomes its tree).
  const request: GitOperationRequest =
    priority === 'gitbook'
      ? { direction: 'export', url, ref, force: false, standalone: false, commitMessage: 'Sync from Folio', ...(projectDirectory ? { repoProjectDirectory: projectDirectory } : {}) }
      : { direction: 'import', url, ref, force: true, standalone: false, ...(projectDirectory ? { repoProjectDirectory: projectDirectory } : {}) };
  const requested_ = requested({ type: 'RequestOperation', spaceId, organizationId, installationId, provider: connection.provider, operationId, request, credentials, actor, now }, state);
  const webhookSecret = state.status === 'installed' && state.connection?.webhookSecret ? {} : { webhookSecret: command.webhookSecret };
  const connectedEvent: GitSyncEvent = { type: 'GitSyncConnected', data: { ...connection, spaceId, installationId, credentials, ...webhookSecret, firstSync: operationId, connectedBy: actor, connectedAt: now } };
  // Installed (a first operation) comes first, the connection before its first sync's request.
  return [...requested_.slice(0, -1), connectedEvent, ...requested_.slice(-1)];
}

function pushed(command: Extract<GitSyncCommand, { type: 'RecordPush' | 'FailPush' }>, state: GitSyncState): GitSyncEvent[] {
  if (state.status === 'none' || !state.connection) throw new Conflict('this space is not connected to a Git branch');
  // The revision last handled again: a re-run, already recorded (older ones the process does not send: it compares log positions).
  if (state.connection.handled?.revision === command.revision) return [];
  const { spaceId, revision, position, now } = command;
  return command.type === 'RecordPush'
    ? [{ type: 'GitSyncRevisionPushed', data: { spaceId, revision, position, commit: command.commit, pushedAt: now } }]
    : [{ type: 'GitSyncRevisionPushFailed', data: { spaceId, revision, position, error: command.error, failedAt: now } }];
}

const withConnection = (state: Installed, change: (connection: ConnectionState) => ConnectionState): Installed => (state.connection ? { ...state, connection: change(state.connection) } : state);

/** The operation, if it was requested and has no result yet (Conflict otherwise: ended already, or never requested). */
function pending(state: Installed, operationId: string): PendingOperation {
  const operation = state.pending.get(operationId);
  if (!operation) throw new Conflict(`operation ${operationId} is not running: it ended already or was never requested`);
  return operation;
}

export const gitSyncDecider: Decider<GitSyncCommand, GitSyncEvent, GitSyncState> = { initialState, evolve, decide };
