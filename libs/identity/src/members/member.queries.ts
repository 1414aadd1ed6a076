import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { decodeCursor, DEFAULT_LIMIT, encodeCursor, listEnvelope } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { fold, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { OrganizationReads } from '../organizations/organization.reads';
import { teamResourceFor } from '../teams/team.resource';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { MemberTeamsQuery } from './member.dto';
import { MemberListQuery, MemberReads } from './member.reads';

export class ListMembers extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly query: MemberListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
  ) {}

  async execute({ caller, organizationId, query }: ListMembers) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).listMembers, 'list the members');
    const page = await this.members.list(organizationId, query);
    return listEnvelope(page.items, page.next);
  }
}

export class GetMember extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(GetMember)
export class GetMemberHandler implements IQueryHandler<GetMember> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
  ) {}

  async execute({ caller, organizationId, userId }: GetMember) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(caller.userId === userId || organizationPermissions(membership.role).listMembers, 'see the members');
    return this.members.resource(await this.members.get(organizationId, userId));
  }
}

export class ListMemberTeams extends Query<unknown> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly userId: string,
    readonly query: MemberTeamsQuery,
  ) {
    super();
  }
}

interface TeamMembershipDoc {
  id: string;
  teamId: string;
  role: 'owner' | 'member';
  [key: string]: unknown;
}

/**
 * A member's teams, ordered by team id. A user belongs to few teams, so the title filter runs over all
 * of them and the page is cut from the filtered list; the cursor is the last team id.
 */
@QueryHandler(ListMemberTeams)
export class ListMemberTeamsHandler implements IQueryHandler<ListMemberTeams> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly members: MemberReads,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, organizationId, userId, query }: ListMemberTeams) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(caller.userId === userId || organizationPermissions(membership.role).listTeams, "list this member's teams");
    await this.members.get(organizationId, userId);
    const binding = `memberTeams:${organizationId}:${userId}:${query.title ?? ''}`;
    const after = query.page ? decodeCursor(query.page, binding).id : null;
    const memberships = await findEvery<TeamMembershipDoc>(this.reads, 'teamMembers', { organizationId, userId });
    const needle = query.title ? fold(query.title) : null;
    const rows = [];
    // Plain code-unit order, the same the `<=` cursor test below uses (localeCompare is not).
    for (const m of memberships.sort((a, b) => (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0))) {
      if (after !== null && m.teamId <= after) continue;
      const team = await this.reads.get<{ id: string; title: string; titleFolded: string; createdAt: string }>('teams', m.teamId);
      if (!team || (needle && !team.titleFolded.includes(needle))) continue;
      rows.push({ team, role: m.role });
    }
    const limit = query.limit ?? DEFAULT_LIMIT;
    const items = rows.slice(0, limit);
    const next = rows.length > limit ? { page: encodeCursor({ value: null, id: items[items.length - 1].team.id }, binding) } : undefined;
    return listEnvelope(
      await Promise.all(items.map(async ({ team, role }) => ({ team: await teamResourceFor(this.reads, this.queries, team.id, caller), member: { role } }))),
      next,
    );
  }
}
