import {
  AllStreamSubscription,
  BACKWARDS,
  END,
  EventStoreDBClient,
  ReadPosition,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
} from '@eventstore/db-client';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  StoredEvent,
  WrongExpectedRevision,
} from '../event-store.port';
import {
  decodePosition,
  encodePosition,
  isLogEvent,
  LOG_EVENT_TYPES,
  positionAt,
  positionOf,
  revisionAfter,
  toEsdbExpectedRevision,
  toEventData,
  toStoredEvent,
  toWrongExpectedRevision,
  userEventsAfter,
  withoutObjectBytes,
} from './esdb-mapping';
import { collect } from './esdb-calls';
import { STORE_CALL_MS, STORE_PING_MS, StoreUnanswered, withinCallBound } from '../../store-deadline';

/**
 * $all is read in pages. System events take room in a page without being returned, so a page may have to
 * be followed by others to fill `limit`: the floor keeps small limits from crawling through runs of
 * system events a few at a time, the ceiling bounds memory for huge limits.
 */
const MIN_PAGE = 256;
const MAX_PAGE = 4096;

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 5000;

/**
 * The distributed event store. Needs EventStoreDB 22.6 or later (events read from a stream carry their
 * $all position only since then) and a user allowed to read $all (an admin) in the connection string.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private backoffMs = MIN_BACKOFF_MS;
  private notifyScheduled = false;
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** `url` is an EventStoreDB connection string, e.g. `esdb://admin:changeit@localhost:2113?tls=false`. */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // Bounded here too: the client honours its own deadline only for some appends.
    const result = await withinCallBound(
      'EventStoreDB',
      `append to ${stream}`,
      this.client.appendToStream(stream, events.map(toEventData), { expectedRevision: toEsdbExpectedRevision(expected), deadline: STORE_CALL_MS }),
    ).catch((error: unknown) => {
      throw error instanceof WrongExpectedVersionError ? toWrongExpectedRevision(stream, expected, error) : error;
    });
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string, and then the client does not
      // report the actual revision reliably: read it back.
      const last = await this.lastEvent(stream);
      throw new WrongExpectedRevision(stream, expected, last?.revision ?? 'no-stream');
    }
    // The server reports no position for an idempotent retry (events already written under these ids).
    // The stream's last event is at or after them, which is all a caller waiting for them needs.
    const position = result.position
      ? encodePosition(result.position.commit)
      : (await this.lastEvent(stream))?.position;
    if (position === undefined) throw new Error(`append to ${stream}: EventStoreDB reported no position`);
    // The subscription will tell too, but later, and not at all while it is reconnecting.
    this.scheduleNotify();
    return { nextRevision: result.nextExpectedRevision, position };
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    return this.readStreamAfter(stream, -1n);
  }

  async readStreamAfter(stream: string, revision: bigint): Promise<StoredEvent[]> {
    try {
      return (await collect(this.client.readStream(stream, { fromRevision: revisionAfter(revision) }), `read ${stream}`)).map(toStoredEvent);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async readAll(after: string | null, limit: number): Promise<StoredEvent[]> {
    const pageSize = Math.min(Math.max(limit + 1, MIN_PAGE), MAX_PAGE);
    const events: StoredEvent[] = [];
    let cursor = after === null ? null : decodePosition(after);
    while (events.length < limit) {
      const fromPosition = cursor === null ? START : positionAt(cursor);
      // Only the projector and process runners read $all forwards, in pages that may be long to receive.
      const page = await collect(this.client.readAll({ fromPosition, maxCount: pageSize }), 'read $all', { idle: true }, withoutObjectBytes);
      events.push(...userEventsAfter(page, cursor, limit - events.length));
      if (page.length < pageSize) break;
      cursor = positionOf(page[page.length - 1]);
    }
    return events;
  }

  async headPosition(): Promise<string | null> {
    let fromPosition: ReadPosition = END;
    for (;;) {
      const page = await collect(
        this.client.readAll({ direction: BACKWARDS, fromPosition, maxCount: MIN_PAGE }),
        'read the head of $all',
        {},
        withoutObjectBytes,
      );
      const newest = page.find(isLogEvent);
      if (newest) return encodePosition(positionOf(newest));
      if (page.length < MIN_PAGE) return null;
      // Inclusive start or not, a full page of distinct events always moves the next read back.
      fromPosition = positionAt(positionOf(page[page.length - 1]));
    }
  }

  onAppended(listener: () => void): () => void {
    if (this.closed) throw new Error('the event store is closed');
    this.listeners.add(listener);
    if (!this.subscription && !this.retryTimer) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopListening();
    };
  }

  /** True when the server answers, false when it refuses; a StoreUnanswered when it does not answer in time. */
  async ping(): Promise<boolean> {
    try {
      await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }), 'ping', { ms: STORE_PING_MS });
      return true;
    } catch (error) {
      if (error instanceof StoreUnanswered) throw error;
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.stopListening();
    await this.client.dispose();
  }

  private async lastEvent(stream: string): Promise<StoredEvent | null> {
    try {
      const [last] = await collect(
        this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }),
        `read the end of ${stream}`,
      );
      return last ? toStoredEvent(last) : null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  /**
   * One subscription to the end of $all shared by every listener: they only need to know that something
   * was appended, and read it from their own checkpoints. The server-side filter only sees event types,
   * so a plain-typed event of a `$` stream still wakes listeners, which costs them an empty read.
   */
  private subscribe(): void {
    const subscription = this.client.subscribeToAll({
      fromPosition: END,
      filter: eventTypeFilter({ regex: LOG_EVENT_TYPES }),
    });
    this.subscription = subscription;
    // Appends made before the server confirmed the subscription (while it was down, or since the listener
    // registered) are never delivered by it: a listener reading from its checkpoint now finds them.
    subscription.on('confirmation', () => {
      this.backoffMs = MIN_BACKOFF_MS;
      this.scheduleNotify();
    });
    subscription.on('data', () => this.scheduleNotify());
    // The client emits 'error' without always closing the stream, and ends it without an error when the
    // server drops it: each of the three means this subscription is over.
    const dropped = () => this.resubscribeLater(subscription);
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  /** EventStoreDB subscriptions do not reconnect by themselves. */
  private resubscribeLater(dropped: AllStreamSubscription): void {
    // Events of a subscription already replaced or stopped.
    if (dropped !== this.subscription) return;
    this.subscription = null;
    discard(dropped);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.subscribe();
    }, this.backoffMs);
    this.retryTimer.unref();
    this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
  }

  private stopListening(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.subscription) discard(this.subscription);
    this.subscription = null;
  }

  /** At most one call per listener and turn of the event loop: appends arrive in bursts of events. */
  private scheduleNotify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }
}

function discard(subscription: AllStreamSubscription): void {
  // The subscription is being thrown away: failing to cancel it cleanly changes nothing.
  subscription.unsubscribe().catch(() => undefined);
}
