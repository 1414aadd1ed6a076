import { Query } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { SpaceResource } from '../spaces/space.resource';

/** A space a site shows, as the caller sees it. */
export interface SpaceForSite {
  /** The Space resource exactly as GET /v1/spaces/{id} answers it for the caller. */
  resource: SpaceResource;
  title: string;
  /** In the bin, still restorable (the resource carries its `deletedAt`). */
  deleted: boolean;
}

/**
 * Publishing's question to content: which of these ids are spaces of the organization the caller may
 * see, and what are they? Keyed by space id. A deleted space still within its retention is answered
 * (`deleted: true`); an unknown, purged or expired one, one of another organization, or one the caller
 * may not see is absent, as GET /v1/spaces/{id} would answer 404 for it. A null caller asks as the
 * published site shows its spaces to its visitors (a site token's reader, who is no member): every space
 * of the organization among the ids, read-only, whatever its own permissions.
 */
export class GetSpacesForSite extends Query<Map<string, SpaceForSite>> {
  constructor(
    readonly caller: Caller | null,
    readonly organizationId: string,
    readonly spaceIds: string[],
  ) {
    super();
  }
}
