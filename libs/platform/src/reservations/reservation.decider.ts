import { Decider } from '@folio/platform/domain/decider';
import { Conflict } from '@folio/platform/domain/errors';
import { ReservationEvent, ReservationKind } from './reservation.events';

export type ReservationState = { ownerId: string | null };

export type ReservationCommand =
  | { type: 'Reserve'; kind: ReservationKind; value: string; ownerId: string; now: string }
  | { type: 'Release'; kind: ReservationKind; value: string; ownerId: string; now: string };

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: { ownerId: null },

  evolve(state: ReservationState, event: ReservationEvent): ReservationState {
    switch (event.type) {
      case 'ValueReserved':
        return { ownerId: event.data.ownerId };
      case 'ValueReleased':
        return { ownerId: null };
    }
  },

  decide(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
    const { kind, value, ownerId, now } = command;
    switch (command.type) {
      case 'Reserve':
        if (state.ownerId === ownerId) return [];
        if (state.ownerId !== null) throw new Conflict(`The ${kind} ${value} is already in use`);
        return [{ type: 'ValueReserved', data: { kind, value, ownerId, reservedAt: now } }];
      case 'Release':
        // Only the holder releases; anything else is a no-op, so a compensation can run twice.
        if (state.ownerId !== ownerId) return [];
        return [{ type: 'ValueReleased', data: { kind, value, ownerId, releasedAt: now } }];
    }
  },
};
