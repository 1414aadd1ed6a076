import { StreamingRead } from '@eventstore/db-client';
import { STORE_CALL_MS, withinDeadline } from '../../store-deadline';

/**
 * Every record of an EventStoreDB read, each passed through `keep` as it arrives (to drop what must not be
 * held), within `ms`: the client reads with an infinite deadline whatever it is given, so a stalled server
 * would hold the caller for ever. A read given up on is cancelled and its stream destroyed.
 */
export function collect<E>(read: StreamingRead<E>, operation: string, ms = STORE_CALL_MS, keep: (event: E) => E = (event) => event): Promise<E[]> {
  const all = (async () => {
    const events: E[] = [];
    for await (const event of read) events.push(keep(event as E));
    return events;
  })();
  return withinDeadline('EventStoreDB', operation, ms, all, () => {
    // Cancelling waits for the call to exist, which a stalled connection may never give: destroy too.
    read.cancel().catch(() => undefined);
    read.destroy();
  });
}

/** An append (or any single answer) within the request bound; its gRPC deadline is set too where the client honours it. */
export function answered<T>(call: Promise<T>, operation: string): Promise<T> {
  return withinDeadline('EventStoreDB', operation, STORE_CALL_MS, call);
}
