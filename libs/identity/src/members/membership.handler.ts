import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GetMembership, Membership } from '../public/membership.query';
import { MemberReads } from './member.reads';

@QueryHandler(GetMembership)
export class GetMembershipHandler implements IQueryHandler<GetMembership> {
  constructor(private readonly members: MemberReads) {}

  async execute({ organizationId, userId }: GetMembership): Promise<Membership | null> {
    const member = await this.members.membership(organizationId, userId);
    if (!member) return null;
    return { role: member.role, teamIds: await this.members.teamIds(organizationId, userId) };
  }
}
