import { Role } from '@folio/platform/domain/roles';

export type GrantTarget = { type: 'space' | 'collection'; id: string };
export type Principal = { type: 'user' | 'team'; id: string };

/** Direct grants on one space or collection, to users or teams. A grant of `null` removes access. */
export type ContentGrantEvent =
  | {
      type: 'ContentAccessGranted';
      data: { organizationId: string; target: GrantTarget; principal: Principal; role: Role; previousRole: Role | null; grantedAt: string };
    }
  | {
      type: 'ContentAccessRevoked';
      data: { organizationId: string; target: GrantTarget; principal: Principal; previousRole: Role; revokedAt: string };
    };

export const contentGrantsStream = (target: GrantTarget) => `contentGrants-${target.type}.${target.id}`;
