import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ListQuery } from '@folio/platform/http/pagination';
import { SearchAnswer, SearchSpaces, SpaceToSearch } from '@folio/content/public/search-spaces.query';
import { PublishedStructures } from '../published/published-structures';
import { SearchSiteBody } from './site-search.dto';
import { ScopedSiteSpace, selectSiteSpaces, siteSearchScope } from './site-search-scope';
import { SiteSearchers } from './site-searchers';

/**
 * Spaces one search reaches at most: the index filters on their ids (one bound parameter each), and a
 * visitor's search box is no export. A site showing more is searched in its first ones, in scope order
 * (the current site space first); `limit` (≤ 1000) bounds the pages answered.
 */
export const MAX_SEARCHED_SPACES = 500;

/** Distinct spaces of the site spaces, in their order (two site spaces may show one space), at most MAX_SEARCHED_SPACES. */
export function spacesToSearch(siteSpaces: ScopedSiteSpace[]): SpaceToSearch[] {
  const spaces = new Map<string, SpaceToSearch>();
  for (const { space } of siteSpaces) {
    if (spaces.size === MAX_SEARCHED_SPACES) break;
    if (!spaces.has(space.id)) spaces.set(space.id, { id: space.id, title: space.title });
  }
  return [...spaces.values()];
}

export class SearchSite extends Query<SearchAnswer> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly body: SearchSiteBody,
    readonly list: ListQuery,
  ) {
    super();
  }
}

/**
 * `POST …/sites/{siteId}/search`: the site's published content as the searcher sees it (SiteSearchers):
 * the live site spaces of the visible structure (no drafts, nothing in the bin, no section or site space
 * whose condition the claims fail) that the scope selects, searched and ranked by content as
 * `GET /orgs/{id}/search` is. Results are grouped by space (the renderer finds the site space by the
 * group's space id) and carry page paths within their space.
 */
@QueryHandler(SearchSite)
export class SearchSiteHandler implements IQueryHandler<SearchSite> {
  constructor(
    private readonly searchers: SiteSearchers,
    private readonly structures: PublishedStructures,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, organizationId, siteId, body, list }: SearchSite): Promise<SearchAnswer> {
    const scope = siteSearchScope(body);
    const { site, viewer, claims } = await this.searchers.searcher(caller, organizationId, siteId);
    const structure = await this.structures.visible(site, viewer, claims);
    const spaces = spacesToSearch(selectSiteSpaces(structure, scope));
    // Cursors are bound to the scope as asked: a page of a structure that changed meanwhile is still that search's.
    return this.queries.execute(new SearchSpaces(spaces, { query: body.query, page: list.page, limit: list.limit }, `site:${siteId}:${JSON.stringify(scope)}`));
  }
}

/** `POST …/search/prewarm`: a hint that searches follow. The index is always warm: only who may search is checked. */
export class PrewarmSiteSearch extends Query<void> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(PrewarmSiteSearch)
export class PrewarmSiteSearchHandler implements IQueryHandler<PrewarmSiteSearch> {
  constructor(private readonly searchers: SiteSearchers) {}

  async execute({ caller, organizationId, siteId }: PrewarmSiteSearch): Promise<void> {
    await this.searchers.searcher(caller, organizationId, siteId);
  }
}

export const siteSearchHandlers = [SearchSiteHandler, PrewarmSiteSearchHandler];
