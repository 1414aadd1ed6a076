import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { SiteAccess } from './site-access';
import { SiteViews } from './site-views';
import { ListSitesQuery, ListSiteSpacesQuery } from './site.dto';
import { SiteReads } from './site.reads';

type SiteResource = Awaited<ReturnType<SiteViews['site']>>;
type SiteSpaceResource = Awaited<ReturnType<SiteViews['siteSpace']>>;

export class ListSites extends Query<ListEnvelope<SiteResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly query: ListSitesQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSites)
export class ListSitesHandler implements IQueryHandler<ListSites> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly views: SiteViews,
  ) {}

  async execute({ caller, organizationId, query }: ListSites) {
    const role = await this.access.role(caller, organizationId);
    const { space, title, published, type, ...list } = query;
    const page = await this.reads.list(organizationId, { space, title, published, type }, list);
    return listEnvelope(this.views.sites(page.items, role), page.next);
  }
}

export class GetSite extends Query<SiteResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSite)
export class GetSiteHandler implements IQueryHandler<GetSite> {
  constructor(
    private readonly access: SiteAccess,
    private readonly views: SiteViews,
  ) {}

  async execute({ caller, organizationId, siteId }: GetSite) {
    return this.views.site(organizationId, siteId, await this.access.role(caller, organizationId));
  }
}

export class ListSiteSpaces extends Query<ListEnvelope<SiteSpaceResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly query: ListSiteSpacesQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSiteSpaces)
export class ListSiteSpacesHandler implements IQueryHandler<ListSiteSpaces> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly views: SiteViews,
  ) {}

  async execute({ caller, organizationId, siteId, query }: ListSiteSpaces) {
    await this.access.role(caller, organizationId);
    const site = await this.reads.site(organizationId, siteId);
    const { default: isDefault, shareKey: _shareKey, ...list } = query;
    const page = await this.reads.listSiteSpaces(site.id, { default: isDefault }, list);
    return listEnvelope(await this.views.siteSpaces(site, page.items, caller), page.next);
  }
}

export const siteQueryHandlers = [ListSitesHandler, GetSiteHandler, ListSiteSpacesHandler];
