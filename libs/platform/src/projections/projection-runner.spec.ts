import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { ProjectionBatch, SwapInProgress } from '../read-store/read-store.port';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteObjectStore } from '../object-store/sqlite/sqlite-object-store';
import { defineProjection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjections } from './rebuild';

type Tick = { type: 'Ticked'; data: { n: number } };

/** Counts how often each event was applied: a double application shows as a count above one. */
const counting = defineProjection<Tick>('counting', [{ name: 'ticks', indexes: [] }], {
  Ticked: async (event, tx) => {
    const doc = await tx.get<{ id: string; applied: number; n: number }>('ticks', event.eventId);
    await tx.upsert('ticks', { id: event.eventId, n: event.data.n, applied: (doc?.applied ?? 0) + 1 });
  },
});

const tick = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'Ticked',
  data: { n },
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('projection runner', () => {
  let dir: string;
  const open = () => ({ events: new SqliteEventStore(join(dir, 'events.db')), reads: new SqliteReadStore(join(dir, 'read.db')) });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-runner-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every event exactly once when two processes project the same store', async () => {
    const a = open();
    const b = open();
    for (let i = 0; i < 50; i++) await a.events.append(`tick-${i % 7}`, [tick(i), tick(i + 1000)], 'any');
    const runners = [new ProjectionRunner(a.events, a.reads, [counting], { batchSize: 7 }), new ProjectionRunner(b.events, b.reads, [counting], { batchSize: 5 })];
    await Promise.all(runners.map((r) => r.catchUp()));
    const docs = (await a.reads.find<{ id: string; applied: number }>('ticks', { limit: 1000 })).items;
    expect(docs).toHaveLength(100);
    expect(docs.every((d) => d.applied === 1)).toBe(true);
    expect(await a.reads.checkpoint('counting')).toBe(await a.events.headPosition());
    for (const s of [a, b]) {
      await s.events.close();
      await s.reads.close();
    }
  });

  it('reads the stored checkpoints again only after a batch finds one moved by another process, applying each event once', async () => {
    const a = open();
    const b = open();
    const runner = new ProjectionRunner(a.events, a.reads, [counting]);
    const storedReads = jest.spyOn(a.reads, 'checkpoints');
    const appendTwo = async (i: number) => a.events.append(`tick-${i}`, [tick(i), tick(i + 1000)], 'no-stream');
    await appendTwo(1);
    await runner.catchUp();
    await appendTwo(2);
    await runner.catchUp();
    // The first pass read them; every later one used what its own commits left.
    expect(storedReads).toHaveBeenCalledTimes(1);
    // Another process projects the next events: this runner's checkpoint in memory is now behind the store's.
    await appendTwo(3);
    await new ProjectionRunner(b.events, b.reads, [counting]).catchUp();
    await appendTwo(4);
    await runner.catchUp();
    expect(storedReads).toHaveBeenCalledTimes(2);
    const docs = (await a.reads.find<{ id: string; applied: number }>('ticks', { limit: 1000 })).items;
    expect(docs).toHaveLength(8);
    expect(docs.every((d) => d.applied === 1)).toBe(true);
    expect(await a.reads.checkpoint('counting')).toBe(await a.events.headPosition());
    for (const s of [a, b]) {
      await s.events.close();
      await s.reads.close();
    }
  });

  it('reads the log once per append it projects: a short read reached the head, and a wait adds no pass', async () => {
    const { events, reads } = open();
    const runner = new ProjectionRunner(events, reads, [counting], { batchSize: 3 });
    await runner.start();
    const logReads = jest.spyOn(events, 'readAll');
    for (let i = 0; i < 4; i++) {
      const { position } = await events.append(`tick-${i}`, [tick(i)], 'no-stream');
      expect(await runner.waitFor(position, 15_000)).toBe(true);
    }
    expect(logReads).toHaveBeenCalledTimes(4);
    // Four events at once: a full batch (3) is followed by another read, which finds the last one.
    logReads.mockClear();
    const { position } = await events.append('tick-4', [tick(4), tick(5), tick(6), tick(7)], 'no-stream');
    expect(await runner.waitFor(position, 15_000)).toBe(true);
    expect(logReads).toHaveBeenCalledTimes(2);
    const docs = (await reads.find<{ id: string; applied: number }>('ticks', { limit: 100 })).items;
    expect(docs).toHaveLength(8);
    expect(docs.every((d) => d.applied === 1)).toBe(true);
    await runner.stop();
    await events.close();
    await reads.close();
  });

  it('projects an append made while its pass runs, the pass having read before it', async () => {
    const { events, reads } = open();
    const runner = new ProjectionRunner(events, reads, [counting]);
    await runner.start();
    // The next pass's commit waits until a second append has landed (and notified) after the pass read the log.
    let second: Promise<{ position: string }> | null = null;
    const transactionAll = reads.transactionAll.bind(reads);
    reads.transactionAll = async (batches: ProjectionBatch[]) => {
      if (!second) {
        second = events.append('tick-2', [tick(2)], 'no-stream');
        await second;
      }
      return transactionAll(batches);
    };
    const first = await events.append('tick-1', [tick(1)], 'no-stream');
    expect(await runner.waitFor(first.position, 15_000)).toBe(true);
    expect(await runner.waitFor((await second!).position, 15_000)).toBe(true);
    expect(await reads.checkpoint('counting')).toBe(await events.headPosition());
    await runner.stop();
    await events.close();
    await reads.close();
  });

  it('resolves waitFor once an append is projected, and false on timeout when nothing runs', async () => {
    const { events, reads } = open();
    const idle = new ProjectionRunner(events, reads, [counting]);
    const { position } = await events.append('tick-1', [tick(1)], 'no-stream');
    expect(await idle.waitFor(position, 50)).toBe(false);
    const runner = new ProjectionRunner(events, reads, [counting]);
    await runner.start();
    const next = await events.append('tick-1', [tick(2)], 0n);
    expect(await runner.waitFor(next.position, 2000)).toBe(true);
    expect(await reads.checkpoint('counting')).toBe(next.position);
    await runner.stop();
    await events.close();
    await reads.close();
  });

  it('waits out a rebuild swap that refuses its batches (MongoDB), then applies them once, reporting nothing', async () => {
    const { events, reads } = open();
    await events.append('tick-1', [tick(1), tick(2)], 'no-stream');
    // The store refuses as MongoDB's does while a swap holds the checkpoints: before applying anything.
    let refusals = 2;
    const transactionAll = reads.transactionAll.bind(reads);
    reads.transactionAll = async (batches: ProjectionBatch[]) => {
      if (refusals-- > 0) throw new SwapInProgress();
      return transactionAll(batches);
    };
    const errors: unknown[] = [];
    await new ProjectionRunner(events, reads, [counting], { onError: (_name, error) => errors.push(error) }).catchUp();
    expect(refusals).toBeLessThan(0);
    expect(errors).toEqual([]);
    const docs = (await reads.find<{ id: string; applied: number }>('ticks', { limit: 10 })).items;
    expect(docs.map((d) => d.applied)).toEqual([1, 1]);
    expect(await reads.checkpoint('counting')).toBe(await events.headPosition());
    await events.close();
    await reads.close();
  });

  it('rolls back a failing batch, reports it, and does not move past it', async () => {
    const { events, reads } = open();
    const failing = defineProjection<Tick>('failing', [{ name: 'fails', indexes: [] }], {
      Ticked: async (event, tx) => {
        await tx.upsert('fails', { id: event.eventId });
        if (event.data.n === 2) throw new Error('bad event');
      },
    });
    await events.append('tick-1', [tick(1), tick(2)], 'no-stream');
    const errors: string[] = [];
    const runner = new ProjectionRunner(events, reads, [failing], { onError: (name) => errors.push(name) });
    await expect(runner.catchUp()).rejects.toThrow('bad event');
    expect(errors).toEqual(['failing']);
    expect(await reads.checkpoint('failing')).toBeNull();
    expect((await reads.find('fails', { limit: 10 })).items).toEqual([]);
    await events.close();
    await reads.close();
  });

  it('keeps healthy projections moving when another one fails', async () => {
    const { events, reads } = open();
    const broken = defineProjection<Tick>('broken', [{ name: 'broken', indexes: [] }], {
      Ticked: async () => {
        throw new Error('always fails');
      },
    });
    await events.append('tick-1', [tick(1), tick(2)], 'no-stream');
    const errors: string[] = [];
    const runner = new ProjectionRunner(events, reads, [broken, counting], { onError: (name) => errors.push(name) });
    await expect(runner.catchUp()).rejects.toThrow('always fails');
    expect(errors).toEqual(['broken']);
    expect(await reads.checkpoint('counting')).toBe(await events.headPosition());
    expect(await reads.checkpoint('broken')).toBeNull();
    expect(await runner.waitFor((await events.headPosition())!, 50)).toBe(false);
    await events.close();
    await reads.close();
  });

  it('lets a projection read the content objects events name, live and in a rebuild', async () => {
    const { events, reads } = open();
    const objects = new SqliteObjectStore(join(dir, 'events.db'));
    const [hash] = await objects.put([Buffer.from('hello')]);
    type Named = { type: 'Named'; data: { object: string } };
    const reading = defineProjection<Named>('reading', [{ name: 'named', indexes: [] }], {
      Named: async (event, tx, { objects: store }) =>
        tx.upsert('named', { id: event.eventId, text: (await store.get(event.data.object))!.toString('utf8') }),
    });
    await events.append('named-1', [{ ...tick(0), type: 'Named', data: { object: hash } }], 'no-stream');
    await new ProjectionRunner(events, reads, [reading], { objects }).catchUp();
    expect((await reads.find('named', { limit: 10 })).items.map((d) => d.text)).toEqual(['hello']);
    await rebuildProjections(events, reads, [reading], objects);
    expect((await reads.find('named', { limit: 10 })).items.map((d) => d.text)).toEqual(['hello']);
    await objects.close();
    await events.close();
    await reads.close();
  });

  it('rebuilds a projection from scratch to the same documents', async () => {
    const { events, reads } = open();
    for (let i = 0; i < 20; i++) await events.append(`tick-${i}`, [tick(i)], 'no-stream');
    await new ProjectionRunner(events, reads, [counting]).catchUp();
    const before = (await reads.find('ticks', { limit: 100 })).items;
    const objects = new SqliteObjectStore(join(dir, 'events.db'));
    const result = await rebuildProjections(events, reads, [counting], objects);
    expect(result.events).toBe(20);
    expect((await reads.find('ticks', { limit: 100 })).items).toEqual(before);
    await objects.close();
    await events.close();
    await reads.close();
  });
});
