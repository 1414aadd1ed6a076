// The replay bench's log, grown past 100,000 events: the API's own log (organizations created and
// PATCHed through HTTP) is a few thousand events, too few to time a replay that should take about a second.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { newEventId } from '@folio/platform/ids';
import { spaceCreatedData } from './seeded-events';

/** The log's size after seeding, at least: the replay target is stated over 100k events. */
export const REPLAY_LOG_EVENTS = 110_000;
/** Each seeded space gets this many title changes after its creation. */
const UPDATES_PER_SPACE = 4;

/**
 * Appends events straight into `events.db` (one transaction; seeding through the API would take minutes,
 * and it is not what is measured): organization settings changes as the bench's PATCHes leave them
 * (continuing each organization's stream revisions; an organization patch and an audit entry each), and
 * spaces in those organizations (`SpaceCreated`: a space, its first revision, its empty search and link
 * indexes; then `SpaceUpdated` title changes: patches), about 2 to 5. Returns how many it wrote.
 */
export function seedReplayLog(dataDir: string): number {
  const db = new Database(join(dataDir, 'events.db'));
  try {
    const { n: existing } = db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number };
    const missing = Math.max(0, REPLAY_LOG_EVENTS - existing);
    const organizations = db
      .prepare(`SELECT stream, MAX(revision) AS revision FROM events WHERE stream LIKE 'organization-%' GROUP BY stream`)
      .all() as { stream: string; revision: number }[];
    if (organizations.length === 0) throw new Error('the replay log needs the organizations the bench created');
    const insert = db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
    const started = Date.now();
    const metadata = (i: number) =>
      JSON.stringify({
        actor: 'system',
        source: 'script',
        correlationId: 'bench-replay-seed',
        causationId: null,
        occurredAt: new Date(started + i).toISOString(),
        schemaVersion: 1,
      });
    const revisions = organizations.map((o) => o.revision);
    let written = 0;
    let position: string | null = null;
    db.transaction(() => {
      for (let i = 0; written < missing; i++) {
        const o = i % organizations.length;
        const organizationId = organizations[o].stream.slice('organization-'.length);
        const at = new Date(started + i).toISOString();
        const changed = { organizationId, changes: { title: `Seeded title ${i}` }, before: { title: `Seeded title ${i - 1}` }, changedAt: at };
        insert.run(newEventId(), organizations[o].stream, ++revisions[o], 'OrganizationSettingsChanged', JSON.stringify(changed), metadata(i));
        written++;
        if (i % 2 === 1 || written >= missing) continue;
        // Every other step, a space and its title changes, in the same organization.
        position = keyBetween(position, null);
        const created = spaceCreatedData(organizationId, position, `Seeded space ${i}`, at);
        const { spaceId } = created;
        const stream = `space-${spaceId}`;
        insert.run(newEventId(), stream, 0, 'SpaceCreated', JSON.stringify(created), metadata(i));
        written++;
        for (let u = 1; u <= UPDATES_PER_SPACE && written < missing; u++, written++) {
          const updated = { spaceId, organizationId, changes: { title: `Seeded space ${i}.${u}` }, before: {}, updatedAt: at };
          insert.run(newEventId(), stream, u, 'SpaceUpdated', JSON.stringify(updated), metadata(i));
        }
      }
    })();
    return written;
  } finally {
    db.close();
  }
}
