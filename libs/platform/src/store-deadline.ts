/**
 * Bounds on the calls a request (or `/health`) waits on in the distributed stores. Neither client bounds
 * them by itself: `@eventstore/db-client` reads with an infinite gRPC deadline whatever is asked, and the
 * MongoDB driver waits on a stalled server as long as the TCP connection lives (`timeoutMS` has no effect
 * in driver 7, `maxTimeMS` is enforced by the server, which a stalled one does not do). So each call races
 * its bound here, and what can be cancelled (an EventStoreDB read) is cancelled when it is abandoned.
 */

export type StoreName = 'EventStoreDB' | 'MongoDB';

/** How long a request waits for one store call before it answers 503. */
export const STORE_CALL_MS = 10_000;
/** How long `/health` waits for each store's ping. */
export const STORE_PING_MS = 2_000;

/** A store call that got no answer within its bound: the store is stalled or unreachable. */
export class StoreUnanswered extends Error {
  constructor(
    readonly store: StoreName,
    readonly operation: string,
    readonly ms: number,
  ) {
    super(`${store} did not answer (${operation}) within ${ms} ms`);
  }
}

/**
 * `work`'s outcome, or a StoreUnanswered once `ms` have passed without one; `abandon` is then called to
 * cancel what can be. `work` may call `progressed` to restart the bound (a long read that keeps receiving
 * is not stalled). A call abandoned still settles later: its outcome is dropped.
 */
export function withinDeadline<T>(
  store: StoreName,
  operation: string,
  ms: number,
  work: (progressed: () => void) => Promise<T>,
  abandon?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      abandon?.();
      reject(new StoreUnanswered(store, operation, ms));
    };
    const timer = setTimeout(giveUp, ms);
    // Restarts the same timer: a long read calls this for every record.
    const progressed = () => void timer.refresh();
    work(progressed).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A call a request waits on (a read, an append), within STORE_CALL_MS. */
export function withinCallBound<T>(store: StoreName, operation: string, call: Promise<T>): Promise<T> {
  return withinDeadline(store, operation, STORE_CALL_MS, () => call);
}
