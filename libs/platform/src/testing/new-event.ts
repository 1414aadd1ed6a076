import { randomUUID } from 'node:crypto';
import { NewEvent } from '../event-store/event-store.port';

/** An event with no data, for tests of what carries events (stores, runners, metrics) rather than of their meaning. */
export const newEvent = (type = 'Happened'): NewEvent => ({
  eventId: randomUUID(),
  type,
  data: {},
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});
