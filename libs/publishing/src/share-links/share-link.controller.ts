import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { CreateShareLink, DeleteShareLink, UpdateShareLink } from './share-link.commands';
import { CreateShareLinkBody, ListShareLinksQuery, UpdateShareLinkBody } from './share-link.dto';
import { ListShareLinks } from './share-link.queries';

const LINKS = 'orgs/:organizationId/sites/:siteId/share-links';

@Controller()
export class ShareLinkController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  @Get(LINKS)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: ListShareLinksQuery) {
    return this.queries.execute(new ListShareLinks(caller, organizationId, siteId, query));
  }

  /** 201 with the link and its API address, as the client spec has it. */
  @Post(LINKS)
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateShareLinkBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const link = await this.commands.execute(new CreateShareLink(caller, organizationId, siteId, body));
    void reply.status(201).header('location', `${this.config.publicUrl}/v1/orgs/${organizationId}/sites/${siteId}/share-links/${link.id}`);
    return link;
  }

  @Patch(`${LINKS}/:shareLinkId`)
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') shareLinkId: string,
    @Body() body: UpdateShareLinkBody,
  ) {
    // No body at all is an empty change, refused by the command as `{}` is.
    return this.commands.execute(new UpdateShareLink(caller, organizationId, siteId, shareLinkId, (body as UpdateShareLinkBody | undefined) ?? {}));
  }

  /** 205 when a link was revoked, 204 when there was none (the client spec's). */
  @Delete(`${LINKS}/:shareLinkId`)
  async delete(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('shareLinkId') shareLinkId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const revoked = await this.commands.execute(new DeleteShareLink(caller, organizationId, siteId, shareLinkId));
    answerDeletion(reply, revoked);
  }
}
