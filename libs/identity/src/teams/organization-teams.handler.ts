import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { FindOrganizationTeams } from '../public/organization-teams.query';
import { TEAMS, TeamDoc } from './team.projection';

@QueryHandler(FindOrganizationTeams)
export class FindOrganizationTeamsHandler implements IQueryHandler<FindOrganizationTeams> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ organizationId, teamIds }: FindOrganizationTeams): Promise<string[]> {
    if (teamIds.length === 0) return [];
    const found = await findEvery<TeamDoc>(this.reads, TEAMS, { organizationId, id: { $in: [...new Set(teamIds)] } });
    const ids = new Set(found.map((team) => team.id));
    return teamIds.filter((id) => ids.has(id));
  }
}
