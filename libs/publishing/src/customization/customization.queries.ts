import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { CustomizationSettings } from './customization.events';
import { CustomizationReads } from './customization.reads';

/** Every member of the organization reads a site's customization. */
export class GetSiteCustomization extends Query<CustomizationSettings> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteCustomization)
export class GetSiteCustomizationHandler implements IQueryHandler<GetSiteCustomization> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly reads: CustomizationReads,
  ) {}

  async execute({ caller, organizationId, siteId }: GetSiteCustomization) {
    await this.access.role(caller, organizationId);
    await this.sites.site(organizationId, siteId);
    return this.reads.site(siteId);
  }
}

/** A site space's settings: its override over the site's. */
export class GetSiteSpaceCustomization extends Query<CustomizationSettings> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteSpaceCustomization)
export class GetSiteSpaceCustomizationHandler implements IQueryHandler<GetSiteSpaceCustomization> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly reads: CustomizationReads,
  ) {}

  async execute({ caller, organizationId, siteId, siteSpaceId }: GetSiteSpaceCustomization) {
    await this.access.role(caller, organizationId);
    await this.sites.site(organizationId, siteId);
    await this.sites.siteSpace(siteId, siteSpaceId);
    return this.reads.siteSpace(siteId, siteSpaceId);
  }
}

export const customizationQueryHandlers = [GetSiteCustomizationHandler, GetSiteSpaceCustomizationHandler];
