import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { SetSiteAdaptiveSchema } from './adaptive-schema.commands';
import { UpdateSiteAdaptiveSchemaBody } from './adaptive-schema.dto';
import { GetSiteAdaptiveSchema, ListSiteAdaptiveTemplateConditions } from './adaptive-schema.queries';

const SCHEMA = 'orgs/:organizationId/sites/:siteId/adaptive-schema';

@Controller()
export class AdaptiveSchemaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(SCHEMA)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetSiteAdaptiveSchema(caller, organizationId, siteId));
  }

  @Put(SCHEMA)
  set(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: UpdateSiteAdaptiveSchemaBody) {
    return this.commands.execute(new SetSiteAdaptiveSchema(caller, organizationId, siteId, body.jsonSchema));
  }

  @Get(`${SCHEMA}/template-conditions`)
  templateConditions(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new ListSiteAdaptiveTemplateConditions(caller, organizationId, siteId));
  }
}
