import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetOrganizationCreation } from '../public/organization-creation.query';
import { OrganizationReads } from './organization.reads';

@QueryHandler(GetOrganizationCreation)
export class GetOrganizationCreationHandler implements IQueryHandler<GetOrganizationCreation> {
  constructor(private readonly organizations: OrganizationReads) {}

  async execute({ organizationId }: GetOrganizationCreation) {
    const doc = await this.organizations.organization(organizationId);
    return doc ? { createdAt: doc.createdAt, createdBy: doc.createdBy } : null;
  }
}
