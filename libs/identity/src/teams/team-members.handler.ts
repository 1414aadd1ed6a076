import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { FindTeamMembers } from '../public/merge-governance.query';
import { TEAM_MEMBERS, TEAMS, TeamDoc, TeamMemberDoc } from './team.projection';

@QueryHandler(FindTeamMembers)
export class FindTeamMembersHandler implements IQueryHandler<FindTeamMembers> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId, teamIds }: FindTeamMembers): Promise<Record<string, string[]>> {
    if (teamIds.length === 0) return {};
    const ids = { $in: [...new Set(teamIds)] };
    // Teams first: a team without members is still a team (an empty list), not an unknown id.
    const teams = await findEvery<TeamDoc>(this.reads, TEAMS, { organizationId, id: ids });
    const byTeam: Record<string, string[]> = Object.fromEntries(teams.map((team) => [team.id, []]));
    for (const member of await findEvery<TeamMemberDoc>(this.reads, TEAM_MEMBERS, { organizationId, teamId: ids })) {
      byTeam[member.teamId]?.push(member.userId);
    }
    return byTeam;
  }
}
