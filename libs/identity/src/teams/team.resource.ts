import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { MEMBERS, MemberDoc, memberId } from '../members/member.projection';
import { MemberResource } from '../members/member.resource';
import { TeamRole } from './team.events';
import { TEAM_MEMBERS, TEAMS, TeamDoc, TeamMemberDoc, teamMemberId } from './team.projection';
import { canManageTeam } from './team.reads';

/** The Team resource for one caller: `admin` says whether the caller may manage its members. */
export function teamResource(team: TeamDoc, counts: { members: number }, permissions: { admin: boolean }) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: counts.members,
    // Spaces a team has access to come with the content context; until then no team has any.
    spaces: 0,
    createdAt: team.createdAt,
    permissions: { admin: permissions.admin, view: true },
  };
}

export type TeamResource = ReturnType<typeof teamResource>;

/**
 * One team's resource for a caller, straight from the read store, for other slices' lists (a member's
 * teams). It checks nothing: the caller of this function has already decided the team may be shown.
 */
export async function teamResourceFor(reads: ReadStore, teamId: string, caller: Caller): Promise<TeamResource> {
  const team = await reads.get<TeamDoc>(TEAMS, teamId);
  if (!team) throw new NotFound('team');
  const [members, own, membership] = await Promise.all([
    reads.count(TEAM_MEMBERS, { teamId }),
    reads.get<TeamMemberDoc>(TEAM_MEMBERS, teamMemberId(teamId, caller.userId)),
    reads.get<MemberDoc>(MEMBERS, memberId(team.organizationId, caller.userId)),
  ]);
  return teamResource(team, { members }, { admin: canManageTeam(membership?.role ?? null, own?.role ?? null) });
}

/** An item of a team's member list. */
export function teamMemberResource(member: MemberResource, role: TeamRole) {
  return { organization: member, team: { role }, permissions: { view: true } };
}

export type TeamMemberResource = ReturnType<typeof teamMemberResource>;
