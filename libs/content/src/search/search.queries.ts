import { BadRequestException, Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { decodeCursor, DEFAULT_LIMIT, encodeCursor, ListEnvelope, listEnvelope } from '@folio/platform/http/pagination';
import { Filter } from '@folio/platform/read-store/read-store.port';
import { SEARCH_INDEX, SearchIndex, SearchResult } from '@folio/platform/search/search.port';
import { ContentAccess } from '../access/content-access';
import { SearchSpaces, SearchText } from '../public/search-spaces.query';
import { SpaceReads } from '../spaces/space.reads';
import { SearchQueryDto } from './search.dto';
import { SearchPageResource, searchPageResource, SearchSpaceResource, wordMatcher } from './search-result.resource';
import { SEARCH_PAGES, SearchPageDoc } from './search.projection';

/**
 * Ranked answers are paged by their place in the ranking: the cursor holds the offset of the next page,
 * bound to the scope and the query text, so a cursor replayed with another query is a 400. Pages are at
 * most `limit` (≤ 1000) hits; the search itself stops at offset + limit + 1.
 */
function binding(scope: string, text: string): string {
  return createHash('sha256').update(JSON.stringify(['search', scope, text])).digest('base64url').slice(0, 16);
}

function offsetOf(page: string | undefined, bound: string): number {
  if (!page) return 0;
  const { value } = decodeCursor(page, bound);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new BadRequestException('page: not a cursor of this list');
  return value;
}

/** One page of the ranked hits in `filter`, with the cursor of the next. */
async function searchPage(search: SearchIndex, scope: string, query: SearchText, filter: Filter) {
  const bound = binding(scope, query.query);
  const offset = offsetOf(query.page, bound);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const result: SearchResult<SearchPageDoc> = await search.search<SearchPageDoc>(SEARCH_PAGES, { text: query.query, filter, limit, offset });
  const next = result.more ? { page: encodeCursor({ value: offset + limit, id: '' }, bound) } : undefined;
  return { hits: result.hits, offset, next };
}

export class SearchSpaceContent extends Query<ListEnvelope<SearchPageResource>> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly query: SearchQueryDto,
  ) {
    super();
  }
}

/** Main's pages of one space the caller may read (404 otherwise), best first. */
@QueryHandler(SearchSpaceContent)
export class SearchSpaceContentHandler implements IQueryHandler<SearchSpaceContent> {
  constructor(
    private readonly spaces: SpaceReads,
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, spaceId, query }: SearchSpaceContent) {
    await this.spaces.visible(caller, spaceId);
    const { hits, offset, next } = await searchPage(this.search, `space:${spaceId}`, query, { spaceId });
    const matches = wordMatcher(query.query);
    const app = `${this.config.appUrl}/s/${spaceId}`;
    return listEnvelope(
      hits.map((hit, i) => searchPageResource(hit, offset + i + 1, app, matches)),
      next,
    );
  }
}

export class SearchOrganizationContent extends Query<ListEnvelope<SearchSpaceResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly query: SearchQueryDto,
  ) {
    super();
  }
}

/** Main's pages of the organization's live spaces the caller may read (a non-member gets 404), as SearchSpaces answers them. */
@QueryHandler(SearchOrganizationContent)
export class SearchOrganizationContentHandler implements IQueryHandler<SearchOrganizationContent> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly access: ContentAccess,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, organizationId, query }: SearchOrganizationContent) {
    await this.access.organizationRole(caller, organizationId);
    const live = await this.spaces.all({ organizationId, deletedAt: null });
    const readable = (await this.spaces.visibleAmong(caller, live)).map(({ space }) => ({ id: space.id, title: space.title }));
    return this.queries.execute(new SearchSpaces(readable, query, `organization:${organizationId}`));
  }
}

/**
 * Main's pages of the given spaces, ranked together, then grouped by space in the order of each space's
 * best hit; `rank` stays the page's place in the whole ranking. A page of the answer holds `limit` pages,
 * so its spaces are as many as they span.
 */
@QueryHandler(SearchSpaces)
export class SearchSpacesHandler implements IQueryHandler<SearchSpaces> {
  constructor(
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ spaces, text, scope }: SearchSpaces) {
    const titles = new Map(spaces.map((space) => [space.id, space.title]));
    if (titles.size === 0) return listEnvelope<SearchSpaceResource>([]);
    const filter = { spaceId: { $in: [...titles.keys()] } };
    const { hits, offset, next } = await searchPage(this.search, scope, text, filter);
    const matches = wordMatcher(text.query);
    const groups = new Map<string, SearchSpaceResource>();
    hits.forEach((hit, i) => {
      const spaceId = hit.doc.spaceId;
      let group = groups.get(spaceId);
      if (!group) {
        // Hits come best first, so a space's first hit carries its best score.
        group = { type: 'space', id: spaceId, title: titles.get(spaceId)!, score: hit.score, pages: [] };
        groups.set(spaceId, group);
      }
      group.pages.push(searchPageResource(hit, offset + i + 1, `${this.config.appUrl}/s/${spaceId}`, matches));
    });
    return listEnvelope([...groups.values()], next);
  }
}
