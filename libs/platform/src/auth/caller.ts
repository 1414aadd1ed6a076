import { Source } from '../event-store/event-store.port';

/** Who issued a command or query, and under which request: becomes the events' metadata. */
export interface Caller {
  /** A user id, or `system` for Folio's own work. */
  userId: string;
  source: Source;
  correlationId: string;
}

export const systemCaller = (correlationId: string, source: Source = 'system'): Caller => ({
  userId: 'system',
  source,
  correlationId,
});
