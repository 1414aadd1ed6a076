import { Conflict } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { reservationDecider } from './reservation.decider';
import { ReservationEvent } from './reservation.events';

const spec = deciderSpec(reservationDecider);
const now = '2026-01-01T00:00:00.000Z';
const reserved = (ownerId: string): ReservationEvent => ({
  type: 'ValueReserved',
  data: { kind: 'email', value: 'a@x.io', ownerId, reservedAt: now },
});
const released = (ownerId: string): ReservationEvent => ({
  type: 'ValueReleased',
  data: { kind: 'email', value: 'a@x.io', ownerId, releasedAt: now },
});
const reserve = (ownerId: string) => ({ type: 'Reserve' as const, kind: 'email' as const, value: 'a@x.io', ownerId, now });
const release = (ownerId: string) => ({ type: 'Release' as const, kind: 'email' as const, value: 'a@x.io', ownerId, now });

describe('reservation decider', () => {
  it('reserves a free value', () => spec.given([]).when(reserve('u1')).then([reserved('u1')]));
  it('is idempotent for the holder', () => spec.given([reserved('u1')]).when(reserve('u1')).then([]));
  it('refuses a value held by another owner', () =>
    spec.given([reserved('u1')]).when(reserve('u2')).thenThrows(Conflict, 'a@x.io is already in use'));
  it('reserves again after a release', () =>
    spec.given([reserved('u1'), released('u1')]).when(reserve('u2')).then([reserved('u2')]));
  it('releases only for the holder', () => {
    spec.given([reserved('u1')]).when(release('u2')).then([]);
    spec.given([reserved('u1')]).when(release('u1')).then([released('u1')]);
  });
});
