import { Role } from '@folio/platform/domain/roles';
import { TeamRole } from '../teams/team.events';
import { organizationPermissions } from '../public/organization-permissions';

/** The team's row of the permission table: organization admins and the team's owners (admins or not) manage its members. */
export function canManageTeam(organizationRole: Role | null, teamRole: TeamRole | null): boolean {
  return organizationPermissions(organizationRole).admin || teamRole === 'owner';
}
