import { Body, Controller, Delete, Get, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { OverrideSiteSpaceCustomization, RemoveSiteSpaceCustomization, ReplaceSiteCustomization } from './customization.commands';
import { CustomizationQuery } from './customization.dto';
import { GetSiteCustomization, GetSiteSpaceCustomization } from './customization.queries';
import { siteCustomizationInput, siteSpaceCustomizationInput } from './customization.schema';

const SITE = 'orgs/:organizationId/sites/:siteId';

/**
 * The customization routes. Bodies are free-form JSON to the validation pipe (typed `unknown`) and are
 * checked here against the JSON schemas, before anything else, as the pipe checks the other bodies.
 */
@Controller()
export class CustomizationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(`${SITE}/customization`)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Query() _query: CustomizationQuery) {
    return this.queries.execute(new GetSiteCustomization(caller, organizationId, siteId));
  }

  /** A full replacement: what the body leaves out reverts to its default. */
  @Put(`${SITE}/customization`)
  replace(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: unknown) {
    return this.commands.execute(new ReplaceSiteCustomization(caller, organizationId, siteId, siteCustomizationInput(body)));
  }

  @Get(`${SITE}/site-spaces/:siteSpaceId/customization`)
  getSiteSpace(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Query() _query: CustomizationQuery,
  ) {
    return this.queries.execute(new GetSiteSpaceCustomization(caller, organizationId, siteId, siteSpaceId));
  }

  /** Merges into the site space's override; `null` removes a field's override. */
  @Patch(`${SITE}/site-spaces/:siteSpaceId/customization`)
  override(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Body() body: unknown,
  ) {
    return this.commands.execute(new OverrideSiteSpaceCustomization(caller, organizationId, siteId, siteSpaceId, siteSpaceCustomizationInput(body)));
  }

  /** 205 when an override was removed, 204 when there was none (the client spec's). */
  @Delete(`${SITE}/site-spaces/:siteSpaceId/customization`)
  async removeOverride(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Param('siteSpaceId') siteSpaceId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const removed = await this.commands.execute(new RemoveSiteSpaceCustomization(caller, organizationId, siteId, siteSpaceId));
    answerDeletion(reply, removed);
  }
}
