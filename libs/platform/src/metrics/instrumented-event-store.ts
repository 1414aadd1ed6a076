import { Counter, Histogram, Registry } from 'prom-client';
import { AppendResult, EventStore, ExpectedRevision, NewEvent, WrongExpectedRevision } from '../event-store/event-store.port';

/** An append's outcome: written, refused by the concurrency check (a conflict the caller handles), or failed. */
type Outcome = 'ok' | 'conflict' | 'error';

/**
 * The event store as the application uses it, counting appends (by outcome), their latency and how many
 * events each wrote. One decorator around whichever adapter runs (SQLite or EventStoreDB), so both are
 * measured alike; every other call goes straight through.
 */
export class InstrumentedEventStore implements EventStore {
  private readonly appends: Record<Outcome, Counter.Internal>;
  private readonly latency: Record<Outcome, Histogram.Internal<'outcome'>>;
  private readonly sizes: Histogram;

  constructor(
    private readonly inner: EventStore,
    registry: Registry,
  ) {
    const counter = new Counter({
      name: 'folio_event_store_appends_total',
      help: 'Appends to the event store, by outcome (ok, conflict: wrong expected revision, error).',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const histogram = new Histogram({
      name: 'folio_event_store_append_duration_seconds',
      help: 'Time an append to the event store took, by outcome.',
      labelNames: ['outcome'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    this.sizes = new Histogram({
      name: 'folio_event_store_appended_events',
      help: 'Events written by one successful append.',
      buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
      registers: [registry],
    });
    // Children made once, so that an append looks up no label set; all three show (at 0) from the first scrape.
    const outcomes: Outcome[] = ['ok', 'conflict', 'error'];
    for (const outcome of outcomes) {
      counter.inc({ outcome }, 0);
      histogram.zero({ outcome });
    }
    this.appends = Object.fromEntries(outcomes.map((o) => [o, counter.labels(o)])) as Record<Outcome, Counter.Internal>;
    this.latency = Object.fromEntries(outcomes.map((o) => [o, histogram.labels(o)])) as Record<Outcome, Histogram.Internal<'outcome'>>;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const started = process.hrtime.bigint();
    let outcome: Outcome = 'error';
    try {
      const result = await this.inner.append(stream, events, expected);
      outcome = 'ok';
      this.sizes.observe(events.length);
      return result;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) outcome = 'conflict';
      throw error;
    } finally {
      this.appends[outcome].inc();
      this.latency[outcome].observe(Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  readStream(stream: string) {
    return this.inner.readStream(stream);
  }

  readStreamAfter(stream: string, revision: bigint) {
    return this.inner.readStreamAfter(stream, revision);
  }

  readAll(after: string | null, limit: number) {
    return this.inner.readAll(after, limit);
  }

  headPosition() {
    return this.inner.headPosition();
  }

  onAppended(listener: () => void) {
    return this.inner.onAppended(listener);
  }

  ping() {
    return this.inner.ping();
  }

  close() {
    return this.inner.close();
  }
}
