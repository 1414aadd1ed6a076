import { Sealed } from '@folio/platform/domain/sealed';

/** The spec's GitSyncProvider values. */
export const GIT_SYNC_PROVIDERS = ['github', 'gitlab', 'github-legacy'] as const;
export type GitSyncProvider = (typeof GIT_SYNC_PROVIDERS)[number];

export type GitSyncDirection = 'import' | 'export';

/** The spec's GitSyncInstallationPriority: which side wins a connection's first sync. */
export const GIT_SYNC_PRIORITIES = ['gitbook', 'git'] as const;
export type GitSyncPriority = (typeof GIT_SYNC_PRIORITIES)[number];

/** What PUT …/git-sync configures (credentials and the webhook secret apart, sealed). */
export type GitSyncConnection = {
  /** Without credentials. */
  url: string;
  ref: string;
  provider: Exclude<GitSyncProvider, 'github-legacy'>;
  projectDirectory?: string;
  priority: GitSyncPriority;
  commitMessageTemplate?: string;
};

/** A branch commit and a Folio revision with the same content: where the branch and the space are in step. */
export type GitSyncPoint = { oid: string; revision: string };

/** A pulled commit merged into main (see GitSyncCommitImported). */
export type ImportedCommit = {
  oid: string;
  changeRequestId: string;
  /** Main's revision the merge made. */
  revision: string;
  synced: GitSyncPoint;
  /** Main's revision's `git`. */
  commit: { oid: string; message: string; ref: string; createdByGitBook: boolean };
};

/** What asked for a pull: the provider's push webhook, the poll (GIT_SYNC_INTERVAL_S), or a push that found the branch moved. */
export const GIT_SYNC_PULL_TRIGGERS = ['webhook', 'poll', 'push'] as const;
export type GitSyncPullTrigger = (typeof GIT_SYNC_PULL_TRIGGERS)[number];

/** A main revision Folio → Git handled: its id and the log position of the SpaceContentChanged that made it. */
export type GitSyncRevisionRef = { spaceId: string; revision: string; position: string };

/** What one import or export was asked to do (the spec's ImportGitRepository / ExportToGitRepository, credentials apart). */
// A type, not an interface: an event's data must be a Record (interfaces have no index signature).
export type GitOperationRequest = {
  direction: GitSyncDirection;
  /** Without credentials (they are sealed apart, under the installation's key). */
  url: string;
  /** `refs/heads/<branch>`. */
  ref: string;
  repoProjectDirectory?: string;
  repoTreeURL?: string;
  repoCommitURL?: string;
  /** The spec's `timestamp`: an operation older than the last applied one is skipped. */
  timestamp?: string;
  force: boolean;
  standalone: boolean;
  /** Exports only. */
  commitMessage?: string;
};

/**
 * A space's Git Sync connection and its operations: one stream per space (`gitSync-<spaceId>`). The
 * installation is made by the first operation (or a connection) and keeps its id until disconnected;
 * credentials (from the URL or given apart) are sealed under the installation's key (SubjectCipher subject
 * `gitSync-<installationId>`), erased on disconnect.
 */
export type GitSyncEvent =
  | {
      type: 'GitSyncInstalled';
      data: { spaceId: string; organizationId: string; installationId: string; provider: GitSyncProvider; installedAt: string };
    }
  | {
      type: 'GitSyncOperationRequested';
      data: GitOperationRequest & {
        spaceId: string;
        organizationId: string;
        installationId: string;
        operationId: string;
        credentials: Sealed | null;
        requestedBy: string;
        requestedAt: string;
      };
    }
  | { type: 'GitSyncOperationStarted'; data: { spaceId: string; operationId: string; startedAt: string } }
  /** An import's change request, made before the folder goes in: a re-run after a crash goes on with it instead of making another. */
  | { type: 'GitSyncImportPrepared'; data: { spaceId: string; operationId: string; changeRequestId: string; preparedAt: string } }
  | {
      type: 'GitSyncOperationSucceeded';
      data: {
        spaceId: string;
        operationId: string;
        /** The operation's (the revision projection records the commit on `revision`: written by Folio for an export). */
        direction: GitSyncDirection;
        endedAt: string;
        /** The commit imported or pushed (absent when skipped). */
        commit?: { oid: string; message: string; ref: string };
        /** The revision the import made (main's, or a standalone one) or the export wrote. */
        revision?: string;
        /** Older than the last applied operation, or nothing to do: a success that changed nothing. */
        skipped?: boolean;
      };
    }
  | { type: 'GitSyncOperationFailed'; data: { spaceId: string; operationId: string; endedAt: string; error: string; timedOut: boolean } }
  /**
   * PUT …/git-sync: the space keeps in step with the branch. Followed by the first sync's
   * GitSyncOperationRequested (`firstSync`); `webhookSecret` only when a new one was made (a first connection).
   */
  | {
      type: 'GitSyncConnected';
      data: GitSyncConnection & {
        spaceId: string;
        installationId: string;
        credentials: Sealed | null;
        webhookSecret?: Sealed;
        firstSync: string;
        connectedBy: string;
        connectedAt: string;
      };
    }
  /** DELETE …/git-sync: the installation ends (its credentials' key erased); a later operation makes a new one. */
  | { type: 'GitSyncDisconnected'; data: { spaceId: string; installationId: string; disconnectedBy: string; disconnectedAt: string } }
  /** Folio → Git: main's revision became this commit on the branch (the revision projection records it on the revision). */
  | { type: 'GitSyncRevisionPushed'; data: GitSyncRevisionRef & { commit: { oid: string; message: string; ref: string }; pushedAt: string } }
  /** Folio → Git: the revision could not be pushed (the branch moved, the server refused); nothing was forced. */
  | { type: 'GitSyncRevisionPushFailed'; data: GitSyncRevisionRef & { error: string; failedAt: string } }
  /**
   * Git → Folio, on a connected space: bring in the branch's commits after the synced one (up to `head`, as
   * the trigger saw it; the pull reads the branch again). Its run is an import operation (Started, then
   * Succeeded or Failed) that GET …/git/info shows.
   */
  | { type: 'GitSyncPullRequested'; data: { spaceId: string; operationId: string; head: string; trigger: GitSyncPullTrigger; requestedAt: string } }
  /** One commit's change request (based on `base.revision`), made before the commit's folder goes in: a re-run goes on with it. */
  | { type: 'GitSyncCommitPrepared'; data: { spaceId: string; operationId: string; oid: string; changeRequestId: string; base: GitSyncPoint; preparedAt: string } }
  /**
   * The commit's change request merged into main (`revision`). `synced`: where the branch and the space are
   * now in step (the commit and main's revision; or, when main had more than the commit, the merge commit
   * Folio pushed; or, that push refused, the commit and its request's revision). `commit`: main's revision's git.
   */
  | {
      type: 'GitSyncCommitImported';
      data: ImportedCommit & { spaceId: string; operationId: string; importedAt: string };
    }
  /**
   * The commit's change request conflicts with main: it stays open (`head`: its revision holding the commit's
   * content, as imported) and nothing is pushed until it is merged.
   */
  | {
      type: 'GitSyncCommitConflicted';
      data: { spaceId: string; operationId: string; oid: string; changeRequestId: string; number: number; head: string; base: GitSyncPoint; conflictedAt: string };
    }
  /**
   * The conflicted request merged (`revision`) and pushed as a merge commit of the branch's commit and Folio's
   * side (`commit`), or, that push refused (`error`), in step at the commit and the request's revision as imported.
   */
  | {
      type: 'GitSyncConflictResolved';
      data: GitSyncRevisionRef & { changeRequestId: string; synced: GitSyncPoint; commit?: { oid: string; message: string; ref: string }; error?: string; resolvedAt: string };
    }
  /** The branch's history no longer holds the synced commit (it was force-pushed): reported, never overwritten; connecting again picks a side. */
  | { type: 'GitSyncBranchDiverged'; data: { spaceId: string; operationId: string; head: string; synced: string; detectedAt: string } };

export const gitSyncStream = (spaceId: string) => `gitSync-${spaceId}`;
export const gitSyncCredentialsSubject = (installationId: string) => `gitSync-${installationId}`;
