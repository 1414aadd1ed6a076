import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
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
});
