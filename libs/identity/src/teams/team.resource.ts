import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { withETag } from '@folio/platform/http/etag';
import { NotFound } from '@folio/platform/domain/errors';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { MEMBERS, MemberDoc, memberId } from '../members/member.projection';
import { CountGrantedSpaces } from '../public/granted-spaces.query';
import { MemberResource } from '../members/member.resource';
import { TeamRole } from './team.events';
import { TEAM_MEMBERS, TEAMS, TeamDoc, TeamMemberDoc, teamMemberId } from './team.projection';
import { canManageTeam } from '../permissions/team-permissions';

/** The Team resource for one caller: `admin` says whether the caller may manage its members. */
export function teamResource(team: TeamDoc, counts: TeamCounts, permissions: { admin: boolean }) {
  return withETag({
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: counts.members,
    spaces: counts.spaces,
    createdAt: team.createdAt,
    permissions: { admin: permissions.admin, view: true },
  }, team.streamRevision);
}

export type TeamResource = ReturnType<typeof teamResource>;

export interface TeamCounts {
  members: number;
  /** Live spaces granted to the team (the content context counts them). */
  spaces: number;
}

/** The counts a Team resource shows, read when it is shown (never kept as counters). */
export async function teamCounts(reads: ReadStore, queries: QueryBus, team: TeamDoc): Promise<TeamCounts> {
  const [members, spaces] = await Promise.all([
    reads.count(TEAM_MEMBERS, { teamId: team.id }),
    queries.execute(new CountGrantedSpaces(team.organizationId, { type: 'team', id: team.id })),
  ]);
  return { members, spaces };
}

/**
 * One team's resource for a caller, straight from the read store, for other slices' lists (a member's
 * teams). It checks nothing: the caller of this function has already decided the team may be shown.
 */
export async function teamResourceFor(reads: ReadStore, queries: QueryBus, teamId: string, caller: Caller): Promise<TeamResource> {
  const team = await reads.get<TeamDoc>(TEAMS, teamId);
  if (!team) throw new NotFound('team');
  const [counts, own, membership] = await Promise.all([
    teamCounts(reads, queries, team),
    reads.get<TeamMemberDoc>(TEAM_MEMBERS, teamMemberId(teamId, caller.userId)),
    reads.get<MemberDoc>(MEMBERS, memberId(team.organizationId, caller.userId)),
  ]);
  return teamResource(team, counts, { admin: canManageTeam(membership?.role ?? null, own?.role ?? null) });
}

/** An item of a team's member list. */
export function teamMemberResource(member: MemberResource, role: TeamRole) {
  return { organization: member, team: { role }, permissions: { view: true } };
}

export type TeamMemberResource = ReturnType<typeof teamMemberResource>;
