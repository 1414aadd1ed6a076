// A published site of 200 sections and 1,000 site spaces: `GET …/sites/{id}/published` timed under load.
// The target is a p50 under 20 ms: the renderer asks for it on every visit.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { newEventId, newId } from '@folio/platform/ids';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { createOrganization, Folio, startFolio } from './folio';
import { LoadFigures, measure } from './load';
import { spaceCreatedData } from './seeded-events';

export const SECTIONS = 200;
export const SITE_SPACES = 1_000;
const CONNECTIONS = 4;
const SECONDS = 4;

export interface PublishedSiteFigures {
  sections: number;
  siteSpaces: number;
  figures: LoadFigures;
  /** The answer's size in bytes. */
  bytes: number;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * Writes the spaces and the site straight into the log, in one transaction, as the API's appends leave
 * them: the spaces' `SpaceCreated`, then on the site's stream its creation, sections, site spaces and
 * publication. Building 1,200 parts through the API would take minutes.
 */
export function seedSite(dataDir: string, organizationId: string, userId: string): string {
  const db = new Database(join(dataDir, 'events.db'));
  const insert = db.prepare('INSERT INTO events (event_id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
  const now = new Date().toISOString();
  const metadata = JSON.stringify({ actor: userId, source: 'script', correlationId: 'bench-seed', causationId: null, occurredAt: now, schemaVersion: 1 });
  const siteId = newId();
  const ref = { siteId, organizationId };
  db.transaction(() => {
    let spacePosition: string | null = null;
    const spaceIds: string[] = [];
    for (let i = 0; i < SITE_SPACES; i++) {
      spacePosition = keyBetween(spacePosition, null);
      const data = spaceCreatedData(organizationId, spacePosition, `Space ${i}`, now);
      spaceIds.push(data.spaceId);
      insert.run(newEventId(), `space-${data.spaceId}`, 0, 'SpaceCreated', JSON.stringify(data), metadata);
    }
    let revision = 0;
    const append = (type: string, data: object) => insert.run(newEventId(), `site-${siteId}`, revision++, type, JSON.stringify({ ...ref, ...data }), metadata);
    append('SiteCreated', { type: 'ultimate', title: 'Bench site', visibility: 'public', createdBy: userId, createdAt: now });
    let sectionPosition: string | null = null;
    const perSection = SITE_SPACES / SECTIONS;
    for (let s = 0; s < SECTIONS; s++) {
      sectionPosition = keyBetween(sectionPosition, null);
      const sectionId = newId();
      const section = { title: `Section ${s}`, path: `section-${s}`, condition: null, icon: null, description: null, defaultSiteSpace: null, groupId: null };
      append('SiteSectionAdded', { sectionId, ...section, position: sectionPosition, addedAt: now });
      let position: string | null = null;
      for (let i = 0; i < perSection; i++) {
        position = keyBetween(position, null);
        const spaceId = spaceIds[s * perSection + i];
        append('SiteSpaceAdded', { siteSpaceId: newId(), spaceId, sectionId, path: `space-${i}`, position, addedAt: now });
      }
    }
    append('SitePublished', { publishedAt: now });
  })();
  db.close();
  return siteId;
}

export async function measurePublishedSite(tempDir: string): Promise<PublishedSiteFigures> {
  const dataDir = join(tempDir, 'published-site');
  log(`Published site: seeding ${SECTIONS} sections and ${SITE_SPACES} site spaces`);
  const setup: Folio = await startFolio(dataDir);
  const organizationId = await createOrganization(setup, 'Bench sites');
  const user = JSON.parse((await setup.call('GET', '/v1/user')).text) as { id: string };
  await setup.stop();
  const siteId = seedSite(dataDir, organizationId, user.id);
  const folio = await startFolio(dataDir, 300_000);
  const path = `/v1/orgs/${organizationId}/sites/${siteId}/published`;
  const { text } = await folio.call('GET', path);
  const answer = JSON.parse(text) as { structure: { structure: { siteSpaces: unknown[] }[] } };
  const shown = answer.structure.structure.reduce((n, section) => n + section.siteSpaces.length, 0);
  if (answer.structure.structure.length !== SECTIONS || shown !== SITE_SPACES) {
    throw new Error(`the published answer shows ${answer.structure.structure.length} sections and ${shown} site spaces`);
  }
  const { measured } = await measure('published site', { connections: CONNECTIONS, url: folio.url + path, headers: { authorization: `Bearer ${folio.token}` } }, SECONDS, 1);
  await folio.stop();
  return { sections: SECTIONS, siteSpaces: SITE_SPACES, figures: measured, bytes: Buffer.byteLength(text) };
}
