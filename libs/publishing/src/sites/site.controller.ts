import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { AddSiteSpace, ChangeSiteStructure, CreateSite, DuplicateSiteSpace, DeleteSite, PublishSite, UpdateSite, UpdateSiteSpace } from './site.commands';
import { AddSiteSpaceBody, CreateSiteBody, DuplicateSiteSpaceBody, ListSitesQuery, ListSiteSpacesQuery, PublishedSiteQuery, UpdateSiteBody, UpdateSiteSpaceBody } from './site.dto';
import { GetPublishedSite } from '../published/published-site.query';
import { GetSite, ListSites, ListSiteSpaces } from './site.queries';

const SITES = 'orgs/:organizationId/sites';
const SITE = `${SITES}/:siteId`;


@Controller()
export class SiteController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  @Get(SITES)
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListSitesQuery) {
    return this.queries.execute(new ListSites(caller, organizationId, query));
  }

  @Post(SITES)
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSiteBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // The client spec's body is optional: none is a site with every default.
    const site = await this.commands.execute(new CreateSite(caller, organizationId, (body as CreateSiteBody | undefined) ?? {}));
    void reply.status(201).header('location', site.urls.location);
    return site;
  }

  @Get(SITE)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetSite(caller, organizationId, siteId));
  }

  @Patch(SITE)
  update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: UpdateSiteBody) {
    return this.commands.execute(new UpdateSite(caller, organizationId, siteId, body));
  }

  @Delete(SITE)
  async delete(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    answerDeletion(reply, await this.commands.execute(new DeleteSite(caller, organizationId, siteId)));
  }

  /** What a visitor's renderer needs; the visitor is named by a visitor token (`POST /orgs/{id}/ping`'s) in `X-Visitor-Token`. */
  @ForReaders()
  @Get(`${SITE}/published`)
  async published(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Query() query: PublishedSiteQuery,
    @Headers('x-visitor-token') visitorToken: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const json = await this.queries.execute(new GetPublishedSite(caller, organizationId, siteId, query.shareKey, visitorToken));
    // Already JSON: Fastify sends a string with a JSON content type as it is.
    void reply.type('application/json; charset=utf-8');
    return json;
  }

  @Post(`${SITE}/publish`)
  @HttpCode(200)
  publish(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.commands.execute(new PublishSite(caller, organizationId, siteId, true));
  }

  @Post(`${SITE}/unpublish`)
  @HttpCode(200)
  unpublish(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.commands.execute(new PublishSite(caller, organizationId, siteId, false));
  }

  @Get(`${SITE}/site-spaces`)
  siteSpaces(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() query: ListSiteSpacesQuery) {
    return this.queries.execute(new ListSiteSpaces(caller, organizationId, siteId, query));
  }

  @Post(`${SITE}/site-spaces`)
  async addSiteSpace(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: AddSiteSpaceBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const siteSpace = await this.commands.execute(new AddSiteSpace(caller, organizationId, siteId, body));
    void reply.status(201).header('location', this.siteSpaceLocation(organizationId, siteId, siteSpace.id));
    return siteSpace;
  }

  /** 201 with the new site space (showing a full copy of the space), where PATCH and DELETE reach it. */
  @Post(`${SITE}/site-spaces/:siteSpaceId/duplicate`)
  async duplicateSiteSpace(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: DuplicateSiteSpaceBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const draft = (body as DuplicateSiteSpaceBody | undefined)?.draft ?? false;
    const copy = await this.commands.execute(new DuplicateSiteSpace(caller, organizationId, siteId, siteSpaceId, draft));
    void reply.status(201).header('location', this.siteSpaceLocation(organizationId, siteId, copy.id));
    return copy;
  }

  @Patch(`${SITE}/site-spaces/:siteSpaceId`)
  updateSiteSpace(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: UpdateSiteSpaceBody,
  ) {
    return this.commands.execute(new UpdateSiteSpace(caller, organizationId, siteId, siteSpaceId, body));
  }

  @Delete(`${SITE}/site-spaces/:siteSpaceId`)
  async removeSiteSpace(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const removed = await this.commands.execute(new ChangeSiteStructure(caller, organizationId, siteId, { type: 'RemoveSiteSpace', siteSpaceId }, { type: 'deleted' }));
    answerDeletion(reply, removed as boolean);
  }

  /** A site space has no URL of its own in the client's spec; its address is where PATCH and DELETE reach it. */
  private siteSpaceLocation(organizationId: string, siteId: string, siteSpaceId: string) {
    return `${this.config.publicUrl}/v1/orgs/${organizationId}/sites/${siteId}/site-spaces/${siteSpaceId}`;
  }
}
