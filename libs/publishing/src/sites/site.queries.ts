import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { SiteAccess } from './site-access';
import { RenderedStructure, SiteViews } from './site-views';
import { ListSitesQuery, ListSiteSpacesQuery } from './site.dto';
import { SITE_SECTION_GROUPS, SITE_SECTIONS, SiteDoc } from './site.projection';
import { SiteReads } from './site.reads';

type SiteResource = Awaited<ReturnType<SiteViews['site']>>;

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
    return listEnvelope(await this.views.sites(page.items, role), page.next);
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

/** What the structure's reads share: a member of the organization, a site of it, its structure rendered for the caller. */
@Injectable()
abstract class StructureRead {
  constructor(
    protected readonly access: SiteAccess,
    protected readonly reads: SiteReads,
    protected readonly views: SiteViews,
  ) {}

  protected async rendered(caller: Caller, organizationId: string, siteId: string): Promise<{ site: SiteDoc; rendered: RenderedStructure }> {
    await this.access.role(caller, organizationId);
    const site = await this.reads.site(organizationId, siteId);
    return { site, rendered: await this.views.render(site, caller) };
  }
}

/** The spec's `SiteStructure`: sections and groups (nested), or the site spaces of a site without sections. */
export class GetSiteStructure extends Query<RenderedStructure['structure']> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteStructure)
export class GetSiteStructureHandler extends StructureRead implements IQueryHandler<GetSiteStructure> {
  async execute({ caller, organizationId, siteId }: GetSiteStructure) {
    return (await this.rendered(caller, organizationId, siteId)).rendered.structure;
  }
}

export class ListSiteSpaces extends Query<ListEnvelope<unknown>> {
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
export class ListSiteSpacesHandler extends StructureRead implements IQueryHandler<ListSiteSpaces> {
  async execute({ caller, organizationId, siteId, query }: ListSiteSpaces) {
    const { site, rendered } = await this.rendered(caller, organizationId, siteId);
    const { default: isDefault, shareKey: _shareKey, ...list } = query;
    const page = await this.reads.listSiteSpaces(site.id, { default: isDefault }, list);
    return listEnvelope(page.items.flatMap((doc) => rendered.siteSpaces.get(doc.id) ?? []), page.next);
  }
}

/** Sections or section groups, a page at a time by position, each as the structure renders it. */
export class ListSiteParts extends Query<ListEnvelope<unknown>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly part: 'sections' | 'groups',
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListSiteParts)
export class ListSitePartsHandler extends StructureRead implements IQueryHandler<ListSiteParts> {
  async execute({ caller, organizationId, siteId, part, list }: ListSiteParts) {
    const { site, rendered } = await this.rendered(caller, organizationId, siteId);
    const page = await this.reads.listParts(part === 'sections' ? SITE_SECTIONS : SITE_SECTION_GROUPS, site.id, list);
    const views: Map<string, unknown> = part === 'sections' ? rendered.sections : rendered.groups;
    return listEnvelope(page.items.flatMap((doc) => views.get(doc.id) ?? []), page.next);
  }
}

export const siteQueryHandlers = [ListSitesHandler, GetSiteHandler, GetSiteStructureHandler, ListSiteSpacesHandler, ListSitePartsHandler];
