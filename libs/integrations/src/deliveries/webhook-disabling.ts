import { Inject, Injectable } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
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
  ) {}

  async afterFailure(webhookId: string): Promise<void> {
    const webhook = await this.reads.get<DeliveryWebhookDoc>(INTEGRATIONS_DELIVERY_WEBHOOKS, webhookId);
    if (!webhook || webhook.failed.length < this.config.webhooks.disableAfter) return;
    // DisableWebhook (fix/webhooks) is sent here once it has landed.
  }
}
