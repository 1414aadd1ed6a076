import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { GitCredentials } from '@folio/platform/git/git-remote';
import { newId } from '@folio/platform/ids';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { ExportToGitRepositoryBody, ImportGitRepositoryBody } from './git-operation.dto';
import { splitCredentials } from './git-credentials';
import { gitSyncDecider, InstallationChanged } from './git-sync.decider';
import { GitOperationRequest, gitSyncCredentialsSubject, GitSyncDirection, GitSyncProvider, gitSyncStream } from './git-sync.events';

/** POST …/git/import and …/git/export: records the request (the first one installs Git Sync on the space); the process runs it. */
export class RequestGitOperation extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly direction: GitSyncDirection,
    readonly body: ImportGitRepositoryBody | ExportToGitRepositoryBody,
  ) {
    super();
  }
}

@Injectable()
@CommandHandler(RequestGitOperation)
export class RequestGitOperationHandler implements ICommandHandler<RequestGitOperation> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly cipher: SubjectCipher,
  ) {}

  /** Editors of the space's content only (404 stranger, 403 reader); the URL's credentials are sealed under the installation's key, never stored in clear. */
  async execute({ caller, spaceId, direction, body }: RequestGitOperation): Promise<void> {
    const { space, permissions } = await this.reads.space(spaceId, caller);
    assertAllowed(permissions.edit, direction === 'import' ? 'import content into this space' : 'export this space');
    const { url, credentials } = splitCredentials(body.url);
    const request: GitOperationRequest = {
      direction,
      url,
      ref: body.ref,
      ...optional(body),
      force: body.force ?? false,
      standalone: body.standalone ?? false,
      ...('commitMessage' in body ? { commitMessage: body.commitMessage } : {}),
    };
    const operationId = newId();
    await untilInstalled(() => this.record(caller, spaceId, space.organizationId, operationId, request, credentials, body.gitInfo?.provider));
  }

  /** Seals the credentials under the space's installation (a new one if it has none yet) and appends the request. */
  private async record(
    caller: Caller,
    spaceId: string,
    organizationId: string,
    operationId: string,
    request: GitOperationRequest,
    credentials: GitCredentials | null,
    provider: GitSyncProvider | undefined,
  ): Promise<void> {
    const stream = gitSyncStream(spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    const installationId = state.status === 'installed' ? state.installationId : newId();
    const sealed = credentials && (await this.cipher.seal(gitSyncCredentialsSubject(installationId), credentials));
    await this.aggregates.handle(
      stream,
      gitSyncDecider,
      { type: 'RequestOperation', spaceId, organizationId, installationId, ...(provider ? { provider } : {}), operationId, request, credentials: sealed, actor: caller.userId },
      caller,
    );
  }
}

/**
 * Runs `record` (which seals under the space's installation, a new one if it has none) again when another
 * first request installed Git Sync meanwhile: its secrets are then sealed again under that installation's key.
 */
export async function untilInstalled<T>(record: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (!(error instanceof InstallationChanged) || attempt >= 3) throw error;
    }
  }
}

/** The request's optional fields that were given (an event field is never `undefined`). */
function optional(body: ImportGitRepositoryBody) {
  const directory = body.repoProjectDirectory?.replace(/\/+$/, '');
  return {
    ...(directory ? { repoProjectDirectory: directory } : {}),
    ...((body.repoTreeURL ?? body.gitInfo?.url) === undefined ? {} : { repoTreeURL: body.repoTreeURL ?? body.gitInfo?.url }),
    ...(body.repoCommitURL === undefined ? {} : { repoCommitURL: body.repoCommitURL }),
    ...(body.timestamp === undefined ? {} : { timestamp: body.timestamp }),
  };
}
