import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateWebhook, DeleteWebhook, UpdateWebhook } from './webhook.commands';
import { CreateWebhookBody, UpdateWebhookBody } from './webhook.dto';
import { GetWebhook, ListWebhooks } from './webhook.queries';

/** An organization's webhooks (admins only): not in the client's spec, Folio's own. */
@Controller('orgs/:organizationId/webhooks')
export class WebhookController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListWebhooks(caller, organizationId, list));
  }

  @Post()
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateWebhookBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const webhook = await this.commands.execute(new CreateWebhook(caller, organizationId, body.toInput()));
    void reply.status(201).header('location', webhook.urls.location);
    return webhook;
  }

  @Get(':webhookId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string) {
    return this.queries.execute(new GetWebhook(caller, organizationId, webhookId));
  }

  @Patch(':webhookId')
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('webhookId') webhookId: string,
    @Body() body: UpdateWebhookBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    return this.commands.execute(new UpdateWebhook(caller, organizationId, webhookId, body.toChanges(), body.rotateSecret === true, ifMatch));
  }

  @Delete(':webhookId')
  @HttpCode(204)
  async delete(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('webhookId') webhookId: string) {
    await this.commands.execute(new DeleteWebhook(caller, organizationId, webhookId));
  }
}
