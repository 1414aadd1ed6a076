import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { IncomingHttpHeaders } from 'node:http';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { deliveryOf } from './git-sync-hook-payload';
import { signedBy } from './git-sync-hook-signature';
import { gitSyncDecider } from './git-sync.decider';
import { gitSyncCredentialsSubject, gitSyncStream } from './git-sync.events';

/**
 * What became of a delivery: `accepted` (a push to the connected branch: a pull is requested unless one is
 * waiting already or the branch is where the sync left it, which the decider judges), `ignored` (another
 * branch, a deleted branch, a ping or another event), `refused` (not signed with the space's secret, or no
 * such connected space: one answer for both, so strangers learn nothing of which spaces are connected).
 */
export type HookOutcome = 'accepted' | 'ignored' | 'refused';

/** POST /v1/git-sync/hooks/{spaceId}: a Git server's push webhook (no Folio token: the secret is the proof). */
export class ReceiveGitSyncHook extends Command<HookOutcome> {
  constructor(
    readonly spaceId: string,
    readonly headers: IncomingHttpHeaders,
    /** The body's bytes as received: GitHub signs them, not the parsed JSON. */
    readonly raw: Buffer,
    readonly body: unknown,
    readonly correlationId: string,
  ) {
    super();
  }
}

@Injectable()
@CommandHandler(ReceiveGitSyncHook)
export class ReceiveGitSyncHookHandler implements ICommandHandler<ReceiveGitSyncHook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly cipher: SubjectCipher,
  ) {}

  /** The signature is checked before the payload is read: an unauthenticated delivery writes and learns nothing. */
  async execute({ spaceId, headers, raw, body, correlationId }: ReceiveGitSyncHook): Promise<HookOutcome> {
    const stream = gitSyncStream(spaceId);
    const { state } = await this.aggregates.load(stream, gitSyncDecider);
    const connection = state.status === 'installed' ? state.connection : undefined;
    if (state.status !== 'installed' || !connection?.webhookSecret) return 'refused';
    // An erased key (disconnected meanwhile) opens nothing.
    const secret = await this.cipher.open<string>(gitSyncCredentialsSubject(state.installationId), connection.webhookSecret);
    if (secret === null || !signedBy(connection.provider, secret, headers, raw)) return 'refused';
    const delivery = deliveryOf(connection.provider, headers, body);
    if (delivery.kind !== 'push' || delivery.ref !== connection.ref || delivery.head === null) return 'ignored';
    try {
      await this.aggregates.handle(stream, gitSyncDecider, { type: 'RequestPull', operationId: newId(), head: delivery.head, trigger: 'webhook' }, systemCaller(correlationId));
    } catch (error) {
      // Disconnected between the check and the request.
      if (error instanceof NotFound) return 'refused';
      throw error;
    }
    return 'accepted';
  }
}
