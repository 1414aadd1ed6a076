/**
 * A unique value (an email, a hostname, a site basename within its organization) held by one owner.
 * Uniqueness across aggregates is a stream per value, appended with expected revision no-stream
 * (ARCHITECTURE.md rule 11). In the platform because hostnames are unique across contexts: an
 * organization's (identity) and a site's custom one (publishing) share the `hostname` streams.
 */
export type ReservationEvent =
  | { type: 'ValueReserved'; data: { kind: ReservationKind; value: string; ownerId: string; reservedAt: string } }
  | { type: 'ValueReleased'; data: { kind: ReservationKind; value: string; ownerId: string; releasedAt: string } };

export type ReservationKind = 'email' | 'hostname' | 'basename' | 'openapiSlug';

/** Values are case-folded so `Ann@X.io` and `ann@x.io` are one reservation. */
export const reservationStream = (kind: ReservationKind, value: string) =>
  `${kind}Reservation-${value.trim().toLowerCase()}`;
