import { StreamingRead } from '@eventstore/db-client';
import { STORE_CALL_MS, withinDeadline } from '../../store-deadline';

/** How long to wait for an EventStoreDB read: `ms` in all, or (`idle`) `ms` without a record. */
export interface ReadBound {
  ms?: number;
  /** For a background read of many records (a page of $all), which may take long but must keep receiving. */
  idle?: boolean;
}

/**
 * Every record of an EventStoreDB read, each passed through `keep` as it arrives (to drop what must not be
 * held), within its bound: the client reads with an infinite deadline whatever it is given, so a stalled
 * server would hold the caller for ever. A read given up on is cancelled and its stream destroyed.
 */
export function collect<E>(read: StreamingRead<E>, operation: string, bound: ReadBound = {}, keep: (event: E) => E = (event) => event): Promise<E[]> {
  const all = async (progressed: () => void) => {
    const events: E[] = [];
    for await (const event of read) {
      events.push(keep(event as E));
      if (bound.idle) progressed();
    }
    return events;
  };
  return withinDeadline('EventStoreDB', operation, bound.ms ?? STORE_CALL_MS, all, () => {
    // Cancelling waits for the call to exist, which a stalled connection may never give: destroy too.
    read.cancel().catch(() => undefined);
    read.destroy();
  });
}
