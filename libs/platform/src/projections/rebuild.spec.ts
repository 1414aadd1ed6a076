import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { SqliteObjectStore } from '../object-store/sqlite/sqlite-object-store';
import { Doc } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { defineProjection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { REBUILD_BATCH_SIZE, rebuildProjections } from './rebuild';

type Noted = { type: 'Noted'; data: { n: number } };
type Note = Doc & { group: number; text: string };

/** Past two rebuild batches, so a failure in the second one comes after a committed first one. */
const EVENTS = REBUILD_BATCH_SIZE * 2 + 500;
const NOTES = { name: 'notes', indexes: [['group']], textIndex: { fields: { text: 1 } } };

/** The same projection, writing `word` into each note: what a rebuild wrote is told from what was live. */
const notes = (word: string, failAt?: number) =>
  defineProjection<Noted>('notes', [NOTES], {
    Noted: async ({ data }, tx) => {
      if (data.n === failAt) throw new Error(`projection failed at ${failAt}`);
      await tx.upsert(NOTES.name, { id: `note${data.n}`, group: data.n % 10, text: `${word} ${data.n}` });
    },
  });

const noted = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'Noted',
  data: { n },
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('rebuildProjections into SQLite', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let objects: SqliteObjectStore;
  /** The live file, as another process sees it. */
  let observer: Database.Database;
  const matches = (word: string) =>
    (observer.prepare(`SELECT COUNT(*) AS n FROM ft_c_notes WHERE ft_c_notes MATCH ?`).get(word) as { n: number }).n;
  const allNotes = async () => (await reads.find<Note>(NOTES.name, { limit: EVENTS + 10 })).items;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-rebuild-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    objects = new SqliteObjectStore(join(dir, 'events.db'));
    for (let from = 0; from < EVENTS; from += 1000) {
      await events.append(`note-${from}`, Array.from({ length: Math.min(1000, EVENTS - from) }, (_, i) => noted(from + i)), 'no-stream');
    }
    await new ProjectionRunner(events, reads, [notes('live')]).catchUp();
    observer = new Database(join(dir, 'read.db'), { readonly: true });
  });

  afterEach(async () => {
    observer.close();
    await objects.close();
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the live read models untouched and serving when a projection throws mid-load', async () => {
    const before = await allNotes();
    const checkpoint = await reads.checkpoint('notes');
    const swapped = jest.fn();
    reads.onSwap(swapped);

    const failing = rebuildProjections(events, reads, [notes('rebuilt', REBUILD_BATCH_SIZE + 100)], objects);
    await expect(failing).rejects.toThrow(`projection failed at ${REBUILD_BATCH_SIZE + 100}`);

    expect(await allNotes()).toEqual(before);
    expect(await reads.checkpoint('notes')).toBe(checkpoint);
    expect(matches('live')).toBe(EVENTS);
    expect(matches('rebuilt')).toBe(0);
    expect(swapped).not.toHaveBeenCalled();
    // The abandoned rebuild's file is gone, and the live store still takes the runner's writes.
    expect(existsSync(join(dir, 'read.db.rebuild'))).toBe(false);
    await events.append('note-late', [noted(EVENTS)], 'no-stream');
    await new ProjectionRunner(events, reads, [notes('live')]).catchUp();
    expect(await reads.get(NOTES.name, `note${EVENTS}`)).toMatchObject({ text: `live ${EVENTS}` });
  });

  it('swaps in collections with their indexes and text index built, which then follow live writes', async () => {
    const swapped = jest.fn();
    reads.onSwap(swapped);
    const result = await rebuildProjections(events, reads, [notes('rebuilt')], objects);
    expect(result.events).toBe(EVENTS);
    expect(swapped).toHaveBeenCalledTimes(1);
    expect(await reads.get(NOTES.name, 'note7')).toEqual({ id: 'note7', group: 7, text: 'rebuilt 7' });
    expect(await reads.count(NOTES.name, { group: 3 })).toBe(EVENTS / 10);
    expect(await reads.checkpoint('notes')).toBe(await events.headPosition());
    const plan = observer.prepare(`EXPLAIN QUERY PLAN SELECT id FROM c_notes WHERE json_extract(doc, '$.group') = 3`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join()).toMatch(/USING (COVERING )?INDEX ix_c_notes_/);
    expect(matches('rebuilt')).toBe(EVENTS);
    expect(matches('live')).toBe(0);
    expect(existsSync(join(dir, 'read.db.rebuild'))).toBe(false);

    // The triggers came with the table: a live write after the swap reaches the text index.
    await events.append('note-late', [noted(EVENTS)], 'no-stream');
    await new ProjectionRunner(events, reads, [notes('late')]).catchUp();
    expect(matches('late')).toBe(1);
  });
});
