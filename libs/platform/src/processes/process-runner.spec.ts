import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent, StoredEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { CheckpointFollower } from '../projections/projection-progress';
import { ProjectionRunner } from '../projections/projection-runner';
import { ProcessHost } from './process-host';
import { ProcessManager, ProcessRunner } from './process-runner';

const NAME = 'test-process';

/** Polls `condition` (bounded: 15 s) until it holds. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const event = (type: string): NewEvent => ({
  eventId: randomUUID(),
  type,
  data: {},
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

/** Reacts to `Asked` by noting the event; `failOn` makes the reaction to one position throw, as a crash would. */
function recorder(failOn?: () => string | null): ProcessManager & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: NAME,
    seen,
    handlers: {
      Asked: async (e: StoredEvent) => {
        if (failOn?.() === e.position) throw new Error('crashed mid-reaction');
        seen.push(e.position);
      },
      /** Looked at, and found nothing to do. */
      Glanced: async (e: StoredEvent) => {
        seen.push(e.position);
        return false;
      },
    },
  };
}

describe('process runner', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-process-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const append = async (...types: string[]) => (await events.append(`s-${randomUUID()}`, types.map(event), 'no-stream')).position;
  const run = async (process: ProcessManager, batchSize = 500) => {
    const runner = new ProcessRunner(events, reads, process, { batchSize });
    await runner.start();
    await runner.stop();
  };

  it('reacts to each event it handles once, in order, and its checkpoint moves past them', async () => {
    const first = await append('Asked');
    const second = await append('Asked');
    const process = recorder();
    await run(process);
    expect(process.seen).toEqual([first, second]);
    expect(await reads.checkpoint(NAME)).toBe(second);
    await run(process);
    expect(process.seen).toEqual([first, second]);
  });

  it('reads its checkpoint and the log once per append it works through: a short read reached the head', async () => {
    const process = recorder();
    const runner = new ProcessRunner(events, reads, process, { batchSize: 2 });
    await runner.start();
    const checkpointReads = jest.spyOn(reads, 'checkpoint');
    for (let i = 0; i < 3; i++) {
      const position = await append('Asked');
      await until(() => process.seen.includes(position));
    }
    expect(checkpointReads).toHaveBeenCalledTimes(3);
    // A full batch (2) is followed by another read: it finds the third event.
    checkpointReads.mockClear();
    const last = (await events.append('s-many', [event('Asked'), event('Asked'), event('Asked')], 'no-stream')).position;
    await until(() => process.seen.includes(last));
    expect(checkpointReads).toHaveBeenCalledTimes(2);
    await runner.stop();
    expect(await reads.checkpoint(NAME)).toBe(last);
  });

  it('re-runs a reaction that did not finish, at the next start, and only that one', async () => {
    const done = await append('Asked');
    const cut = await append('Asked');
    let failing: string | null = cut;
    const process = recorder(() => failing);
    await run(process);
    expect(process.seen).toEqual([done]);
    expect(await reads.checkpoint(NAME)).toBe(done);
    failing = null;
    await run(process);
    expect(process.seen).toEqual([done, cut]);
  });

  it('does not write its checkpoint for events it ignores until a batch of them has gathered', async () => {
    const asked = await append('Asked');
    await append('Other', 'Other');
    const process = recorder();
    await run(process, 3);
    expect(await reads.checkpoint(NAME)).toBe(asked);
    const third = await append('Other');
    await run(process, 3);
    expect(await reads.checkpoint(NAME)).toBe(third);
    expect(process.seen).toEqual([asked]);
  });

  it('moves past ignored events with its next reaction', async () => {
    await append('Other', 'Other');
    const asked = await append('Asked');
    const process = recorder();
    await run(process);
    expect(await reads.checkpoint(NAME)).toBe(asked);
    expect(process.seen).toEqual([asked]);
  });

  it('counts an event whose reaction wrote nothing (false) as ignored: no checkpoint write of its own', async () => {
    const asked = await append('Asked');
    const glanced = await append('Glanced', 'Glanced');
    const process = recorder();
    await run(process, 3);
    expect(await reads.checkpoint(NAME)).toBe(asked);
    expect(process.seen).toEqual([asked, expect.any(String), glanced]);
    const third = await append('Glanced');
    await run(process, 3);
    expect(await reads.checkpoint(NAME)).toBe(third);
  });

  describe('status through the host (the process queues /metrics reports)', () => {
    it('counts what a running process has yet to work through, its unsaved idle events as worked', async () => {
      const host = new ProcessHost(new ProjectionRunner(events, reads, []), events, reads);
      await append('Asked');
      const idle = await append('Other', 'Other', 'Other');
      // Started with 'await': resolves once the log as it stands has been read. The idle events past the
      // reaction are not saved (less than a batch), yet they are worked through.
      const running = await host.start(recorder(), 'failed');
      expect(await reads.checkpoint(NAME)).not.toBe(idle);
      expect((await host.status()).get(NAME)).toEqual({ position: idle, queue: '0' });
      await running!.stop();
      await append('Asked', 'Other');
      expect((await host.status()).get(NAME)).toEqual({ position: idle, queue: '2' });
    });

    it('reports a process it does not run here from its checkpoint, which another instance moves', async () => {
      const host = new ProcessHost(new CheckpointFollower(events, reads, []), events, reads);
      expect(await host.start(recorder(), 'failed')).toBeNull();
      await append('Asked', 'Asked', 'Asked');
      expect((await host.status()).get(NAME)).toEqual({ position: null, queue: '3' });
    });
  });
});
