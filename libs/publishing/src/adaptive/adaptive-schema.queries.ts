import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { TemplateCondition } from './adaptive-schema';
import { AdaptiveSchemaReads } from './adaptive-schema.reads';
import { siteAdaptiveSchemaResource, SiteAdaptiveSchemaResource, templateConditionsResource } from './adaptive-schema.resource';

export class GetSiteAdaptiveSchema extends Query<SiteAdaptiveSchemaResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSiteAdaptiveSchema)
export class GetSiteAdaptiveSchemaHandler implements IQueryHandler<GetSiteAdaptiveSchema> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly schemas: AdaptiveSchemaReads,
  ) {}

  async execute({ caller, organizationId, siteId }: GetSiteAdaptiveSchema) {
    await this.access.role(caller, organizationId);
    const site = await this.sites.site(organizationId, siteId);
    return siteAdaptiveSchemaResource(await this.schemas.schema(siteId), site);
  }
}

export class ListSiteAdaptiveTemplateConditions extends Query<{ items: TemplateCondition[] }> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(ListSiteAdaptiveTemplateConditions)
export class ListSiteAdaptiveTemplateConditionsHandler implements IQueryHandler<ListSiteAdaptiveTemplateConditions> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly schemas: AdaptiveSchemaReads,
  ) {}

  async execute({ caller, organizationId, siteId }: ListSiteAdaptiveTemplateConditions) {
    await this.access.role(caller, organizationId);
    await this.sites.site(organizationId, siteId);
    return templateConditionsResource(await this.schemas.schema(siteId));
  }
}

export const adaptiveSchemaQueryHandlers = [GetSiteAdaptiveSchemaHandler, ListSiteAdaptiveTemplateConditionsHandler];
