import { defineProjection } from '@folio/platform/projections/projection';
import { Role } from '../permissions/roles';
import { OrganizationEvent } from './organization.events';
import { defaultSettings, OrganizationSettings } from './organization.settings';

export const ORGANIZATIONS = 'organizations';
export const MEMBERS = 'members';

export type OrganizationDoc = OrganizationSettings & {
  id: string;
  createdAt: string;
  createdBy: string;
  [key: string]: unknown;
};

export interface MemberDoc {
  /** `<organizationId>:<userId>`: one membership per user and organization. */
  id: string;
  organizationId: string;
  userId: string;
  role: Role | null;
  joinedAt: string;
  [key: string]: unknown;
}

export const memberId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

export const organizationProjection = defineProjection<OrganizationEvent>(
  'identity-organizations',
  [
    { name: ORGANIZATIONS, indexes: [] },
    { name: MEMBERS, indexes: [['userId', 'organizationId'], ['organizationId', 'joinedAt']] },
  ],
  {
    OrganizationCreated: async ({ data }, tx) => {
      const doc: OrganizationDoc = {
        id: data.organizationId,
        ...defaultSettings(data.title, data.emailDomains),
        createdAt: data.createdAt,
        createdBy: data.createdBy,
      };
      await tx.upsert(ORGANIZATIONS, doc);
    },
    OrganizationSettingsChanged: async ({ data }, tx) => tx.patch(ORGANIZATIONS, data.organizationId, data.changes),
    MemberJoined: async ({ data }, tx) => {
      const doc: MemberDoc = {
        id: memberId(data.organizationId, data.userId),
        organizationId: data.organizationId,
        userId: data.userId,
        role: data.role,
        joinedAt: data.joinedAt,
      };
      await tx.upsert(MEMBERS, doc);
    },
  },
);
