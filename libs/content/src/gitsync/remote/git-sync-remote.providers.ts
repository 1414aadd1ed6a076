import { GetSpaceGitInfoHandler } from './git-info.query';
import { RequestGitOperationHandler } from './git-operation.commands';
import { GitSyncOperations } from './git-sync-operations';
import { ConnectGitSyncHandler, DisconnectGitSyncHandler } from './git-sync-connection.commands';
import { GitSyncPushes } from './git-sync-pushes';

/**
 * The one-off Git Sync operations' and the connection's handlers, provided by the API's content routes module.
 * GitRemote comes from the platform.
 */
export const gitSyncRemoteProviders = [RequestGitOperationHandler, GetSpaceGitInfoHandler, ConnectGitSyncHandler, DisconnectGitSyncHandler];

/**
 * Git Sync's background work, provided by ContentModule so that it runs where processes run (the embedded API,
 * the projector: ProcessHost starts it there only), beside what it runs (the folder import and export, the
 * change request and merge handlers). What it asks identity (profiles, memberships, merge rules) is answered
 * by identity's public queries module, which every app that loads ContentModule loads too.
 */
export const gitSyncProcesses = [GitSyncOperations, GitSyncPushes];
