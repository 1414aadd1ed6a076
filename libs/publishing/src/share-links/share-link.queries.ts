import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { SiteAddresses } from '../addresses/site-addresses';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { ListShareLinksQuery } from './share-link.dto';
import { ShareLinkReads } from './share-link.reads';
import { ShareLinkResource, shareLinkResource } from './share-link.resource';

/** Every member of the organization lists a site's share links (the links to a site members may read anyway). */
export class ListShareLinks extends Query<ListEnvelope<ShareLinkResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly query: ListShareLinksQuery,
  ) {
    super();
  }
}

@QueryHandler(ListShareLinks)
export class ListShareLinksHandler implements IQueryHandler<ListShareLinks> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly reads: ShareLinkReads,
    private readonly addresses: SiteAddresses,
  ) {}

  async execute({ caller, organizationId, siteId, query }: ListShareLinks) {
    await this.access.role(caller, organizationId);
    const site = await this.sites.site(organizationId, siteId);
    const { search, ...list } = query;
    const page = await this.reads.list(site.id, search, list);
    const address = await this.addresses.of(site);
    return listEnvelope(
      page.items.map((doc) => shareLinkResource(doc, address)),
      page.next,
    );
  }
}

export const shareLinkQueryHandlers = [ListShareLinksHandler];
