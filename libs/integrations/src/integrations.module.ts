import { Module } from '@nestjs/common';
import { viewOf, VIEWED_EVENT_TYPES } from './catalogue/webhook-catalogue';
import { DeliveryAttempts } from './deliveries/delivery-attempt';
import { DeliverySender } from './deliveries/delivery-sender';
import { WebhookDeliveryController } from './deliveries/webhook-delivery.controller';
import { webhookDeliveryHandlers } from './deliveries/webhook-delivery.handlers';
import { WebhookDeliveryReads } from './deliveries/webhook-delivery.reads';
import { WEBHOOK_CATALOGUE, WebhookCatalogue, WebhookDispatcher } from './deliveries/webhook-dispatcher';
import { WebhookDisabling } from './deliveries/webhook-disabling';
import { IntegrationsAccess } from './integrations-access';
import { webhookCommandHandlers } from './webhooks/webhook.commands';
import { WebhookController } from './webhooks/webhook.controller';
import { webhookQueryHandlers } from './webhooks/webhook.queries';
import { WebhookReads } from './webhooks/webhook.reads';

/**
 * Integrations: an organization's webhooks, which subscribe to the event log under stable dotted names,
 * and their deliveries, sent by a dispatcher with its own checkpoint where projections run. Identity is
 * asked through its public queries (who administers the organization); other contexts' events are read
 * from the log by the fields they name, as the audit trail reads them. The command handlers live here,
 * not in the HTTP module, because the dispatcher (projector) sends DisableWebhook.
 */
@Module({
  providers: [
    IntegrationsAccess,
    WebhookReads,
    ...webhookCommandHandlers,
    { provide: WEBHOOK_CATALOGUE, useValue: { types: VIEWED_EVENT_TYPES, viewOf } satisfies WebhookCatalogue },
    WebhookDispatcher,
    DeliverySender,
    DeliveryAttempts,
    WebhookDisabling,
    WebhookDeliveryReads,
  ],
  exports: [IntegrationsAccess, WebhookReads, WebhookDeliveryReads],
})
export class IntegrationsModule {}

/** The routes: the API only. */
@Module({
  imports: [IntegrationsModule],
  providers: [...webhookQueryHandlers, ...webhookDeliveryHandlers],
  controllers: [WebhookController, WebhookDeliveryController],
})
export class IntegrationsHttpModule {}
