import { Decider } from '@folio/platform/domain/decider';
import { Role } from '@folio/platform/domain/roles';
import { withEntry } from '@folio/platform/domain/with-entry';
import { ContentGrantEvent, GrantTarget, Principal } from './content-grant.events';

export const principalKey = (p: Principal) => `${p.type}:${p.id}`;

/** By principal key (`user:<id>`, `team:<id>`; ids from requests, hence a Map). */
export type ContentGrantState = { grants: ReadonlyMap<string, Role> };

export type ContentGrantCommand = {
  type: 'GrantAccess';
  organizationId: string;
  target: GrantTarget;
  principals: Principal[];
  role: Role | null;
  now: string;
};

export const contentGrantDecider: Decider<ContentGrantCommand, ContentGrantEvent, ContentGrantState> = {
  initialState: { grants: new Map() },

  evolve(state, event) {
    const key = principalKey(event.data.principal);
    return { grants: withEntry(state.grants, key, event.type === 'ContentAccessGranted' ? event.data.role : undefined) };
  },

  /** One event per principal whose access changes; granting what is already granted writes nothing. */
  decide({ organizationId, target, principals, role, now }, state) {
    const events: ContentGrantEvent[] = [];
    const seen = new Set<string>();
    for (const principal of principals) {
      const key = principalKey(principal);
      if (seen.has(key)) continue;
      seen.add(key);
      const previousRole = state.grants.get(key) ?? null;
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
