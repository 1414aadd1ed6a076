import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, fold, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { findEvery } from '@folio/platform/read-store/find-every';
import { OrganizationReads, OrganizationView } from '../organizations/organization.reads';
import { organizationPermissions } from '../public/organization-permissions';
import { canManageTeam } from '../permissions/team-permissions';
import { MEMBERS, MemberDoc, memberId } from '../members/member.projection';
import { TeamRole } from './team.events';
import { TEAM_MEMBERS, TEAMS, TeamDoc, TeamMemberDoc, teamMemberId } from './team.projection';
import { teamCounts, TeamCounts } from './team.resource';

/** What the caller may do with one team, and what it needs to say so. */
export interface TeamAccess {
  organization: OrganizationView;
  team: TeamDoc;
  /** The caller's role in this team, null when not in it. */
  teamRole: TeamRole | null;
  /** Listing and viewing teams: any non-guest member, or a member of this team. */
  view: boolean;
  /** Managing this team's members: an organization admin, or an owner of this team. */
  manage: boolean;
}

/** Reads of the teams read model; every caller-facing one goes through the organization's 404 first. */
@Injectable()
export class TeamReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly organizations: OrganizationReads,
    private readonly queries: QueryBus,
  ) {}

  /** 404 for non-members of the organization and for teams that are not (or no longer) in it. */
  async access(organizationId: string, teamId: string, caller: Caller): Promise<TeamAccess> {
    const organization = await this.organizations.forMember(organizationId, caller);
    const [team, membership] = await Promise.all([
      this.reads.get<TeamDoc>(TEAMS, teamId),
      this.reads.get<TeamMemberDoc>(TEAM_MEMBERS, teamMemberId(teamId, caller.userId)),
    ]);
    if (!team || team.organizationId !== organizationId) throw new NotFound('team');
    const teamRole = membership?.role ?? null;
    return {
      organization,
      team,
      teamRole,
      view: organizationPermissions(organization.membership.role).listTeams || teamRole !== null,
      manage: canManageTeam(organization.membership.role, teamRole),
    };
  }

  counts(team: TeamDoc): Promise<TeamCounts> {
    return teamCounts(this.reads, this.queries, team);
  }


  /** The team role of each given team for one user (teams the user is not in are absent). */
  async rolesOf(userId: string, teamIds: string[]): Promise<Map<string, TeamRole>> {
    const docs = await Promise.all(teamIds.map((teamId) => this.reads.get<TeamMemberDoc>(TEAM_MEMBERS, teamMemberId(teamId, userId))));
    return new Map(docs.flatMap((doc) => (doc ? [[doc.teamId, doc.role] as const] : [])));
  }

  /** A page of the organization's teams in title order; `title` is a case-insensitive substring. */
  listTeams(organizationId: string, options: { title?: string; ids?: string[] }, list: ListQuery) {
    const filter: Filter = { organizationId };
    if (options.title) filter.titleFolded = { $contains: fold(options.title) };
    if (options.ids) filter.id = { $in: options.ids };
    return findPage<TeamDoc>(this.reads, TEAMS, { filter, sort: { field: 'titleFolded', direction: 'asc' } }, list);
  }

  /** A page of a team's members, in user id order. */
  listMembers(teamId: string, list: ListQuery) {
    return findPage<TeamMemberDoc>(this.reads, TEAM_MEMBERS, { filter: { teamId }, sort: { field: 'userId', direction: 'asc' } }, list);
  }

  /** Every team membership of a user in an organization. */
  teamsOf(organizationId: string, userId: string, role?: TeamRole): Promise<TeamMemberDoc[]> {
    return findEvery<TeamMemberDoc>(this.reads, TEAM_MEMBERS, { organizationId, userId, ...(role ? { role } : {}) });
  }

  organizationMember(organizationId: string, userId: string): Promise<MemberDoc | null> {
    return this.reads.get<MemberDoc>(MEMBERS, memberId(organizationId, userId));
  }

}
