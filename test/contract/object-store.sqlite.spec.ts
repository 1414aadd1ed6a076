import Database from 'better-sqlite3';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { objectStoreContract } from './object-store.contract';

objectStoreContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-objects-'));
  const file = join(dir, 'events.db');
  return {
    open: async () => new SqliteObjectStore(file),
    openSecond: async () => new SqliteObjectStore(file),
    plant: async (hash, bytes) => {
      const db = new Database(file);
      try {
        db.prepare('INSERT OR REPLACE INTO content_objects (hash, bytes) VALUES (?, ?)').run(hash, bytes);
      } finally {
        db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite content object store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-objects-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its objects in the event store file, apart from the log', async () => {
    const file = join(dir, 'events.db');
    const events = new SqliteEventStore(file);
    const objects = new SqliteObjectStore(file);
    const { position } = await events.append('test-1', [{
      eventId: randomUUID(), type: 'A', data: {},
      metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
    }], 'no-stream');
    const [hash] = await objects.put([randomBytes(1000)]);
    // Objects are not events: the log, its head and its readers see nothing of them.
    expect(await events.headPosition()).toBe(position);
    expect((await events.readAll(null, 100)).map((e) => e.stream)).toEqual(['test-1']);
    await objects.close();
    await events.close();

    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT hash FROM content_objects').all()).toEqual([{ hash }]);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('survives reopening', async () => {
    const file = join(dir, 'events.db');
    const store = new SqliteObjectStore(file);
    const bytes = randomBytes(1000);
    const [hash] = await store.put([bytes]);
    await store.close();
    const reopened = new SqliteObjectStore(file);
    expect(await reopened.get(hash)).toEqual(bytes);
    await reopened.close();
  });
});
