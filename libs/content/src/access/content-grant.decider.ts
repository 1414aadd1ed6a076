import { Decider } from '@folio/platform/domain/decider';
import { Role } from '@folio/platform/domain/roles';
import { ContentGrantEvent, GrantTarget, Principal } from './content-grant.events';

export const principalKey = (p: Principal) => `${p.type}:${p.id}`;

export type ContentGrantState = { grants: Record<string, Role> };

export type ContentGrantCommand = {
  type: 'GrantAccess';
  organizationId: string;
  target: GrantTarget;
  principals: Principal[];
  role: Role | null;
  now: string;
};

export const contentGrantDecider: Decider<ContentGrantCommand, ContentGrantEvent, ContentGrantState> = {
  initialState: { grants: {} },

  evolve(state, event) {
    const key = principalKey(event.data.principal);
    if (event.type === 'ContentAccessGranted') return { grants: { ...state.grants, [key]: event.data.role } };
    const { [key]: _revoked, ...grants } = state.grants;
    return { grants };
  },

  /** One event per principal whose access changes; granting what is already granted writes nothing. */
  decide({ organizationId, target, principals, role, now }, state) {
    const events: ContentGrantEvent[] = [];
    const seen = new Set<string>();
    for (const principal of principals) {
      const key = principalKey(principal);
      if (seen.has(key)) continue;
      seen.add(key);
      const previousRole = state.grants[key] ?? null;
      if (previousRole === role) continue;
      events.push(
        role === null
          ? { type: 'ContentAccessRevoked', data: { organizationId, target, principal, previousRole: previousRole!, revokedAt: now } }
          : { type: 'ContentAccessGranted', data: { organizationId, target, principal, role, previousRole, grantedAt: now } },
      );
    }
    return events;
  },
};
