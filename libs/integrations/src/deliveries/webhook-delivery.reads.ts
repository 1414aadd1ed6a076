import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetMembership } from '@folio/identity/public/membership.query';
import { assertAllowed, organizationPermissions } from '@folio/identity/public/organization-permissions';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { DeliveryDoc, DeliveryWebhookDoc, INTEGRATIONS_DELIVERIES, INTEGRATIONS_DELIVERY_WEBHOOKS } from './webhook-delivery.projection';

/**
 * The deliveries as their webhook's admins read them: a stranger to the organization gets 404 (for the
 * organization and everything in it), a member who is not an admin 403, an admin a 404 for a webhook or a
 * delivery that is not the organization's.
 */
@Injectable()
export class WebhookDeliveryReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  /** Refuses all but an admin of the organization that has this webhook. */
  async webhook(caller: Caller, organizationId: string, webhookId: string, what: string): Promise<void> {
    const membership = await this.queries.execute(new GetMembership(organizationId, caller.userId));
    if (!membership) throw new NotFound('organization');
    assertAllowed(organizationPermissions(membership.role).admin, what);
    const webhook = await this.reads.get<DeliveryWebhookDoc>(INTEGRATIONS_DELIVERY_WEBHOOKS, webhookId);
    if (webhook?.organization !== organizationId) throw new NotFound('webhook');
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
