import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@folio/platform/clock';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { GetPublicSitesOfSpace } from '../public/public-sites.query';
import { siteDoc, siteSpaceDoc } from '../testing/site-docs';
import { siteProjection, SITE_SPACES, SITES } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { GetPublicSitesOfSpaceHandler } from './public-sites';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('GetPublicSitesOfSpace', () => {
  let dir: string;
  let store: SqliteReadStore;
  let handler: GetPublicSitesOfSpaceHandler;

  const write = (collection: string, docs: ({ id: string } & Record<string, unknown>)[]) =>
    store.transaction('test', '1', async (tx) => {
      for (const doc of docs) await tx.upsert(collection, doc);
    });
  const ask = (spaceId: string) => handler.execute(new GetPublicSitesOfSpace(spaceId));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-public-sites-'));
    // The document cache on: the store's change mark is what answers are kept under.
    store = new SqliteReadStore(join(dir, 'read.db'), undefined, 1024 * 1024);
    await store.ensureCollections(siteProjection.collections);
    handler = new GetPublicSitesOfSpaceHandler(new SiteReads(store), store, new ManualClock(new Date('2026-01-01T00:00:00.000Z')));
    await write(SITES, [
      siteDoc({ id: 'late', createdAt: at(5), published: true, visibility: 'unlisted' }),
      siteDoc({ id: 'early', createdAt: at(1), published: true, visibility: 'public' }),
      siteDoc({ id: 'draft', createdAt: at(0), published: false, visibility: 'public' }),
      siteDoc({ id: 'shared', createdAt: at(0), published: true, visibility: 'share-link' }),
      siteDoc({ id: 'members', createdAt: at(0), published: true, visibility: 'visitor-auth' }),
    ]);
    await write(SITE_SPACES, ['late', 'early', 'draft', 'shared', 'members'].map((siteId) => siteSpaceDoc({ id: `ss-${siteId}`, siteId, spaceId: 's1' })));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the published public and unlisted sites showing the space, oldest first; none for a space no such site shows', async () => {
    expect(await ask('s1')).toEqual(['early', 'late']);
    expect(await ask('s2')).toEqual([]);
  });

  it('asks again once anything was committed: unpublishing a site takes it out of the next answer', async () => {
    expect(await ask('s1')).toEqual(['early', 'late']);
    await write(SITES, [siteDoc({ id: 'early', createdAt: at(1), published: false, visibility: 'public' })]);
    expect(await ask('s1')).toEqual(['late']);
  });
});
