import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../libs/platform/src/event-store/sqlite/sqlite-event-store';
import { eventStoreContract } from './event-store.contract';

eventStoreContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-es-'));
  const file = join(dir, 'events.db');
  return {
    open: async () => new SqliteEventStore(file),
    openSecond: async () => new SqliteEventStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite event store', () => {
  it('has an empty head on an empty log and survives reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-es-'));
    const file = join(dir, 'events.db');
    const store = new SqliteEventStore(file);
    expect(await store.headPosition()).toBeNull();
    const { position } = await store.append('test-1', [
      { eventId: 'e1', type: 'A', data: {}, metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } },
    ], 'no-stream');
    await store.close();
    const reopened = new SqliteEventStore(file);
    expect(await reopened.headPosition()).toBe(position);
    expect(await reopened.readStream('test-1')).toHaveLength(1);
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("hears another process's appends within 100 ms (median of 5)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-es-'));
    const file = join(dir, 'events.db');
    const [listening, writing] = [new SqliteEventStore(file), new SqliteEventStore(file)];
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const heard = new Promise<void>((resolve) => {
        const stop = listening.onAppended(() => {
          stop();
          resolve();
        });
      });
      const before = performance.now();
      await writing.append(`test-${i}`, [
        { eventId: `e${i}`, type: 'A', data: {}, metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } },
      ], 'no-stream');
      await heard;
      delays.push(performance.now() - before);
    }
    delays.sort((a, b) => a - b);
    expect(delays[2]).toBeLessThan(100);
    await listening.close();
    await writing.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
