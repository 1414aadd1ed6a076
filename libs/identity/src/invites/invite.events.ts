import { Role } from '@folio/platform/domain/roles';

/** A link invite: whoever holds its id may join the organization with its role, until it is deleted. */
export type InviteEvent =
  | { type: 'OrganizationInviteCreated'; data: { inviteId: string; organizationId: string; role: Role | null; createdAt: string } }
  | {
      type: 'OrganizationInviteRoleChanged';
      data: { inviteId: string; organizationId: string; role: Role | null; previousRole: Role | null; changedAt: string };
    }
  | { type: 'OrganizationInviteDeleted'; data: { inviteId: string; organizationId: string; deletedAt: string } };

export const inviteStream = (inviteId: string) => `organizationInvite-${inviteId}`;
