import { GetSpaceGitInfoHandler } from './git-info.query';
import { RequestGitOperationHandler } from './git-operation.commands';
import { GitSyncOperations } from './git-sync-operations';
import { ConnectGitSyncHandler, DisconnectGitSyncHandler } from './git-sync-connection.commands';
import { GitSyncPushes } from './git-sync-pushes';

/**
 * The one-off Git Sync operations' handlers and their process, provided by the API's content routes module
 * (beside FolderImport, FolderExport and the merge handlers the process runs). GitRemote comes from the platform.
 */
export const gitSyncRemoteProviders = [RequestGitOperationHandler, GetSpaceGitInfoHandler, GitSyncOperations, ConnectGitSyncHandler, DisconnectGitSyncHandler, GitSyncPushes];
