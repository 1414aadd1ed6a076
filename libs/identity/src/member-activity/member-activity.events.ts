/**
 * When a member was last seen. A stream per membership, apart from the organization's, so frequent
 * pings never make the organization aggregate slow to load.
 */
export type MemberActivityEvent = {
  type: 'MemberSeen';
  data: { organizationId: string; userId: string; seenAt: string };
};

export const memberActivityStream = (organizationId: string, userId: string) => `memberActivity-${organizationId}.${userId}`;
