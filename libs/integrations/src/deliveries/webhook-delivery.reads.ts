import { Inject, Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { IntegrationsAccess } from '../integrations-access';
import { WebhookReads } from '../webhooks/webhook.reads';
import { DeliveryDoc, INTEGRATIONS_DELIVERIES } from './webhook-delivery.projection';

/**
 * The deliveries as their webhook's admins read them, with the webhook routes' access (IntegrationsAccess:
 * a stranger to the organization gets 404, a member who is not an admin 403), and a 404 for a webhook or a
 * delivery that is not the organization's.
 */
@Injectable()
export class WebhookDeliveryReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
  ) {}

  /** Refuses all but an admin of the organization that has this webhook. */
  async webhook(caller: Caller, organizationId: string, webhookId: string, what: string): Promise<void> {
    await this.access.admin(caller, organizationId, what);
    await this.webhooks.view(organizationId, webhookId);
  }

  /** Newest first. */
  list(webhookId: string, list: ListQuery) {
    return findPage<DeliveryDoc>(this.reads, INTEGRATIONS_DELIVERIES, { filter: { webhookId }, sort: { field: 'createdAt', direction: 'desc' } }, list);
  }

  async delivery(webhookId: string, deliveryId: string): Promise<DeliveryDoc> {
    const doc = await this.reads.get<DeliveryDoc>(INTEGRATIONS_DELIVERIES, deliveryId);
    if (doc?.webhookId !== webhookId) throw new NotFound('delivery');
    return doc;
  }
}
