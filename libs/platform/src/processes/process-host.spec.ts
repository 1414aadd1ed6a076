import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { CheckpointFollower } from '../projections/projection-progress';
import { ProjectionRunner } from '../projections/projection-runner';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { ProcessHost } from './process-host';

const event = (type: string): NewEvent => ({
  eventId: randomUUID(),
  type,
  data: {},
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('process host status (the process queues /metrics reports)', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-process-host-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (...types: string[]) => (await events.append(`s-${randomUUID()}`, types.map(event), 'no-stream')).position;
  const reacting = { name: 'reacting', handlers: { Asked: async () => undefined } };

  it('counts what a running process has yet to work through, its unsaved idle events as worked', async () => {
    const host = new ProcessHost(new ProjectionRunner(events, reads, []), events, reads);
    await append('Asked', 'Other');
    const running = await host.start(reacting, 'failed');
    const idle = await append('Other', 'Other', 'Other');
    // The runner reads the appended events as they come; no reaction, so the stored checkpoint stays behind.
    await waitFor(async () => (await host.status()).get('reacting')?.position === idle);
    expect(await reads.checkpoint('reacting')).not.toBe(idle);
    expect((await host.status()).get('reacting')).toEqual({ position: idle, queue: '0' });
    await running!.stop();
    await append('Asked', 'Other');
    expect((await host.status()).get('reacting')).toEqual({ position: idle, queue: '2' });
  });

  it('reports a process it does not run here from its checkpoint, which another instance moves', async () => {
    const host = new ProcessHost(new CheckpointFollower(events, reads, []), events, reads);
    expect(await host.start(reacting, 'failed')).toBeNull();
    await append('Asked', 'Asked', 'Asked');
    expect((await host.status()).get('reacting')).toEqual({ position: null, queue: '3' });
  });
});

async function waitFor(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 15 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}
