import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { UrlFetcher } from '@folio/platform/fetch/url-fetcher';
import { newId } from '@folio/platform/ids';
import { IntegrationsAccess } from '../integrations-access';
import { validSettings, webhookDecider } from './webhook.decider';
import { webhookSecretSubject, WebhookSettings, webhookStream } from './webhook.events';
import { WebhookReads } from './webhook.reads';
import { WebhookResource, webhookResource, WebhookWithSecret, withSecret } from './webhook.resource';
import { WEBHOOKS_PER_ORGANIZATION } from './webhook-limits';
import { newWebhookSecret } from './webhook-secret';
import { assertWebhookUrl } from './webhook-url';

const MANAGE = 'manage webhooks';

/** What POST may leave out: the description (none) and `active` (true). */
export type NewWebhook = Pick<WebhookSettings, 'url' | 'events'> & Partial<WebhookSettings>;

export class CreateWebhook extends Command<WebhookWithSecret> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly input: NewWebhook,
  ) {
    super();
  }
}

/**
 * Checks everything before the secret is sealed (sealing creates the webhook's key), so a refused
 * request writes nothing anywhere. The count is the read model's: two creations racing past the limit
 * may leave an organization one or two over it, which bounds it no less.
 */
@CommandHandler(CreateWebhook)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
    private readonly cipher: SubjectCipher,
    private readonly fetcher: UrlFetcher,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, input }: CreateWebhook) {
    await this.access.admin(caller, organizationId, MANAGE);
    assertWebhookUrl(input.url, this.fetcher.policy.allowAddress);
    const settings = validSettings({ url: input.url, events: input.events, description: input.description ?? null, active: input.active ?? true });
    if ((await this.webhooks.count(organizationId)) >= WEBHOOKS_PER_ORGANIZATION) {
      throw new Invalid(`an organization has at most ${WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first`);
    }
    const webhookId = newId();
    const secret = newWebhookSecret();
    const sealed = await this.cipher.seal(webhookSecretSubject(webhookId), secret);
    await this.aggregates.handle(webhookStream(webhookId), webhookDecider, { type: 'CreateWebhook', webhookId, organizationId, settings, secret: sealed, createdBy: caller.userId }, caller);
    return withSecret(await this.webhooks.view(organizationId, webhookId), this.config.publicUrl, secret);
  }
}

export class UpdateWebhook extends Command<WebhookResource | WebhookWithSecret> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly webhookId: string,
    readonly changes: Partial<WebhookSettings>,
    /** A new signing secret, answered this once. */
    readonly rotateSecret: boolean,
    /** The webhook's ETag the caller last saw (`If-Match`), if any. */
    readonly ifMatch?: bigint,
  ) {
    super();
  }
}

/** `active: true` re-activates a webhook, also one the dispatcher disabled. */
@CommandHandler(UpdateWebhook)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
    private readonly cipher: SubjectCipher,
    private readonly fetcher: UrlFetcher,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, webhookId, changes, rotateSecret, ifMatch }: UpdateWebhook) {
    await this.access.admin(caller, organizationId, MANAGE);
    const current = await this.webhooks.view(organizationId, webhookId);
    // Only a new URL is checked: re-sending the current one changes nothing.
    if (changes.url !== undefined && changes.url !== current.url) assertWebhookUrl(changes.url, this.fetcher.policy.allowAddress);
    validSettings(changes);
    const secret = rotateSecret ? newWebhookSecret() : undefined;
    const rotatedSecret = secret === undefined ? undefined : await this.cipher.seal(webhookSecretSubject(webhookId), secret);
    await this.aggregates.handle(webhookStream(webhookId), webhookDecider, { type: 'UpdateWebhook', organizationId, changes, rotatedSecret }, caller, { ifMatch });
    const webhook = await this.webhooks.view(organizationId, webhookId);
    return secret === undefined ? webhookResource(webhook, this.config.publicUrl) : withSecret(webhook, this.config.publicUrl, secret);
  }
}

export class DeleteWebhook extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}

/**
 * Erases the secret's key first, then records the deletion: a crash between the two leaves a webhook
 * that can no longer sign (its deliveries fail) and whose DELETE, sent again, completes; the other order
 * could leave a deleted webhook's secret readable forever.
 */
@CommandHandler(DeleteWebhook)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
    private readonly cipher: SubjectCipher,
  ) {}

  async execute({ caller, organizationId, webhookId }: DeleteWebhook) {
    await this.access.admin(caller, organizationId, MANAGE);
    await this.webhooks.view(organizationId, webhookId);
    await this.cipher.erase(webhookSecretSubject(webhookId));
    await this.aggregates.handle(webhookStream(webhookId), webhookDecider, { type: 'DeleteWebhook', organizationId }, caller);
  }
}

/**
 * The dispatcher's, with the system caller: `failures` deliveries in a row failed, the webhook stops
 * receiving until an admin re-activates it. Answers whether this call disabled it: false when it was
 * inactive already, or deleted meanwhile (nothing to disable then, and nothing for the dispatcher to do).
 */
export class DisableWebhook extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly webhookId: string,
    readonly failures: number,
  ) {
    super();
  }
}

@CommandHandler(DisableWebhook)
export class DisableWebhookHandler implements ICommandHandler<DisableWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly webhooks: WebhookReads,
  ) {}

  async execute({ caller, webhookId, failures }: DisableWebhook) {
    const webhook = await this.webhooks.byId(webhookId);
    if (!webhook) return false;
    try {
      const { events } = await this.aggregates.handle(webhookStream(webhookId), webhookDecider, { type: 'DisableWebhook', organizationId: webhook.organizationId, failures }, caller);
      return events.length > 0;
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
  }
}

export const webhookCommandHandlers = [CreateWebhookHandler, UpdateWebhookHandler, DeleteWebhookHandler, DisableWebhookHandler];
