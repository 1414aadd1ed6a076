import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { webhookDeliveryDecider } from './webhook-delivery.decider';
import { webhookDeliveryStream } from './webhook-delivery.events';
import { WebhookDeliveryReads } from './webhook-delivery.reads';
import { WebhookDeliveryResource, webhookDeliveryResource } from './webhook-delivery.resource';

export class ListWebhookDeliveries extends Query<ListEnvelope<WebhookDeliveryResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly webhookId: string, readonly list: ListQuery) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveries)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveries> {
  constructor(private readonly reads: WebhookDeliveryReads) {}

  async execute({ caller, organizationId, webhookId, list }: ListWebhookDeliveries) {
    await this.reads.webhook(caller, organizationId, webhookId, 'list this webhook\u2019s deliveries');
    const page = await this.reads.list(webhookId, list);
    return listEnvelope(page.items.map(webhookDeliveryResource), page.next);
  }
}

export class GetWebhookDelivery extends Query<WebhookDeliveryResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly webhookId: string, readonly deliveryId: string) {
    super();
  }
}

@QueryHandler(GetWebhookDelivery)
export class GetWebhookDeliveryHandler implements IQueryHandler<GetWebhookDelivery> {
  constructor(private readonly reads: WebhookDeliveryReads) {}

  async execute({ caller, organizationId, webhookId, deliveryId }: GetWebhookDelivery) {
    await this.reads.webhook(caller, organizationId, webhookId, 'read this webhook\u2019s deliveries');
    return webhookDeliveryResource(await this.reads.delivery(webhookId, deliveryId));
  }
}

/**
 * Sends a delivery that succeeded or failed again, as a new series of attempts (the same body, signed
 * afresh); a pending one is refused (409): it is on its way. Answers the delivery, pending; the dispatcher
 * wakes the sender once it reads the redelivery in the log.
 */
export class RedeliverWebhookDelivery extends Command<WebhookDeliveryResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly webhookId: string, readonly deliveryId: string) {
    super();
  }
}

@CommandHandler(RedeliverWebhookDelivery)
export class RedeliverWebhookDeliveryHandler implements ICommandHandler<RedeliverWebhookDelivery> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: WebhookDeliveryReads,
  ) {}

  async execute({ caller, organizationId, webhookId, deliveryId }: RedeliverWebhookDelivery) {
    await this.reads.webhook(caller, organizationId, webhookId, 'redeliver this webhook\u2019s deliveries');
    await this.reads.delivery(webhookId, deliveryId);
    await this.aggregates.handle(webhookDeliveryStream(deliveryId), webhookDeliveryDecider, { type: 'Redeliver', deliveryId, actor: caller.userId }, caller);
    return webhookDeliveryResource(await this.reads.delivery(webhookId, deliveryId));
  }
}

export const webhookDeliveryHandlers = [ListWebhookDeliveriesHandler, GetWebhookDeliveryHandler, RedeliverWebhookDeliveryHandler];
