import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { NewEvent } from '../event-store/event-store.port';
import { walCheckpointerFor, walCheckpointerOfFile, WalCheckpointer, WalLimits } from './wal-checkpointer';

const KiB = 1024;
let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-wal-'));
  file = join(dir, 'test.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const walBytes = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
const workerOf = (checkpointer: WalCheckpointer) => (checkpointer as unknown as { worker: Worker | null }).worker;

/** A WAL connection with a table of 4 KiB rows, registered with the file's checkpointer. */
function openRaw(limits: WalLimits) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS rows (n INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
  const wal = walCheckpointerFor(db, limits);
  const insert = db.prepare('INSERT INTO rows (payload) VALUES (?)');
  /** One commit, the way the stores write: wait while the WAL is at its cap, measure after. */
  const write = async () => {
    await wal.writable();
    insert.run('x'.repeat(4 * KiB));
    wal.committed();
  };
  const count = () => (db.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n;
  return { db, wal, write, count };
}

const event = (n: number): NewEvent => ({
  eventId: `e${n}`,
  type: 'Written',
  data: { n, text: 'y'.repeat(2 * KiB) },
  metadata: { actor: 'system', source: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
});

describe('WAL checkpointer', () => {
  it('turns automatic checkpoints off and starts no thread while the WAL stays under its threshold', async () => {
    const { db, wal, write } = openRaw({ checkpointBytes: 1024 * KiB, capBytes: 4096 * KiB });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(0);
    for (let i = 0; i < 20; i++) await write();
    expect(walBytes()).toBeGreaterThan(0);
    expect(workerOf(wal)).toBeNull();
    await wal.close(db);
  });

  it('runs a PASSIVE checkpoint on its thread once the WAL passes the threshold, after which the WAL restarts small', async () => {
    const limits = { checkpointBytes: 64 * KiB, capBytes: 64 * 1024 * KiB };
    const { db, wal, write, count } = openRaw(limits);
    while (walBytes() < limits.checkpointBytes) await write();
    await wal.idle(); // the thread's acknowledgement
    expect(wal.completed.PASSIVE).toBe(1);
    expect(wal.completed.TRUNCATE).toBe(0);
    // Every frame was copied: the next commit starts the WAL over and cuts the file back to what it wrote.
    await write();
    expect(walBytes()).toBeLessThan(limits.checkpointBytes / 2);
    // So the commits after it ask for no checkpoint until the WAL holds the threshold again.
    await write();
    await wal.idle();
    expect(wal.completed.PASSIVE).toBe(1);
    const written = count();
    await wal.close(db);
    const reopened = new Database(file);
    expect((reopened.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n).toBe(written);
    reopened.close();
  }, 60_000);

  it('asks for the next PASSIVE checkpoint once the WAL holds the threshold past what the last one copied', async () => {
    const limits = { checkpointBytes: 64 * KiB, capBytes: 64 * 1024 * KiB };
    const { db, wal, write } = openRaw(limits);
    const perWrite = async () => {
      const before = walBytes();
      await write();
      return walBytes() - before;
    };
    const first = await perWrite();
    while (walBytes() + first < limits.checkpointBytes) await write();
    // A reader's snapshot from before the write that crosses the threshold: the checkpoint copies up to it,
    // not that write, so the WAL cannot restart and its file only grows.
    const reader = new Database(file);
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM rows').get();
    await write();
    await wal.idle();
    expect(wal.completed.PASSIVE).toBe(1);
    // Uncopied: the crossing write and these, well under the threshold, in a file past it.
    const writes = Math.floor(limits.checkpointBytes / first / 2);
    for (let i = 0; i < writes; i++) {
      await write();
      await wal.idle();
    }
    expect(walBytes()).toBeGreaterThan(limits.checkpointBytes);
    expect(wal.completed.PASSIVE).toBe(1);
    reader.exec('COMMIT');
    reader.close();
    await wal.close(db);
  }, 60_000);

  it('keeps the event store WAL under its cap while writing far more than the cap, appends waiting for TRUNCATE', async () => {
    // Threshold and cap equal: every crossing is a TRUNCATE the writers wait for (the path a starved PASSIVE ends on).
    const limits = { checkpointBytes: 256 * KiB, capBytes: 256 * KiB };
    const store = new SqliteEventStore(file, { wal: limits });
    const wal = walCheckpointerOfFile(file)!;
    let largest = 0;
    let n = 0;
    for (let round = 0; round < 100; round++) {
      // 20 appends in one turn: one group commit of about 50 KiB.
      await Promise.all(Array.from({ length: 20 }, () => store.append(`test-${n % 7}`, [event(n++)], 'any')));
      largest = Math.max(largest, walBytes());
    }
    // 2,000 events of 2 KiB: the WAL would have grown past 4 MiB; it exceeded its cap by at most one group.
    expect(largest).toBeLessThanOrEqual(limits.capBytes + 192 * KiB);
    expect(wal.completed.TRUNCATE).toBeGreaterThanOrEqual(5);
    const all = await store.readAll(null, 10_000);
    expect(all.map((e) => e.data)).toEqual(Array.from({ length: 2000 }, (_, i) => event(i).data));
    await store.close();
  }, 60_000);

  it('stops its thread on close after a last checkpoint: no WAL is left behind', async () => {
    const { db, wal, write } = openRaw({ checkpointBytes: 64 * KiB, capBytes: 64 * 1024 * KiB });
    while (walBytes() < 64 * KiB) await write();
    await wal.idle();
    const worker = workerOf(wal)!;
    const exited = new Promise<number>((done) => worker.once('exit', done));
    await write(); // frames the thread has not copied yet
    await wal.close(db);
    expect(await exited).toBe(0);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(walCheckpointerOfFile(file)).toBeUndefined();
  }, 60_000);

  it('survives its thread being killed, mid-checkpoint or idle: writes go on, the cap holds, the data is intact', async () => {
    const limits = { checkpointBytes: 128 * KiB, capBytes: 128 * KiB };
    const { db, wal, write, count } = openRaw(limits);
    // Killed while a TRUNCATE the writers wait for is asked for (done or not: it is asked for again).
    while (!wal.writable()) await write();
    await workerOf(wal)!.terminate();
    await wal.writable();
    // Killed while idle: the next checkpoint starts a new thread.
    await wal.idle();
    await workerOf(wal)!.terminate();
    let largest = 0;
    for (let i = 0; i < 300; i++) {
      await write();
      largest = Math.max(largest, walBytes());
    }
    await wal.idle();
    expect(largest).toBeLessThanOrEqual(limits.capBytes + 64 * KiB);
    expect(wal.completed.TRUNCATE).toBeGreaterThanOrEqual(2);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const written = count();
    await wal.close(db);
    const reopened = new Database(file);
    expect((reopened.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n).toBe(written);
    expect(written).toBeGreaterThan(300);
    reopened.close();
  }, 60_000);

  it('gives SQLite its automatic checkpoints back when the thread cannot run, and writers never wait for it', async () => {
    const limits = { checkpointBytes: 64 * KiB, capBytes: 64 * KiB };
    const { db, wal, write, count } = openRaw(limits);
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // The thread opens the file by name: moved away, every thread dies at start.
    renameSync(file, `${file}.moved`);
    while (!wal.writable()) await write();
    await wal.writable(); // opened when the checkpointer gives up
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/checkpoint thread failed 3 times/));
    warn.mockRestore();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    for (let i = 0; i < 50; i++) await write();
    renameSync(`${file}.moved`, file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(count()).toBeGreaterThan(50);
    await wal.close(db);
  }, 60_000);
});
