import { Query } from '@nestjs/cqrs';

/** What names an organization in its sites' URLs (PUBLIC_SITES_URL's `{org}`): its hostname, else its id. */
export interface OrganizationAddress {
  organizationId: string;
  hostname: string | null;
}

/** Another context's question to identity: how organization `organizationId` is addressed; null when there is none. */
export class GetOrganizationAddress extends Query<OrganizationAddress | null> {
  constructor(readonly organizationId: string) {
    super();
  }
}

/**
 * The organization a URL's `{org}` names: the one holding that hostname, else the one with that id (whose
 * address may since be a hostname: the caller compares); null when none.
 */
export class FindOrganizationByAddress extends Query<OrganizationAddress | null> {
  constructor(readonly key: string) {
    super();
  }
}
