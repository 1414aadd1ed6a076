import { Decider } from '@folio/platform/domain/decider';
import { MemberActivityEvent } from './member-activity.events';

/** `lastSeenAt` is a minute-grained fact: pings within a minute of the last recorded one write nothing. */
export const SEEN_GRANULARITY_MS = 60_000;

export type MemberActivityState = { lastSeenAt: string | null };

export type MemberActivityCommand = { type: 'RecordSeen'; organizationId: string; userId: string; now: string };

export const memberActivityDecider: Decider<MemberActivityCommand, MemberActivityEvent, MemberActivityState> = {
  initialState: { lastSeenAt: null },

  evolve: (_state, event) => ({ lastSeenAt: event.data.seenAt }),

  decide({ organizationId, userId, now }, state) {
    if (state.lastSeenAt && Date.parse(now) - Date.parse(state.lastSeenAt) < SEEN_GRANULARITY_MS) return [];
    return [{ type: 'MemberSeen', data: { organizationId, userId, seenAt: now } }];
  },
};
