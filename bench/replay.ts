// Replay, measured on the files the API left behind (it is stopped first: the rebuild should have the
// disk and CPU to itself, and nothing else may write the read store), the log topped up to at least
// REPLAY_MIN_EVENTS. The baseline is a raw scan of the event table: the cost of reading the log, without
// decoding, projecting or writing.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { rebuildProjections } from '@folio/platform/projections/rebuild';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { newId } from '../libs/platform/src/ids';
import { allProjections } from '../apps/api/src/projections';

/** The log a replay is measured over holds at least this many events. */
export const REPLAY_MIN_EVENTS = 100_000;
/** Retitles per seeded organization: the bench's own log is mostly PATCHes of a hundred organizations. */
const SEEDED_RETITLES = 30;

export interface ReplayFigures {
  events: number;
  rebuildSeconds: number;
  rebuildEventsPerSec: number;
  rawRows: number;
  rawScanSeconds: number;
  rawRowsPerSec: number;
  /** How many events of each type the API appended (seeded ones apart): lets the bench check that each PATCH appended one. */
  eventTypes: Record<string, number>;
  /** Events written straight into the log to reach REPLAY_MIN_EVENTS. */
  seeded: number;
}

/** The raw scan is over in milliseconds, so it runs a few times and the median is kept. */
const RAW_SCAN_RUNS = 5;

export async function measureReplay(dataDir: string): Promise<ReplayFigures> {
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  const reads = new SqliteReadStore(join(dataDir, 'read.db'));
  const objects = new SqliteObjectStore(join(dataDir, 'events.db'));
  try {
    const eventTypes = await countTypes(events);
    const logged = Object.values(eventTypes).reduce((a, b) => a + b, 0);
    const seeded = seedOrganizations(join(dataDir, 'events.db'), REPLAY_MIN_EVENTS - logged);

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
      rebuildSeconds: rebuild.seconds,
      rebuildEventsPerSec: rebuild.events / rebuild.seconds,
      rawRows: raw.rows,
      rawScanSeconds: raw.seconds,
      rawRowsPerSec: raw.rows / raw.seconds,
      eventTypes,
      seeded,
    };
  } finally {
    await objects.close();
    await reads.close();
    await events.close();
  }
}

/** Untimed: the whole log, page by page, tallied by event type. */
async function countTypes(events: SqliteEventStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let after: string | null = null;
  for (;;) {
    const page = await events.readAll(after, 5000);
    if (page.length === 0) return counts;
    for (const e of page) counts[e.type] = (counts[e.type] ?? 0) + 1;
    after = page[page.length - 1].position;
  }
}

/**
 * At least `count` events (none when `count` ≤ 0) written straight into the log, in one transaction, as
 * organizations like the bench's: created by the API's admin (the creator of its first organization), the
 * creator joined as admin, then retitled. Through the API this would take a minute, and is not what is
 * measured. Answers how many were written.
 */
function seedOrganizations(file: string, count: number): number {
  if (count <= 0) return 0;
  const db = new Database(file);
  try {
    const first = db.prepare(`SELECT data FROM events WHERE type = 'OrganizationCreated' ORDER BY position LIMIT 1`).get() as { data: string };
    const admin = (JSON.parse(first.data) as { createdBy: string }).createdBy;
    const insert = db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const at = new Date().toISOString();
    const metadata = JSON.stringify({ actor: admin, source: 'script', correlationId: 'bench-seed', causationId: 'bench-seed', occurredAt: at, schemaVersion: 1 });
    const perOrganization = 2 + SEEDED_RETITLES;
    const organizations = Math.ceil(count / perOrganization);
    db.transaction(() => {
      for (let o = 0; o < organizations; o++) {
        const organizationId = newId();
        const stream = `organization-${organizationId}`;
        let revision = 0;
        const append = (type: string, data: object) => insert.run(randomUUID(), stream, revision++, type, JSON.stringify(data), metadata);
        append('OrganizationCreated', { organizationId, title: `Seeded ${o}`, emailDomains: [], createdBy: admin, createdAt: at });
        append('MemberJoined', { organizationId, userId: admin, role: 'admin', via: 'creation', joinedAt: at, sso: false });
        for (let t = 0; t < SEEDED_RETITLES; t++) {
          append('OrganizationSettingsChanged', {
            organizationId,
            changes: { title: `Seeded ${o} (${t + 1})` },
            before: { title: t === 0 ? `Seeded ${o}` : `Seeded ${o} (${t})` },
            changedAt: at,
          });
        }
      }
    })();
    return organizations * perOrganization;
  } finally {
    db.close();
  }
}
