import { QueryBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@folio/platform/clock';
import { loadConfig } from '@folio/platform/config/config';
import { SqliteObjectStore } from '@folio/platform/object-store/sqlite/sqlite-object-store';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { GivenLog, storedEvents } from '@folio/platform/testing/projection-spec';
import { FindOrganizationByAddress, GetOrganizationAddress } from '@folio/identity/public/organization-address.query';
import { SiteEvent, SiteSettings, siteStream } from '../sites/site.events';
import { siteProjection } from '../sites/site.projection';
import { parseSiteUrl } from './site-address';
import { siteAddressProjection } from './site-address.projection';
import { SiteAddresses } from './site-addresses';

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const created = (siteId: string, when: string, organizationId = 'o1'): SiteEvent => ({
  type: 'SiteCreated',
  data: { siteId, organizationId, type: 'basic', title: siteId, visibility: 'public', createdBy: 'u1', createdAt: when },
});
const changed = (siteId: string, changes: Partial<SiteSettings>): SiteEvent => ({ type: 'SiteSettingsChanged', data: { siteId, organizationId: 'o1', changes, before: {}, changedAt: at(5) } });

/** Identity's answers: organization o1 has the hostname `acme`, o2 none. */
const identity = {
  execute: async (query: unknown) => {
    const known = [{ organizationId: 'o1', hostname: 'acme' }, { organizationId: 'o2', hostname: null }];
    if (query instanceof GetOrganizationAddress) return known.find((o) => o.organizationId === query.organizationId) ?? null;
    if (query instanceof FindOrganizationByAddress) return known.find((o) => o.hostname === query.key) ?? known.find((o) => o.organizationId === query.key) ?? null;
    throw new Error('unexpected query');
  },
} as unknown as QueryBus;

describe('SiteAddresses', () => {
  let dir: string;
  let reads: SqliteReadStore;
  let objects: SqliteObjectStore;
  let addresses: SiteAddresses;

  /** Older data first: s1 and s2 both given `docs` (before reservations); s3 renamed from `guide`; s4 hosted. */
  const history: SiteEvent[] = [
    created('s2', at(2)),
    created('s1', at(1)),
    changed('s2', { basename: 'docs' }),
    changed('s1', { basename: 'Docs' }),
    created('s3', at(3)),
    changed('s3', { basename: 'guide' }),
    changed('s3', { basename: 'handbook' }),
    created('s4', at(4)),
    changed('s4', { hostname: 'help.acme.com' }),
    created('s5', at(5), 'o2'),
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-site-addresses-'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    objects = new SqliteObjectStore(join(dir, 'objects.db'));
    const log = new GivenLog(storedEvents(history, (e) => siteStream(e.data.siteId)));
    await new ProjectionRunner(log, reads, [siteProjection, siteAddressProjection], { batchSize: 100, objects }).catchUp();
    const config = loadConfig({ PUBLIC_URL: 'https://folio.example.com', PUBLIC_SITES_URL: 'https://docs.example.com/{org}' });
    addresses = new SiteAddresses(reads, identity, config, new ManualClock());
  });
  afterAll(async () => {
    await objects.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const locate = async (url: string) => {
    const found = await addresses.locate(parseSiteUrl(url)!);
    return found && ('site' in found ? { site: found.site.id, consumed: found.consumed } : found);
  };

  it("addresses a site under its organization's hostname, else its id", async () => {
    expect(await addresses.of({ id: 's3', organizationId: 'o1', basename: 'handbook' })).toBe('https://docs.example.com/acme/handbook');
    expect(await addresses.of({ id: 's5', organizationId: 'o2', basename: null })).toBe('https://docs.example.com/o2/s5');
    expect(await addresses.of({ id: 's4', organizationId: 'o1', basename: null, hostname: 'help.acme.com' })).toBe('https://help.acme.com');
  });

  it('finds a site by basename (case-folded), by id, or by custom hostname', async () => {
    expect(await locate('https://docs.example.com/acme/handbook/intro')).toEqual({ site: 's3', consumed: 2 });
    expect(await locate('https://docs.example.com/o2/s5')).toEqual({ site: 's5', consumed: 2 });
    expect(await locate('https://help.acme.com/a/b')).toEqual({ site: 's4', consumed: 0 });
    expect(await locate('https://docs.example.com/ACME/handbook')).toBeNull();
    expect(await locate('https://docs.example.com/acme/nothing')).toBeNull();
    expect(await locate('https://docs.example.com/acme')).toBeNull();
  });

  it('serves a basename several sites hold (older data) from the oldest of them', async () => {
    expect(await locate('https://docs.example.com/acme/DOCS')).toEqual({ site: 's1', consumed: 2 });
    expect(await addresses.basenameHeldByAnother('o1', 'docs', 's1')).toBe(true);
    expect(await addresses.basenameHeldByAnother('o1', 'handbook', 's3')).toBe(false);
    expect(await addresses.basenameHeldByAnother('o1', 'guide', 's1')).toBe(false);
  });

  it("leads a former basename, the id of a site that has a basename, or an organization's id once it has a hostname, to where the site is now", async () => {
    expect(await locate('https://docs.example.com/acme/guide/intro')).toEqual({ movedTo: 'https://docs.example.com/acme/handbook', consumed: 2 });
    expect(await locate('https://docs.example.com/acme/s3')).toEqual({ movedTo: 'https://docs.example.com/acme/handbook', consumed: 2 });
    expect(await locate('https://docs.example.com/o1/handbook/intro')).toEqual({ movedTo: 'https://docs.example.com/acme/handbook', consumed: 2 });
  });

  it('knows the hosts Folio serves sites under itself', () => {
    expect(addresses.isFolioHost('docs.example.com')).toBe(true);
    expect(addresses.isFolioHost('folio.example.com')).toBe(true);
    expect(addresses.isFolioHost('help.example.com')).toBe(false);
    const hosted = new SiteAddresses(reads, identity, loadConfig({ PUBLIC_URL: 'https://folio.example.com', PUBLIC_SITES_URL: 'https://{org}.docs.example.com' }), new ManualClock());
    expect(hosted.isFolioHost('anyone.docs.example.com')).toBe(true);
    expect(hosted.isFolioHost('docs.example.com')).toBe(false);
  });
});
