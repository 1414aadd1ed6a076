import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { WrongExpectedRevision } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { newEvent } from '../testing/new-event';
import { InstrumentedEventStore } from './instrumented-event-store';

/** A metric's samples as prom-client holds them: `name{labels}` → value. */
async function samples(registry: Registry, name: string): Promise<Map<string, number>> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name)!;
  return new Map((metric.values as { metricName?: string; labels: object; value: number }[]).map((v) => [`${v.metricName ?? name}${JSON.stringify(v.labels)}`, v.value]));
}

describe('the instrumented event store', () => {
  let dir: string;
  let inner: SqliteEventStore;
  let registry: Registry;
  let store: InstrumentedEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-instrumented-'));
    inner = new SqliteEventStore(join(dir, 'events.db'));
    registry = new Registry();
    store = new InstrumentedEventStore(inner, registry);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts appends by outcome, with their latency and the events each wrote', async () => {
    await store.append('s-1', [newEvent(), newEvent(), newEvent()], 'no-stream');
    await store.append('s-2', [newEvent()], 'no-stream');
    await expect(store.append('s-1', [newEvent()], 'no-stream')).rejects.toBeInstanceOf(WrongExpectedRevision);

    const appends = await samples(registry, 'folio_event_store_appends_total');
    expect(appends.get('folio_event_store_appends_total{"outcome":"ok"}')).toBe(2);
    expect(appends.get('folio_event_store_appends_total{"outcome":"conflict"}')).toBe(1);
    expect(appends.get('folio_event_store_appends_total{"outcome":"error"}')).toBe(0);
    const latency = await samples(registry, 'folio_event_store_append_duration_seconds');
    expect(latency.get('folio_event_store_append_duration_seconds_count{"outcome":"ok"}')).toBe(2);
    expect(latency.get('folio_event_store_append_duration_seconds_count{"outcome":"conflict"}')).toBe(1);
    expect(latency.get('folio_event_store_append_duration_seconds_sum{"outcome":"ok"}')).toBeGreaterThan(0);
    const sizes = await samples(registry, 'folio_event_store_appended_events');
    expect(sizes.get('folio_event_store_appended_events_count{}')).toBe(2);
    expect(sizes.get('folio_event_store_appended_events_sum{}')).toBe(4);
    expect(sizes.get('folio_event_store_appended_events_bucket{"le":1}')).toBe(1);
  });

  it('passes every other call to the adapter it wraps', async () => {
    const written = await store.append('s-1', [newEvent(), newEvent()], 'no-stream');
    expect(await store.headPosition()).toBe(written.position);
    expect(await store.readStream('s-1')).toEqual(await inner.readStream('s-1'));
    expect(await store.readStreamAfter('s-1', 0n)).toHaveLength(1);
    expect(await store.readAll(null, 10)).toHaveLength(2);
    expect(await store.ping()).toBe(true);
    let stop = () => undefined as void;
    const heard = new Promise<void>((resolve) => (stop = store.onAppended(resolve)));
    await store.append('s-2', [newEvent()], 'no-stream');
    await heard;
    stop();
  });

  it('counts an append the adapter fails as an error, and rethrows it', async () => {
    await inner.close();
    await expect(store.append('s-1', [newEvent()], 'no-stream')).rejects.toThrow();
    expect((await samples(registry, 'folio_event_store_appends_total')).get('folio_event_store_appends_total{"outcome":"error"}')).toBe(1);
    inner = new SqliteEventStore(join(dir, 'events.db'));
    store = new InstrumentedEventStore(inner, new Registry());
  });
});
