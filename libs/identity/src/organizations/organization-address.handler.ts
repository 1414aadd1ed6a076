import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindOrganizationByAddress, GetOrganizationAddress, OrganizationAddress } from '../public/organization-address.query';
import { OrganizationDoc } from './organization.projection';
import { OrganizationReads } from './organization.reads';

const addressOf = (doc: OrganizationDoc | null): OrganizationAddress | null => (doc ? { organizationId: doc.id, hostname: doc.hostname ?? null } : null);

@QueryHandler(GetOrganizationAddress)
export class GetOrganizationAddressHandler implements IQueryHandler<GetOrganizationAddress> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ organizationId }: GetOrganizationAddress) {
    return addressOf(await this.organizations.organization(organizationId));
  }
}

@QueryHandler(FindOrganizationByAddress)
export class FindOrganizationByAddressHandler implements IQueryHandler<FindOrganizationByAddress> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ key }: FindOrganizationByAddress) {
    const byHostname = await this.organizations.withHostname(key);
    return addressOf(byHostname ?? (await this.organizations.organization(key)));
  }
}
