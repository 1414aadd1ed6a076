import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { GitCredentials } from '@folio/platform/git/git-remote';
import { newId } from '@folio/platform/ids';
import { spacePermissions } from '@folio/identity/public/content-permissions';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { SpaceReads } from '@folio/content/spaces/space.reads';
import { splitCredentials } from './git-credentials';
import { GetSpaceGitInfo, GitSyncStateResource } from './git-info.query';
import { untilInstalled } from './git-operation.commands';
import { GitSyncConnectionBody } from './git-sync-connection.dto';
import { gitSyncDecider } from './git-sync.decider';
import { GitSyncConnection, gitSyncCredentialsSubject, gitSyncStream } from './git-sync.events';

/** The answer to PUT …/git-sync: the state, and the push webhook's secret the one time it is made. */
export type GitSyncConnectedResource = GitSyncStateResource & { webhookSecret?: string };

/** PUT /v1/spaces/{spaceId}/git-sync: connects the space to a branch (or reconfigures it); the first sync is requested at once. */
export class ConnectGitSync extends Command<GitSyncConnectedResource> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly body: GitSyncConnectionBody) {
    super();
  }
}

/** DELETE /v1/spaces/{spaceId}/git-sync: the installation ends and its credentials' key is erased. */
export class DisconnectGitSync extends Command<void> {
  constructor(readonly caller: Caller, readonly spaceId: string) {
    super();
  }
}

/** The space's admins only (404 stranger, 403 editor or reader). */
async function assertAdmin(spaces: SpaceReads, caller: Caller, spaceId: string, what: string) {
  const { space, role } = await spaces.visible(caller, spaceId);
  assertAllowed(spacePermissions(role).admin, what);
  return space;
}

@Injectable()
@CommandHandler(ConnectGitSync)
export class ConnectGitSyncHandler implements ICommandHandler<ConnectGitSync> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    private readonly cipher: SubjectCipher,
    private readonly queries: QueryBus,
  ) {}

  /** Credentials (in the URL or `auth`) and a new webhook secret sealed under the installation's key; the secret answered once. */
  async execute({ caller, spaceId, body }: ConnectGitSync): Promise<GitSyncConnectedResource> {
    const space = await assertAdmin(this.spaces, caller, spaceId, 'connect this space to a Git repository');
    const { url, credentials } = credentialsOf(body);
    const directory = body.projectDirectory?.replace(/\/+$/, '');
    const connection: GitSyncConnection = {
      url,
      ref: body.ref,
      provider: body.provider,
      priority: body.priority,
      ...(directory ? { projectDirectory: directory } : {}),
      ...(body.commitMessageTemplate === undefined ? {} : { commitMessageTemplate: body.commitMessageTemplate }),
    };
    const secret = randomBytes(32).toString('base64url');
    const operationId = newId();
    const stream = gitSyncStream(spaceId);
    const { events } = await untilInstalled(async () => {
      const { state } = await this.aggregates.load(stream, gitSyncDecider);
      const installationId = state.status === 'installed' ? state.installationId : newId();
      const subject = gitSyncCredentialsSubject(installationId);
      const sealed = credentials && (await this.cipher.seal(subject, credentials));
      const webhookSecret = await this.cipher.seal(subject, secret);
      const command = { type: 'Connect' as const, spaceId, organizationId: space.organizationId, installationId, connection, credentials: sealed, webhookSecret, operationId, actor: caller.userId };
      return this.aggregates.handle(stream, gitSyncDecider, command, caller);
    });
    const state = await this.queries.execute(new GetSpaceGitInfo(caller, spaceId));
    // A reconfiguration keeps the secret given at the first connection: only a new one is answered.
    const made = events.some((event) => event.type === 'GitSyncConnected' && event.data.webhookSecret !== undefined);
    return { ...state, ...(made ? { webhookSecret: secret } : {}) };
  }
}

/** The credentials from `auth` when given (they take precedence over the URL's, which are dropped), else the URL's (a token alone travels as the password). */
function credentialsOf(body: GitSyncConnectionBody): { url: string; credentials: GitCredentials | null } {
  const split = splitCredentials(body.url);
  if (!body.auth) return split;
  const { username, token } = body.auth;
  return { url: split.url, credentials: username === undefined ? { password: token } : { username, password: token } };
}

@Injectable()
@CommandHandler(DisconnectGitSync)
export class DisconnectGitSyncHandler implements ICommandHandler<DisconnectGitSync> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly spaces: SpaceReads,
    private readonly cipher: SubjectCipher,
  ) {}

  /**
   * 404 when there is no installation. The key is erased before the disconnection is recorded: a failure
   * between the two leaves an installation whose credentials no longer open (its operations fail), and the
   * DELETE can be sent again; the other order could leave the key for ever.
   */
  async execute({ caller, spaceId }: DisconnectGitSync): Promise<void> {
    await assertAdmin(this.spaces, caller, spaceId, 'disconnect this space from its Git repository');
    const stream = gitSyncStream(spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    if (state.status === 'none') throw new NotFound('Git Sync on this space');
    await this.cipher.erase(gitSyncCredentialsSubject(state.installationId));
    await this.aggregates.handle(stream, gitSyncDecider, { type: 'Disconnect', actor: caller.userId }, caller);
  }
}
