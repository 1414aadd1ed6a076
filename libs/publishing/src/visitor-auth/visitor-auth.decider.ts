import { Decider } from '@folio/platform/domain/decider';
import { VisitorAuthEvent, VisitorAuthSettings } from './visitor-auth.events';

export type VisitorAuthState = VisitorAuthSettings & { generation: number };

/** A site that never changed them: the custom backend, the key of generation 0, no URLs. */
export const initialState: VisitorAuthState = { backend: 'custom', fallbackURL: null, logoutURL: null, generation: 0 };

export type VisitorAuthCommand =
  | { type: 'RegenerateVisitorKey'; siteId: string; organizationId: string; now: string }
  | { type: 'ChangeVisitorAuth'; siteId: string; organizationId: string; changes: Partial<VisitorAuthSettings>; now: string };

export function evolve(state: VisitorAuthState, event: VisitorAuthEvent): VisitorAuthState {
  switch (event.type) {
    case 'SiteVisitorKeyRegenerated':
      return { ...state, generation: event.data.generation };
    case 'SiteVisitorAuthChanged':
      return { ...state, ...event.data.changes };
  }
}

export function decide(command: VisitorAuthCommand, state: VisitorAuthState): VisitorAuthEvent[] {
  const { siteId, organizationId, now } = command;
  switch (command.type) {
    case 'RegenerateVisitorKey':
      return [{ type: 'SiteVisitorKeyRegenerated', data: { siteId, organizationId, generation: state.generation + 1, regeneratedAt: now } }];
    case 'ChangeVisitorAuth': {
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => value !== undefined && state[key as keyof VisitorAuthSettings] !== value),
      ) as Partial<VisitorAuthSettings>;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'SiteVisitorAuthChanged', data: { siteId, organizationId, changes, changedAt: now } }];
    }
  }
}

export const visitorAuthDecider: Decider<VisitorAuthCommand, VisitorAuthEvent, VisitorAuthState> = { initialState, evolve, decide };
