import { fold } from '@folio/platform/read-store/read-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { MemberActivityEvent } from '../member-activity/member-activity.events';
import { OrganizationEvent } from '../organizations/organization.events';
import { Role } from '@folio/platform/domain/roles';
import { UserEvent } from '../users/user.events';

export const MEMBERS = 'members';
/** This projection's own copy of the user fields a member list shows and searches. */
export const MEMBER_PROFILES = 'memberProfiles';

export interface MemberDoc {
  /** `<organizationId>:<userId>`: one membership per user and organization. */
  id: string;
  organizationId: string;
  userId: string;
  role: Role | null;
  /** Role filters need a value to match; `guest` stands for the null role. */
  roleKey: Role | 'guest';
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  displayName: string;
  email: string;
  /** Case-folded display name (sort by name) and display name + email (search). */
  nameFolded: string;
  searchFolded: string;
  [key: string]: unknown;
}

interface ProfileDoc {
  id: string;
  displayName: string;
  email: string;
  [key: string]: unknown;
}

export const memberId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

const roleKey = (role: Role | null): Role | 'guest' => role ?? 'guest';

export const memberProjection = defineProjection<OrganizationEvent | UserEvent | MemberActivityEvent>(
  'identity-members',
  [
    {
      name: MEMBERS,
      indexes: [
        ['userId', 'organizationId'],
        ['organizationId', 'joinedAt'],
        ['organizationId', 'lastSeenAt'],
        ['organizationId', 'nameFolded'],
      ],
    },
    { name: MEMBER_PROFILES, indexes: [] },
  ],
  {
    UserCreated: async ({ data }, tx) => {
      const profile: ProfileDoc = { id: data.userId, displayName: data.displayName, email: data.email };
      await tx.upsert(MEMBER_PROFILES, profile);
    },
    MemberJoined: async ({ data }, tx) => {
      const profile = await tx.get<ProfileDoc>(MEMBER_PROFILES, data.userId);
      const displayName = profile?.displayName ?? '';
      const doc: MemberDoc = {
        id: memberId(data.organizationId, data.userId),
        organizationId: data.organizationId,
        userId: data.userId,
        role: data.role,
        roleKey: roleKey(data.role),
        joinedAt: data.joinedAt,
        sso: data.sso ?? false,
        displayName,
        email: profile?.email ?? '',
        nameFolded: fold(displayName),
        searchFolded: fold(`${displayName} ${profile?.email ?? ''}`),
      };
      await tx.upsert(MEMBERS, doc);
    },
    MemberRoleChanged: async ({ data }, tx) =>
      tx.patch(MEMBERS, memberId(data.organizationId, data.userId), { role: data.role, roleKey: roleKey(data.role) }),
    MemberSSOChanged: async ({ data }, tx) => tx.patch(MEMBERS, memberId(data.organizationId, data.userId), { sso: data.sso }),
    MemberRemoved: async ({ data }, tx) => tx.delete(MEMBERS, memberId(data.organizationId, data.userId)),
    MemberSeen: async ({ data }, tx) => tx.patch(MEMBERS, memberId(data.organizationId, data.userId), { lastSeenAt: data.seenAt }),
  },
);
