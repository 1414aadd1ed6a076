import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { InviteReads } from './invite.reads';

export class ListInviteLinks extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListInviteLinks)
export class ListInviteLinksHandler implements IQueryHandler<ListInviteLinks> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly invites: InviteReads,
  ) {}

  async execute({ caller, organizationId, list }: ListInviteLinks) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, 'see the invite links');
    const page = await this.invites.list(organizationId, membership.role, list);
    return listEnvelope(page.items, page.next);
  }
}

export class GetInviteLink extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetInviteLink)
export class GetInviteLinkHandler implements IQueryHandler<GetInviteLink> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly invites: InviteReads,
  ) {}

  async execute({ caller, organizationId, inviteId }: GetInviteLink) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).admin, 'see the invite links');
    return this.invites.resource(organizationId, inviteId, membership.role);
  }
}
