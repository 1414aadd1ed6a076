import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent } from '@folio/platform/event-store/event-store.port';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { TAIL_CHARACTERS, TAIL_EVENTS } from '@folio/platform/event-store/sqlite/log-tail';
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

const newEvent = (n: number, data: Record<string, unknown> = {}): NewEvent => ({
  eventId: `e${n}-${Math.random()}`,
  type: 'A',
  data: { n, ...data },
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

/** readAll answers from the tail of parsed events it keeps: whatever it held, answers equal a fresh connection's. */
describe('SQLite event store: the parsed tail of the log', () => {
  let dir: string;
  let store: SqliteEventStore;
  let other: SqliteEventStore;
  let n = 0;
  const appendTo = async (s: SqliteEventStore, count: number, data: Record<string, unknown> = {}) => {
    await s.append(`t-${n}`, Array.from({ length: count }, () => newEvent(n++, data)), 'no-stream');
  };
  /** The same read through a store that never read before (no tail). */
  const fresh = async (after: string | null, limit: number) => {
    const reader = new SqliteEventStore(join(dir, 'events.db'));
    try {
      return await reader.readAll(after, limit);
    } finally {
      await reader.close();
    }
  };

  beforeEach(() => {
    n = 0;
    dir = mkdtempSync(join(tmpdir(), 'folio-es-tail-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    other = new SqliteEventStore(join(dir, 'events.db'));
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers reads inside, across and past the held events as the file does, appends of another connection included', async () => {
    await appendTo(store, 5);
    const first = await store.readAll(null, 3);
    expect(first.map((e) => e.data.n)).toEqual([0, 1, 2]);
    await appendTo(other, 4); // another process: only the file knows them
    for (const [after, limit] of [[null, 100], [first[0].position, 2], [first[2].position, 100], [first[1].position, 1]] as const) {
      expect(await store.readAll(after, limit)).toEqual(await fresh(after, limit));
    }
    const head = await store.headPosition();
    expect(await store.readAll(head, 10)).toEqual([]);
    await appendTo(store, 2);
    expect(await store.readAll(head, 10)).toEqual(await fresh(head, 10));
    expect((await store.readAll(head, 10)).map((e) => e.data.n)).toEqual([9, 10]);
  });

  it('asks the file again once the log moved after a read that reached its head: appends of another connection, then its own', async () => {
    await appendTo(store, 3);
    const head = await store.headPosition();
    expect(await store.readAll(null, 10)).toHaveLength(3); // reached the head
    expect(await store.readAll(head, 10)).toEqual([]); // nothing committed since: answered from the tail
    await appendTo(other, 2);
    const theirs = await store.readAll(head, 10);
    expect(theirs.map((e) => e.data.n)).toEqual([3, 4]);
    expect(await store.readAll(theirs[1].position, 10)).toEqual([]);
    await appendTo(store, 1);
    expect((await store.readAll(theirs[1].position, 10)).map((e) => e.data.n)).toEqual([5]);
    expect(await store.readAll(null, 10)).toEqual(await fresh(null, 10));
  });

  it('reads behind what it holds from the file once the oldest events were dropped', async () => {
    await appendTo(store, TAIL_EVENTS + 10);
    const all = await store.readAll(null, TAIL_EVENTS + 10);
    expect(all).toHaveLength(TAIL_EVENTS + 10);
    // The first events were dropped from the tail; reading them again goes to the file.
    expect(await store.readAll(all[0].position, 5)).toEqual(await fresh(all[0].position, 5));
    expect(await store.readAll(all[TAIL_EVENTS].position, 100)).toEqual(await fresh(all[TAIL_EVENTS].position, 100));
  });

  it('holds few characters: large events are read again from the file, the answers unchanged', async () => {
    const large = 'x'.repeat(Math.ceil(TAIL_CHARACTERS / 3));
    await appendTo(store, 5, { large });
    const all = await store.readAll(null, 10);
    expect(all).toHaveLength(5);
    for (const e of all) expect(await store.readAll(e.position, 10)).toEqual(await fresh(e.position, 10));
    expect(await store.readAll(null, 10)).toEqual(all);
  });
});

/** readStreamAfter answers from what this connection knows of a stream's end while no other connection committed. */
describe('SQLite event store: the streams whose end it knows', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-es-heads-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sees what another connection appended after a read or an append of its own told it where the stream ended', async () => {
    const store = new SqliteEventStore(join(dir, 'events.db'));
    const other = new SqliteEventStore(join(dir, 'events.db'));
    try {
      await store.append('s-1', [newEvent(1)], 'no-stream');
      expect(await store.readStreamAfter('s-1', 0n)).toEqual([]);
      await other.append('s-1', [newEvent(2)], 0n);
      expect((await store.readStreamAfter('s-1', 0n)).map((e) => [e.data.n, e.revision])).toEqual([[2, 1n]]);
      expect(await store.readStreamAfter('s-1', 1n)).toEqual([]);
      await other.append('s-1', [newEvent(3)], 1n);
      expect((await store.readStreamAfter('s-1', 1n)).map((e) => e.data.n)).toEqual([3]);
      // Its own appends move what it knows, whatever the stream: another stream's append does not hide this one's.
      await store.append('s-1', [newEvent(4)], 2n);
      await store.append('s-2', [newEvent(5)], 'no-stream');
      expect((await store.readStreamAfter('s-1', 2n)).map((e) => e.data.n)).toEqual([4]);
      expect((await store.readStreamAfter('s-1', 0n)).map((e) => e.data.n)).toEqual([2, 3, 4]);
    } finally {
      await store.close();
      await other.close();
    }
  });
});
