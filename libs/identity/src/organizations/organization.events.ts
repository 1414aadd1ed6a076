import { Role } from '@folio/platform/domain/roles';
import { OrganizationSettings } from './organization.settings';

/** How a member came in: the audit trail and the member list tell them apart. */
export type MemberJoinPath = 'creation' | 'email-domain' | 'invite' | 'link-invite' | 'sso';

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
      data: {
        organizationId: string;
        userId: string;
        role: Role | null;
        via: MemberJoinPath;
        joinedAt: string;
        /** Absent on events written before SSO existed: false. */
        sso?: boolean;
        /** The link invite used, for `via: 'link-invite'`. */
        inviteId?: string;
      };
    }
  | {
      type: 'MemberRoleChanged';
      data: { organizationId: string; userId: string; role: Role | null; previousRole: Role | null; changedAt: string };
    }
  | {
      type: 'MemberRemoved';
      data: { organizationId: string; userId: string; previousRole: Role | null; removedAt: string };
    }
  | {
      type: 'MemberSSOChanged';
      data: { organizationId: string; userId: string; sso: boolean; previousSso: boolean; changedAt: string };
    };

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;
