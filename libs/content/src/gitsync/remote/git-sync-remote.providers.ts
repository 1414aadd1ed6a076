import { GetSpaceGitInfoHandler } from './git-info.query';
import { RequestGitOperationHandler } from './git-operation.commands';
import { GitSyncOperations } from './git-sync-operations';
import { ConnectGitSyncHandler, DisconnectGitSyncHandler } from './git-sync-connection.commands';
import { GitSyncCommits } from './git-sync-commits';
import { GitSyncMirror } from './git-sync-mirror';
import { GitSyncPull } from './git-sync-pull';
import { GitSyncPush } from './git-sync-push';

/**
 * The one-off Git Sync operations' handlers and their process, provided by the API's content routes module
 * (beside FolderImport, FolderExport and the merge handlers the process runs). GitRemote comes from the platform.
 */
export const gitSyncRemoteProviders = [RequestGitOperationHandler, GetSpaceGitInfoHandler, GitSyncOperations, ConnectGitSyncHandler, DisconnectGitSyncHandler, GitSyncCommits, GitSyncPush, GitSyncPull, GitSyncMirror];
