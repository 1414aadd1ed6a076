import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetOrganizationMembers, OrganizationMember } from '../public/organization-members.query';
import { MemberReads } from './member.reads';

@QueryHandler(GetOrganizationMembers)
export class GetOrganizationMembersHandler implements IQueryHandler<GetOrganizationMembers> {
  constructor(private readonly members: MemberReads) {}

  async execute({ organizationId, userIds }: GetOrganizationMembers): Promise<OrganizationMember[]> {
    return this.members.resources(organizationId, await this.members.memberships(organizationId, userIds));
  }
}
