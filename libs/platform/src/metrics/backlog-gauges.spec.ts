import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolioConfig } from '../config/config';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { newEvent } from '../testing/new-event';
import { ProcessHost } from '../processes/process-host';
import { CheckpointFollower } from '../projections/projection-progress';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { BacklogGauges } from './backlog-gauges';
import { MetricsRegistry } from './metrics-registry';

/** A gauge's samples at scrape time: label value → value. */
async function gauge(metrics: MetricsRegistry, name: string, label: string): Promise<Map<string, number>> {
  const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return new Map(((metric?.values ?? []) as { labels: Record<string, string>; value: number }[]).map((v) => [v.labels[label], v.value]));
}

describe('backlog gauges: projection lag and process queues, computed at scrape time', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let metrics: MetricsRegistry;
  let processes: ProcessHost;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-backlog-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    metrics = new MetricsRegistry({ metricsEnabled: true } as FolioConfig);
    const progress = new CheckpointFollower(events, reads, [
      { name: 'first', collections: [], handlers: {} },
      { name: 'second', collections: [], handlers: {} },
    ]);
    processes = new ProcessHost(progress, events, reads);
    // Followed, not run, here: the queue comes from the checkpoint alone.
    await processes.start({ name: 'reacting', handlers: {} }, 'failed');
    new BacklogGauges(metrics, progress, processes);
  });
  afterEach(async () => {
    await events.close().catch(() => undefined);
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports each projection’s and each process’s distance to the head as it is at the scrape', async () => {
    await events.append('s-1', [newEvent(), newEvent(), newEvent()], 'no-stream');
    const head = (await events.append('s-2', [newEvent()], 'no-stream')).position;
    await reads.transaction('first', head, async () => undefined);
    expect(await gauge(metrics, 'folio_projection_lag', 'projection')).toEqual(new Map([['first', 0], ['second', 4]]));
    expect(await gauge(metrics, 'folio_process_queue', 'process')).toEqual(new Map([['reacting', 4]]));
    await events.append('s-3', [newEvent()], 'no-stream');
    expect(await gauge(metrics, 'folio_projection_lag', 'projection')).toEqual(new Map([['first', 1], ['second', 5]]));
  });

  it('leaves the gauges empty when the store does not answer, and the scrape still answers', async () => {
    await events.append('s-1', [newEvent()], 'no-stream');
    expect((await gauge(metrics, 'folio_projection_lag', 'projection')).get('second')).toBe(1);
    await events.close();
    const text = await metrics.text();
    expect(text).toContain('# TYPE folio_projection_lag gauge');
    expect(text).not.toMatch(/^folio_projection_lag\{/m);
    expect(text).not.toMatch(/^folio_process_queue\{/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it('registers nothing with METRICS=off', async () => {
    const off = new MetricsRegistry({ metricsEnabled: false } as FolioConfig);
    new BacklogGauges(off, new CheckpointFollower(events, reads, []), processes);
    expect(await off.registry.getMetricsAsJSON()).toEqual([]);
  });
});
