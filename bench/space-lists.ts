// Space lists as they grow: the same page of `GET /v1/orgs/{id}/spaces?limit=100` timed on an
// organization of 1,000 spaces and on one of 100,000. Keyset pagination should keep the two close.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { newEventId } from '@folio/platform/ids';
import { createOrganization, startFolio } from './folio';
import { LoadFigures, measure } from './load';
import { spaceCreatedData } from './seeded-events';

export const SPACE_COUNTS = [1_000, 100_000] as const;
const CONNECTIONS = 4;
const SECONDS = 4;
/** How far into the list the "deep" page is (in pages), when the list is that long. */
const DEEP_PAGE = 50;

export interface SpaceListFigures {
  spaces: number;
  first: LoadFigures;
  deep: LoadFigures;
  deepPage: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * Writes `count` SpaceCreated events straight into the log, in one transaction: seeding through the
 * API would take minutes at 100k, and the seeding is not what is measured. The API then projects them
 * at start, as it would after any restore of a log.
 */
function seedSpaces(dataDir: string, organizationId: string, count: number) {
  const db = new Database(join(dataDir, 'events.db'));
  const insert = db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, 0, ?, ?, ?)');
  const now = new Date().toISOString();
  const metadata = JSON.stringify({ actor: 'system', source: 'script', correlationId: 'bench-seed', causationId: null, occurredAt: now, schemaVersion: 1 });
  db.transaction(() => {
    let position: string | null = null;
    for (let i = 0; i < count; i++) {
      position = keyBetween(position, null);
      const data = spaceCreatedData(organizationId, position, `Space ${i}`, new Date(Date.parse(now) + i).toISOString());
      insert.run(newEventId(), `space-${data.spaceId}`, 'SpaceCreated', JSON.stringify(data), metadata);
    }
  })();
  db.close();
}

export async function measureSpaceLists(tempDir: string): Promise<SpaceListFigures[]> {
  const figures: SpaceListFigures[] = [];
  for (const count of SPACE_COUNTS) {
    const dataDir = join(tempDir, `spaces-${count}`);
    log(`Space lists: seeding ${count} spaces`);
    const setup = await startFolio(dataDir);
    const organizationId = await createOrganization(setup, `Bench spaces ${count}`);
    await setup.stop();
    seedSpaces(dataDir, organizationId, count);
    const folio = await startFolio(dataDir, 300_000);
    const path = `/v1/orgs/${organizationId}/spaces?limit=100`;
    // Walk the cursors to the deep page once; timing the same cursor then measures one page's cost.
    let deepPath = path;
    let deepPage = 1;
    for (; deepPage < Math.min(DEEP_PAGE, count / 100); deepPage++) {
      const { text } = await folio.call('GET', deepPath);
      const next = (JSON.parse(text) as { next?: { page: string } }).next;
      if (!next) break;
      deepPath = `${path}&page=${encodeURIComponent(next.page)}`;
    }
    const load = { connections: CONNECTIONS, headers: { authorization: `Bearer ${folio.token}` } };
    const first = await measure(`first page of ${count}`, { ...load, url: folio.url + path }, SECONDS, 1);
    const deep = await measure(`page ${deepPage} of ${count}`, { ...load, url: folio.url + deepPath }, SECONDS, 1);
    await folio.stop();
    figures.push({ spaces: count, first: first.measured, deep: deep.measured, deepPage });
  }
  return figures;
}
