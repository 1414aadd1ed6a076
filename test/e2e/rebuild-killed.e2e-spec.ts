import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent } from '@folio/platform/event-store/event-store.port';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { defineProjection } from '@folio/platform/projections/projection';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { REBUILD_BATCH_SIZE, rebuildProjections } from '@folio/platform/projections/rebuild';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { PROCESS_TEST_TIMEOUT_MS } from '../support/processes';

const root = join(__dirname, '..', '..');
/** One full rebuild batch committed to the rebuild's file, and the process killed inside the next. */
const EVENTS = REBUILD_BATCH_SIZE + 600;
const STUCK_AT = REBUILD_BATCH_SIZE + 100;
const NOTES = { name: 'notes', indexes: [['group']], textIndex: { fields: { text: 1 } } };

const notes = (word: string) =>
  defineProjection<{ type: 'Noted'; data: { n: number } }>('notes', [NOTES], {
    Noted: async ({ data }, tx) => tx.upsert(NOTES.name, { id: `note${data.n}`, group: data.n % 10, text: `${word} ${data.n}` }),
  });

const noted = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'Noted',
  data: { n },
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

/**
 * The built rebuild in a process of its own, over the same files, with a projection that says when it is
 * in the middle of the load (after a committed batch, inside the next one) and then waits forever.
 */
const childScript = (dataDir: string) => `
const { join } = require('node:path');
const dist = (p) => require(join(${JSON.stringify(join(root, 'dist/libs/platform/src'))}, p));
const { SqliteEventStore } = dist('event-store/sqlite/sqlite-event-store');
const { SqliteReadStore } = dist('read-store/sqlite/sqlite-read-store');
const { defineProjection } = dist('projections/projection');
const { rebuildProjections } = dist('projections/rebuild');
const dir = ${JSON.stringify(dataDir)};
const projection = defineProjection('notes', [${JSON.stringify(NOTES)}], {
  Noted: async ({ data }, tx) => {
    if (data.n === ${STUCK_AT}) {
      process.stderr.write('mid-load\\n');
      await new Promise(() => undefined);
    }
    await tx.upsert('notes', { id: 'note' + data.n, group: data.n % 10, text: 'rebuilt ' + data.n });
  },
});
void rebuildProjections(new SqliteEventStore(join(dir, 'events.db')), new SqliteReadStore(join(dir, 'read.db')), [projection]);
`;

describe('a rebuild killed in the middle of its load', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-rebuild-killed-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves the live read models untouched and serving, and the next rebuild starts clean', async () => {
    const events = new SqliteEventStore(join(dir, 'events.db'));
    const reads = new SqliteReadStore(join(dir, 'read.db'));
    const objects = new SqliteObjectStore(join(dir, 'events.db'));
    for (let from = 0; from < EVENTS; from += 1000) {
      await events.append(`note-${from}`, Array.from({ length: Math.min(1000, EVENTS - from) }, (_, i) => noted(from + i)), 'no-stream');
    }
    await new ProjectionRunner(events, reads, [notes('live')]).catchUp();
    const before = (await reads.find(NOTES.name, { limit: EVENTS + 10 })).items;
    const checkpoint = await reads.checkpoint('notes');

    const child = spawn(process.execPath, ['-e', childScript(dir)], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('mid-load')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the rebuild exited with ${code} before it was killed:\n${text}`)));
    });
    // Mid-load: the rebuild's own file holds its first batch.
    const rebuildFile = join(dir, 'read.db.rebuild');
    const partial = new Database(rebuildFile, { readonly: true });
    expect((partial.prepare('SELECT COUNT(*) AS n FROM c_notes').get() as { n: number }).n).toBe(REBUILD_BATCH_SIZE);
    partial.close();
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect((await reads.find(NOTES.name, { limit: EVENTS + 10 })).items).toEqual(before);
    expect(await reads.checkpoint('notes')).toBe(checkpoint);
    const observer = new Database(join(dir, 'read.db'), { readonly: true });
    const matches = (word: string) => (observer.prepare('SELECT COUNT(*) AS n FROM ft_c_notes WHERE ft_c_notes MATCH ?').get(word) as { n: number }).n;
    expect(matches('live')).toBe(EVENTS);
    expect(matches('rebuilt')).toBe(0);
    await events.append('note-late', [noted(EVENTS)], 'no-stream');
    await new ProjectionRunner(events, reads, [notes('live')]).catchUp();
    expect(await reads.get(NOTES.name, `note${EVENTS}`)).toMatchObject({ text: `live ${EVENTS}` });

    // The next rebuild throws the leftover away and swaps in a whole one.
    expect(existsSync(rebuildFile)).toBe(true);
    const result = await rebuildProjections(events, reads, [notes('rebuilt')], objects);
    expect(result.events).toBe(EVENTS + 1);
    expect(existsSync(rebuildFile)).toBe(false);
    expect(matches('rebuilt')).toBe(EVENTS + 1);
    expect(matches('live')).toBe(0);
    observer.close();
    await objects.close();
    await reads.close();
    await events.close();
  }, PROCESS_TEST_TIMEOUT_MS);
});
