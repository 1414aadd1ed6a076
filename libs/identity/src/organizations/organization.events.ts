import { Role } from '../permissions/roles';
import { OrganizationSettings } from './organization.settings';

export type MemberJoinPath = 'creation' | 'email-domain';

export type OrganizationEvent =
  | {
      type: 'OrganizationCreated';
      data: { organizationId: string; title: string; emailDomains: string[]; createdBy: string; createdAt: string };
    }
  | {
      /** `before` holds the old value of every field in `changes`, for the audit trail. */
      type: 'OrganizationSettingsChanged';
      data: {
        organizationId: string;
        changes: Partial<OrganizationSettings>;
        before: Partial<OrganizationSettings>;
        changedAt: string;
      };
    }
  | {
      type: 'MemberJoined';
      data: { organizationId: string; userId: string; role: Role | null; via: MemberJoinPath; joinedAt: string };
    };

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
