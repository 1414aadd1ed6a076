import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { GitSyncDirection, GitSyncEvent, GitSyncProvider } from './git-sync.events';

export const GIT_SYNC_STATES = 'gitSyncStates';

/** The latest operation as the spec's GitSyncState shows it, with (additions) its id, commit and revision. */
export interface GitSyncOperationDoc {
  id: string;
  state: 'running' | 'success' | 'failure' | 'timeout';
  direction: GitSyncDirection;
  startedAt: string;
  endedAt?: string;
  error?: string;
  commit?: { oid: string; message: string; ref: string };
  revision?: string;
}

/** One document per space that ever had an operation, keyed by the space's id. Never holds credentials (the events' URLs have none). */
export interface GitSyncStateDoc {
  id: string;
  organizationId: string;
  installationId: string;
  installationProvider: GitSyncProvider;
  installationStatus: 'pending' | 'active';
  /** The latest request's `repoTreeURL`, when it gave one. */
  url?: string;
  repoName?: string;
  operation?: GitSyncOperationDoc;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/** `owner/repo` of a repository URL (its path, without the `.git` suffix). */
export function repoNameOf(url: string): string {
  return new URL(url).pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
}

/** Applies `change` to the space's document unless the event was applied already. */
async function update(tx: ReadTransaction, spaceId: string, position: string, change: (doc: GitSyncStateDoc) => Partial<GitSyncStateDoc> | null) {
  const doc = await tx.get<GitSyncStateDoc>(GIT_SYNC_STATES, spaceId);
  if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
  const changes = change(doc);
  await tx.patch(GIT_SYNC_STATES, spaceId, { ...(changes ?? {}), logPosition: position });
}

/** The operation's changes, only while it is still the latest one (a newer request replaced it in the answer). */
const ofOperation = (operationId: string, changes: Partial<GitSyncOperationDoc>, at: string) => (doc: GitSyncStateDoc) =>
  doc.operation?.id === operationId ? { operation: { ...doc.operation, ...changes }, updatedAt: at } : null;

/** `content-git-sync`: each space's Git Sync installation and its latest operation (GET …/git/info). */
export const gitSyncProjection = defineProjection<GitSyncEvent>('content-git-sync', [{ name: GIT_SYNC_STATES, indexes: [['organizationId'], ['installationStatus']] }], {
  GitSyncInstalled: async ({ data, position }, tx) => {
    if (await tx.get(GIT_SYNC_STATES, data.spaceId)) return;
    const doc: GitSyncStateDoc = {
      id: data.spaceId,
      organizationId: data.organizationId,
      installationId: data.installationId,
      installationProvider: data.provider,
      installationStatus: 'pending',
      updatedAt: data.installedAt,
      logPosition: position,
    };
    await tx.upsert(GIT_SYNC_STATES, doc);
  },
  GitSyncOperationRequested: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({
      ...(data.repoTreeURL === undefined ? {} : { url: data.repoTreeURL }),
      repoName: repoNameOf(data.url),
      // Queued counts as running: the spec's states start there, and `startedAt` is required.
      operation: { id: data.operationId, state: 'running', direction: data.direction, startedAt: data.requestedAt },
      updatedAt: data.requestedAt,
    })),
  GitSyncOperationStarted: ({ data, position }, tx) => update(tx, data.spaceId, position, ofOperation(data.operationId, { startedAt: data.startedAt }, data.startedAt)),
  GitSyncOperationSucceeded: ({ data, position }, tx) =>
    update(
      tx,
      data.spaceId,
      position,
      ofOperation(data.operationId, { state: 'success', endedAt: data.endedAt, ...(data.commit ? { commit: data.commit } : {}), ...(data.revision === undefined ? {} : { revision: data.revision }) }, data.endedAt),
    ),
  GitSyncOperationFailed: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, ofOperation(data.operationId, { state: data.timedOut ? 'timeout' : 'failure', endedAt: data.endedAt, error: data.error }, data.endedAt)),
  GitSyncConnected: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({ installationStatus: 'active', installationProvider: data.provider, repoName: repoNameOf(data.url), updatedAt: data.connectedAt })),
  // The installation is gone: info answers 404 as for a space never connected (a later operation installs anew).
  GitSyncDisconnected: ({ data }, tx) => tx.delete(GIT_SYNC_STATES, data.spaceId),
  // Folio → Git: each revision pushed (or not) is the latest operation, an export, named after the revision.
  GitSyncRevisionPushed: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({
      operation: { id: pushOperationId(data.revision), state: 'success', direction: 'export', startedAt: data.pushedAt, endedAt: data.pushedAt, commit: data.commit, revision: data.revision },
      updatedAt: data.pushedAt,
    })),
  GitSyncRevisionPushFailed: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({
      operation: { id: pushOperationId(data.revision), state: 'failure', direction: 'export', startedAt: data.failedAt, endedAt: data.failedAt, error: data.error, revision: data.revision },
      updatedAt: data.failedAt,
    })),
  // Git → Folio: a pull is an import operation like a one-off one (its start and end are the same events).
  GitSyncPullRequested: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({
      operation: { id: data.operationId, state: 'running', direction: 'import', startedAt: data.requestedAt },
      updatedAt: data.requestedAt,
    })),
  // The conflicted import's merge, pushed (or refused): the latest operation, an export, like a push.
  GitSyncConflictResolved: ({ data, position }, tx) =>
    update(tx, data.spaceId, position, () => ({
      operation: {
        id: pushOperationId(data.revision),
        state: data.commit ? 'success' : 'failure',
        direction: 'export',
        startedAt: data.resolvedAt,
        endedAt: data.resolvedAt,
        ...(data.commit ? { commit: data.commit } : {}),
        ...(data.error === undefined ? {} : { error: data.error }),
        revision: data.revision,
      },
      updatedAt: data.resolvedAt,
    })),
});

/** A push's operation id in the answer: the sync's pushes are no requested operations, so they are named after their revision. */
const pushOperationId = (revision: string) => `push-${revision}`;
