import { Decider } from '@folio/platform/domain/decider';
import { Conflict } from '@folio/platform/domain/errors';
import { Sealed } from '@folio/platform/domain/sealed';
import { GitOperationRequest, GitSyncDirection, GitSyncEvent, GitSyncProvider } from './git-sync.events';

/** An operation requested and not yet ended: the process's work. */
export interface PendingOperation {
  stage: 'requested' | 'running';
  direction: GitSyncDirection;
  /** A standalone import leaves main alone: it is no base for the next import. */
  standalone: boolean;
  timestamp?: string;
  /** An import's change request, once made. */
  changeRequestId?: string;
}

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
  if (state.status === 'none') return state;
  const pending = new Map(state.pending);
  switch (event.type) {
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
      return { ...state, pending, appliedTimestamp: newer(operation?.timestamp, state.appliedTimestamp), ...(lastImport ? { lastImport } : {}) };
    }
    case 'GitSyncOperationFailed':
      pending.delete(event.data.operationId);
      return { ...state, pending };
  }
}

export function decide(command: GitSyncCommand, state: GitSyncState): GitSyncEvent[] {
  if (command.type === 'RequestOperation') return requested(command, state);
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
  }
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

/** The operation, if it was requested and has no result yet (Conflict otherwise: ended already, or never requested). */
function pending(state: Installed, operationId: string): PendingOperation {
  const operation = state.pending.get(operationId);
  if (!operation) throw new Conflict(`operation ${operationId} is not running: it ended already or was never requested`);
  return operation;
}

export const gitSyncDecider: Decider<GitSyncCommand, GitSyncEvent, GitSyncState> = { initialState, evolve, decide };
