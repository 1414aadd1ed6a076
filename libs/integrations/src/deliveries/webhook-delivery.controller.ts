import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { GetWebhookDelivery, ListWebhookDeliveries, RedeliverWebhookDelivery } from './webhook-delivery.handlers';

const DELIVERIES = 'orgs/:organizationId/webhooks/:webhookId/deliveries';

/** A webhook's deliveries (not in GitBook's API: Folio's own), for the organization's admins. */
@Controller()
export class WebhookDeliveryController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(DELIVERIES)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string, @Query() query: ListQuery) {
    return this.queries.execute(new ListWebhookDeliveries(caller, organizationId, webhookId, query));
  }

  @Get(`${DELIVERIES}/:deliveryId`)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string) {
    return this.queries.execute(new GetWebhookDelivery(caller, organizationId, webhookId, deliveryId));
  }

  /** 202: the delivery is pending again; it is sent in the background. */
  @Post(`${DELIVERIES}/:deliveryId/redeliver`)
  @HttpCode(202)
  redeliver(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string, @Param('deliveryId') deliveryId: string) {
    return this.commands.execute(new RedeliverWebhookDelivery(caller, organizationId, webhookId, deliveryId));
  }
}
