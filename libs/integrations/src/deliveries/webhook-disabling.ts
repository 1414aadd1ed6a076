import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemCaller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { DisableWebhook } from '../webhooks/webhook.commands';
import { DeliveryWebhookDoc, INTEGRATIONS_DELIVERY_WEBHOOKS } from './webhook-delivery.projection';

/**
 * Disables a webhook whose deliveries failed WEBHOOK_DISABLE_AFTER times in a row (the projection counts the
 * run: a success, or the webhook enabled again, starts it over), in the system's name.
 */
@Injectable()
export class WebhookDisabling {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) private readonly config: Pick<FolioConfig, 'webhooks'>,
    private readonly commands: CommandBus,
  ) {}

  async afterFailure(webhookId: string): Promise<void> {
    const webhook = await this.reads.get<DeliveryWebhookDoc>(INTEGRATIONS_DELIVERY_WEBHOOKS, webhookId);
    if (!webhook || webhook.failed.length < this.config.webhooks.disableAfter) return;
    // Answers false (and writes nothing) for a webhook inactive already or deleted meanwhile.
    await this.commands.execute(new DisableWebhook(systemCaller(`webhook-disable-${webhookId}`), webhookId, webhook.failed.length));
  }
}
