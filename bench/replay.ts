// Replay, measured on the files the API left behind (it is stopped first: the rebuild should have the
// disk and CPU to itself, and nothing else may write the read store). The baseline is a raw scan of the
// event table: the cost of reading the log, without decoding, projecting or writing.
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { rebuildProjections } from '@folio/platform/projections/rebuild';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { allProjections } from '../apps/api/src/projections';
import { seedReplayLog } from './replay-log';

export interface ReplayFigures {
  events: number;
  /** Of those, written straight into the log before the replay (see replay-log.ts). */
  seededEvents: number;
  rebuildSeconds: number;
  /** Of rebuildSeconds, the swap (copy into the live file, index builds). */
  swapSeconds: number;
  rebuildEventsPerSec: number;
  rawRows: number;
  rawScanSeconds: number;
  rawRowsPerSec: number;
  /** How many events of each type the API's log held (before seeding): lets the bench check that each PATCH appended one. */
  eventTypes: Record<string, number>;
}

/** The raw scan is over in milliseconds, so it runs a few times and the median is kept. */
const RAW_SCAN_RUNS = 5;

export async function measureReplay(dataDir: string): Promise<ReplayFigures> {
  const eventTypes = await countTypes(dataDir);
  const seededEvents = seedReplayLog(dataDir);
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  const reads = new SqliteReadStore(join(dataDir, 'read.db'));
  const objects = new SqliteObjectStore(join(dataDir, 'events.db'));
  try {
    // One untimed scan first, so neither timed run pays for a cold page cache.
    events.rawScan();

    const rebuild = await rebuildProjections(events, reads, allProjections, objects);

    const scans: { rows: number; seconds: number }[] = [];
    for (let i = 0; i < RAW_SCAN_RUNS; i++) {
      const started = process.hrtime.bigint();
      const rows = events.rawScan();
      scans.push({ rows, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    }
    scans.sort((a, b) => a.seconds - b.seconds);
    const raw = scans[Math.floor(scans.length / 2)];

    return {
      events: rebuild.events,
      seededEvents,
      rebuildSeconds: rebuild.seconds,
      swapSeconds: rebuild.swapSeconds,
      rebuildEventsPerSec: rebuild.events / rebuild.seconds,
      rawRows: raw.rows,
      rawScanSeconds: raw.seconds,
      rawRowsPerSec: raw.rows / raw.seconds,
      eventTypes,
    };
  } finally {
    await objects.close();
    await reads.close();
    await events.close();
  }
}

/** Untimed: the whole log, page by page, tallied by event type. */
async function countTypes(dataDir: string): Promise<Record<string, number>> {
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  try {
    const counts: Record<string, number> = {};
    let after: string | null = null;
    for (;;) {
      const page = await events.readAll(after, 5000);
      if (page.length === 0) return counts;
      for (const e of page) counts[e.type] = (counts[e.type] ?? 0) + 1;
      after = page[page.length - 1].position;
    }
  } finally {
    await events.close();
  }
}
