/**
 * A unique value (an email, an organization hostname) held by one owner. Uniqueness across aggregates
 * is a stream per value, appended with expected revision no-stream (ARCHITECTURE.md rule 11).
 */
export type ReservationEvent =
  | { type: 'ValueReserved'; data: { kind: ReservationKind; value: string; ownerId: string; reservedAt: string } }
  | { type: 'ValueReleased'; data: { kind: ReservationKind; value: string; ownerId: string; releasedAt: string } };

export type ReservationKind = 'email' | 'hostname';

/** Values are case-folded so `Ann@X.io` and `ann@x.io` are one reservation. */
export const reservationStream = (kind: ReservationKind, value: string) =>
  `${kind}Reservation-${value.trim().toLowerCase()}`;
