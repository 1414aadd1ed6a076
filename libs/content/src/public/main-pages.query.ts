import { Query } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';

/** Where pages are in a space's main content: the pages asked by id that exist, the paths asked that name a page. */
export interface PageLocations {
  /** Page id -> its path in the tree. */
  pathOf: Map<string, string>;
  /** Path -> the id of the page it names. */
  idAt: Map<string, string>;
}

/**
 * Publishing's question to content: where are these pages of the space's current revision (a redirect's
 * destination page, a page a redirect names by path)? Null when the caller may not read the space (as
 * GET /v1/spaces/{id}/content would answer 404). Bounded by the caller: a handful of ids and paths.
 */
export class LocateMainPages extends Query<PageLocations | null> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly pageIds: string[],
    readonly paths: string[],
  ) {
    super();
  }
}
