import { Query } from '@nestjs/cqrs';
import { ListEnvelope } from '@folio/platform/http/pagination';
import { SearchSpaceResource } from '../search/search-result.resource';

/** The spec's list of SearchSpaceResult. */
export type SearchAnswer = ListEnvelope<SearchSpaceResource>;

/** A space to search, with the title its group of results carries. */
export interface SpaceToSearch {
  id: string;
  title: string;
}

/** What was typed (≤ 512 characters) and which page of the ranking: `page` a cursor of the previous answer, `limit` ≤ 1000. */
export interface SearchText {
  query: string;
  page?: string;
  limit?: number;
}

/**
 * Another context's search over main's content (each space's current revision) of spaces it has already
 * decided the caller may read: nothing is checked here. Ranked and answered as `GET /orgs/{id}/search`
 * answers (the spec's SearchSpaceResult list: pages ranked together, grouped by space, best first;
 * hidden and noIndex pages are never indexed). `scope` names what was asked, the search's cursors are
 * bound to it (with the query text): a cursor given with another scope is a 400.
 */
export class SearchSpaces extends Query<SearchAnswer> {
  constructor(
    readonly spaces: SpaceToSearch[],
    readonly text: SearchText,
    readonly scope: string,
  ) {
    super();
  }
}
