import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { OrganizationReads } from '../organizations/organization.reads';
import { assertAllowed, organizationPermissions } from '../public/organization-permissions';
import { Role } from '@folio/platform/domain/roles';
import { TeamDoc } from './team.projection';
import { canManageTeam } from '../permissions/team-permissions';
import { TeamReads } from './team.reads';
import { MemberReads } from '../members/member.reads';
import { teamMemberResource, TeamMemberResource, teamResource, TeamResource } from './team.resource';

export interface TeamFilters {
  /** A member id: only the teams that member can manage. */
  owner?: string;
  /** Case-insensitive substring of the title. */
  title?: string;
}

export class ListTeams extends Query<ListEnvelope<TeamResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly filters: TeamFilters,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTeams)
export class ListTeamsHandler implements IQueryHandler<ListTeams> {
  constructor(
    private readonly organizations: OrganizationReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ caller, organizationId, filters, list }: ListTeams) {
    const { membership } = await this.organizations.forMember(organizationId, caller);
    assertAllowed(organizationPermissions(membership.role).listTeams, 'list the teams of this organization');
    const ids = filters.owner === undefined ? undefined : await this.manageableBy(organizationId, filters.owner);
    const page = await this.teams.listTeams(organizationId, { title: filters.title, ids }, list);
    const items = await this.resources(page.items, caller, membership.role);
    return listEnvelope(items, page.next);
  }

  /** The ids of the teams `userId` can manage, or undefined for all of them (an admin). */
  private async manageableBy(organizationId: string, userId: string): Promise<string[] | undefined> {
    const member = await this.teams.organizationMember(organizationId, userId);
    if (!member) return [];
    if (canManageTeam(member.role, null)) return undefined;
    return (await this.teams.teamsOf(organizationId, userId, 'owner')).map((m) => m.teamId);
  }

  private async resources(teams: TeamDoc[], caller: Caller, role: Role | null) {
    const ids = teams.map((t) => t.id);
    const [roles, counts] = await Promise.all([
      this.teams.rolesOf(caller.userId, ids),
      Promise.all(teams.map((team) => this.teams.counts(team))),
    ]);
    return teams.map((team, i) =>
      teamResource(team, counts[i], { admin: canManageTeam(role, roles.get(team.id) ?? null) }),
    );
  }
}

export class GetTeam extends Query<TeamResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
  ) {
    super();
  }
}

@QueryHandler(GetTeam)
export class GetTeamHandler implements IQueryHandler<GetTeam> {
  constructor(private readonly teams: TeamReads) {}

  execute({ caller, organizationId, teamId }: GetTeam) {
    return readTeam(this.teams, organizationId, teamId, caller);
  }
}

/** One team as the caller sees it: 404 outside the organization, 403 without the right to view it. */
export async function readTeam(teams: TeamReads, organizationId: string, teamId: string, caller: Caller): Promise<TeamResource> {
  const access = await teams.access(organizationId, teamId, caller);
  assertAllowed(access.view, 'view this team');
  return teamResource(access.team, await teams.counts(access.team), { admin: access.manage });
}

export class ListTeamMembers extends Query<ListEnvelope<TeamMemberResource>> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly teamId: string,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListTeamMembers)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembers> {
  constructor(
    private readonly teams: TeamReads,
    private readonly members: MemberReads,
  ) {}

  async execute({ caller, organizationId, teamId, list }: ListTeamMembers) {
    const access = await this.teams.access(organizationId, teamId, caller);
    assertAllowed(access.view, "list this team's members");
    const page = await this.teams.listMembers(teamId, list);
    const items = await Promise.all(
      page.items.map(async ({ userId, role }) => {
        const member = await this.teams.organizationMember(organizationId, userId);
        // A user leaving the organization leaves its teams right after; until then they are not listed.
        return member ? [teamMemberResource(await this.members.resource(member), role)] : [];
      }),
    );
    return listEnvelope(items.flat(), page.next);
  }
}
