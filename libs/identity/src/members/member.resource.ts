import { FolioConfig } from '@folio/platform/config/config';
import { OrganizationMember } from '../public/organization-members.query';
import { userResource } from '../users/user.resource';
import { MemberDoc } from './member.projection';

/** Counts a member resource shows that other read models hold. */
export interface MemberCounts {
  teams: number;
  spaces: number;
}

/** The Member resource. `sites` stays 0 until the publishing context exists. */
export function memberResource(member: MemberDoc, counts: MemberCounts, config: FolioConfig): OrganizationMember {
  return {
    object: 'member',
    id: member.userId,
    role: member.role,
    user: userResource({ id: member.userId, displayName: member.displayName, email: member.email }, config),
    disabled: false,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces: counts.spaces,
    teams: counts.teams,
    sites: 0,
  };
}

export type MemberResource = ReturnType<typeof memberResource>;
