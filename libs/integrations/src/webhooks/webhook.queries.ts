import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { IntegrationsAccess } from '../integrations-access';
import { WebhookReads } from './webhook.reads';
import { WebhookResource, webhookResource } from './webhook.resource';

const SEE = 'see webhooks';

export class ListWebhooks extends Query<ListEnvelope<WebhookResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhooks)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooks> {
  constructor(
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, list }: ListWebhooks) {
    await this.access.admin(caller, organizationId, SEE);
    const page = await this.webhooks.page(organizationId, list);
    return listEnvelope(
      page.items.map((w) => webhookResource(w, this.config.publicUrl)),
      page.next,
    );
  }
}

export class GetWebhook extends Query<WebhookResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWebhook)
export class GetWebhookHandler implements IQueryHandler<GetWebhook> {
  constructor(
    private readonly access: IntegrationsAccess,
    private readonly webhooks: WebhookReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId, webhookId }: GetWebhook) {
    await this.access.admin(caller, organizationId, SEE);
    return webhookResource(await this.webhooks.view(organizationId, webhookId), this.config.publicUrl);
  }
}

export const webhookQueryHandlers = [ListWebhooksHandler, GetWebhookHandler];
