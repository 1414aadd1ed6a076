import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MergeRules } from '@folio/platform/domain/merge-rules';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetOrganizationMergeRules } from '../public/merge-governance.query';
import { ORGANIZATIONS, OrganizationDoc } from './organization.projection';

@QueryHandler(GetOrganizationMergeRules)
export class GetOrganizationMergeRulesHandler implements IQueryHandler<GetOrganizationMergeRules> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId }: GetOrganizationMergeRules): Promise<MergeRules | null> {
    const organization = await this.reads.get<OrganizationDoc>(ORGANIZATIONS, organizationId);
    return organization ? (organization.mergeRules as MergeRules) : null;
  }
}
