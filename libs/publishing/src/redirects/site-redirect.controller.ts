import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { BulkUpsertSiteRedirects, CreateSiteRedirect, DeleteSiteRedirect, UpdateSiteRedirect } from './site-redirect.commands';
import { BulkUpsertSiteRedirectsBody, CreateSiteRedirectBody, ListSiteRedirectsQuery, SiteRedirectBySourceQuery, UpdateSiteRedirectBody } from './site-redirect.dto';
import { GetSiteRedirectBySource, ListSiteRedirects } from './site-redirect.queries';

const SITE = 'orgs/:organizationId/sites/:siteId';
const REDIRECTS = `${SITE}/redirects`;

@Controller()
export class SiteRedirectController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(REDIRECTS)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: ListSiteRedirectsQuery) {
    return this.queries.execute(new ListSiteRedirects(caller, organizationId, siteId, query));
  }

  /** 201 with the redirect. */
  @Post(REDIRECTS)
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: CreateSiteRedirectBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const redirect = await this.commands.execute(new CreateSiteRedirect(caller, organizationId, siteId, body));
    void reply.status(201);
    return redirect;
  }

  /** 200 with a result per entry, in their order. */
  @Put(REDIRECTS)
  bulk(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: BulkUpsertSiteRedirectsBody) {
    return this.commands.execute(new BulkUpsertSiteRedirects(caller, organizationId, siteId, body));
  }

  @Patch(`${REDIRECTS}/:siteRedirectId`)
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteRedirectId') siteRedirectId: string,
    @Body() body: UpdateSiteRedirectBody,
  ) {
    return this.commands.execute(new UpdateSiteRedirect(caller, organizationId, siteId, siteRedirectId, (body as UpdateSiteRedirectBody | undefined) ?? {}));
  }

  /** 205 when a redirect was deleted, 204 when there was none (the client spec's). */
  @Delete(`${REDIRECTS}/:siteRedirectId`)
  async delete(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteRedirectId') siteRedirectId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new DeleteSiteRedirect(caller, organizationId, siteId, siteRedirectId)));
  }

  /** Readers of the site may ask too. `shareKey` is accepted: a published URL does not depend on it. */
  @ForReaders()
  @Get(`${SITE}/redirect`)
  bySource(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: SiteRedirectBySourceQuery) {
    return this.queries.execute(new GetSiteRedirectBySource(caller, organizationId, siteId, query.source));
  }
}
