import { GetSpaceGitInfoHandler } from './git-info.query';
import { RequestGitOperationHandler } from './git-operation.commands';
import { GitSyncOperations } from './git-sync-operations';
import { ConnectGitSyncHandler, DisconnectGitSyncHandler } from './git-sync-connection.commands';
import { GitSyncCommits } from './git-sync-commits';
import { GitSyncMirror } from './git-sync-mirror';
import { GitSyncPull } from './git-sync-pull';
import { GitSyncPush } from './git-sync-push';
import { ReceiveGitSyncHookHandler } from './git-sync-hook.command';
import { GitSyncPoller } from './git-sync-poller';

/**
 * The Git Sync request handlers (one-off operations, the connection, the push webhook), provided by the API's
 * content routes module. GitRemote comes from the platform.
 */
export const gitSyncRemoteProviders = [RequestGitOperationHandler, GetSpaceGitInfoHandler, ConnectGitSyncHandler, DisconnectGitSyncHandler, ReceiveGitSyncHookHandler];

/**
 * Git Sync's background work (the one-off operations, the mirror of connected spaces both ways, the branch
 * poller), provided by ContentModule so that it runs where processes run (the embedded API, the projector:
 * ProcessHost and the poller start there only), beside what it runs (the folder import and export, the change
 * request and merge handlers). What it asks identity (profiles, memberships, merge rules) is answered by
 * identity's public queries module, which every app that loads ContentModule loads too.
 */
export const gitSyncProcesses = [GitSyncOperations, GitSyncCommits, GitSyncPush, GitSyncPull, GitSyncMirror, GitSyncPoller];
