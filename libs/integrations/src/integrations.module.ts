import { Module } from '@nestjs/common';
import { DeliveryAttempts } from './deliveries/delivery-attempt';
import { DeliverySender } from './deliveries/delivery-sender';
import { WebhookDeliveryController } from './deliveries/webhook-delivery.controller';
import { webhookDeliveryHandlers } from './deliveries/webhook-delivery.handlers';
import { WebhookDeliveryReads } from './deliveries/webhook-delivery.reads';
import { WEBHOOK_CATALOGUE, WebhookCatalogue, WebhookDispatcher } from './deliveries/webhook-dispatcher';
import { WebhookDisabling } from './deliveries/webhook-disabling';

/**
 * Integrations: an organization's webhooks, which subscribe to the event log under stable dotted names,
 * and their deliveries, sent by a dispatcher with its own checkpoint where projections run. Identity is
 * asked through its public queries (who administers the organization); other contexts' events are read
 * from the log by the fields they name, as the audit trail reads them.
 */
@Module({
  providers: [
    { provide: WEBHOOK_CATALOGUE, useValue: { types: [], viewOf: () => null } satisfies WebhookCatalogue },
    WebhookDispatcher,
    DeliverySender,
    DeliveryAttempts,
    WebhookDisabling,
    WebhookDeliveryReads,
  ],
  exports: [WebhookDeliveryReads],
})
export class IntegrationsModule {}

/** The routes: the API only. */
@Module({
  imports: [IntegrationsModule],
  providers: [...webhookDeliveryHandlers],
  controllers: [WebhookDeliveryController],
})
export class IntegrationsHttpModule {}
