import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { SearchSiteBody } from './site-search.dto';
import { PrewarmSiteSearch, SearchSite } from './site-search.query';

const SEARCH = 'orgs/:organizationId/sites/:siteId/search';

/** Search of a published site, for its organization's members and its site tokens' readers (a renderer's search box). */
@Controller()
export class SiteSearchController {
  constructor(private readonly queries: QueryBus) {}

  /** A read, though a POST (the spec's): 200, never 201. */
  @Post(SEARCH)
  @HttpCode(200)
  @ForReaders()
  search(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('siteId') siteId: string,
    @Body() body: SearchSiteBody,
    @Query() list: ListQuery,
  ) {
    return this.queries.execute(new SearchSite(caller, organizationId, siteId, body, list));
  }

  @Post(`${SEARCH}/prewarm`)
  @HttpCode(204)
  @ForReaders()
  async prewarm(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    await this.queries.execute(new PrewarmSiteSearch(caller, organizationId, siteId));
  }
}
