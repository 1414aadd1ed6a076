import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { SearchQueryDto } from './search.dto';
import { SearchOrganizationContent, SearchSpaceContent } from './search.queries';

/** Ranked search over main's content: one space's pages, or an organization's grouped by space. */
@Controller()
export class SearchController {
  constructor(private readonly queries: QueryBus) {}

  @Get('spaces/:spaceId/search')
  space(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: SearchQueryDto) {
    return this.queries.execute(new SearchSpaceContent(caller, spaceId, query));
  }

  @Get('orgs/:organizationId/search')
  organization(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: SearchQueryDto) {
    return this.queries.execute(new SearchOrganizationContent(caller, organizationId, query));
  }
}
