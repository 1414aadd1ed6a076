import { defineProjection } from '@folio/platform/projections/projection';
import { Role } from '@folio/platform/domain/roles';
import { InviteEvent } from './invite.events';

export const INVITES = 'organizationInvites';

export interface InviteDoc {
  id: string;
  organizationId: string;
  role: Role | null;
  createdAt: string;
  /** Revision of the invite's stream: its ETag. */
  streamRevision: string;
  [key: string]: unknown;
}

export const inviteProjection = defineProjection<InviteEvent>('identity-invites', [{ name: INVITES, indexes: [['organizationId', 'createdAt']] }], {
  OrganizationInviteCreated: async ({ data, revision }, tx) => {
    const doc: InviteDoc = {
      id: data.inviteId,
      organizationId: data.organizationId,
      role: data.role,
      createdAt: data.createdAt,
      streamRevision: String(revision),
    };
    await tx.upsert(INVITES, doc);
  },
  OrganizationInviteRoleChanged: async ({ data, revision }, tx) =>
    tx.patch(INVITES, data.inviteId, { role: data.role, streamRevision: String(revision) }),
  OrganizationInviteDeleted: async ({ data }, tx) => tx.delete(INVITES, data.inviteId),
});
