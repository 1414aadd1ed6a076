import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { OrganizationReads } from './organization.reads';
import { organizationResource, OrganizationResource } from './organization.resource';

export class GetOrganization extends Query<OrganizationResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetOrganization)
export class GetOrganizationHandler implements IQueryHandler<GetOrganization> {
  constructor(
    private readonly organizations: OrganizationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, organizationId }: GetOrganization) {
    return organizationResource(await this.organizations.forMember(organizationId, caller), this.config);
  }
}

export class ListOrganizations extends Query<ListEnvelope<OrganizationResource>> {
  constructor(
    readonly caller: Caller,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListOrganizations)
export class ListOrganizationsHandler implements IQueryHandler<ListOrganizations> {
  constructor(
    private readonly organizations: OrganizationReads,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async execute({ caller, list }: ListOrganizations) {
    const page = await this.organizations.listForUser(caller, list);
    return listEnvelope(page.items.map((view) => organizationResource(view, this.config)), page.next);
  }
}
