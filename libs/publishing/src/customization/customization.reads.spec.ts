import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { DEFAULT_CUSTOMIZATION, siteCustomization } from './customization-settings';
import { customizationProjection, SITE_CUSTOMIZATIONS, SITE_SPACE_CUSTOMIZATIONS } from './customization.projection';
import { CustomizationReads } from './customization.reads';

const at = (n: number) => `2026-01-0${n}T00:00:00.000Z`;
const blue = { light: '#0000ff', dark: '#000088' };

describe('CustomizationReads', () => {
  let dir: string;
  let store: SqliteReadStore;
  let reads: CustomizationReads;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-customization-reads-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollections(customizationProjection.collections);
    reads = new CustomizationReads(store);
    await store.transaction('test', '1', async (tx) => {
      await tx.upsert(SITE_CUSTOMIZATIONS, { id: 'site1', organizationId: 'o1', settings: { title: 'Docs', styling: { primaryColor: blue } }, updatedAt: at(2), logPosition: '1' });
      await tx.upsert(SITE_SPACE_CUSTOMIZATIONS, { id: 'ss1', siteId: 'site1', organizationId: 'o1', override: { title: 'Docs FR' }, updatedAt: at(1), logPosition: '2' });
      await tx.upsert(SITE_SPACE_CUSTOMIZATIONS, { id: 'ss2', siteId: 'site1', organizationId: 'o1', override: { styling: { corners: 'straight' } }, updatedAt: at(3), logPosition: '3' });
      await tx.upsert(SITE_SPACE_CUSTOMIZATIONS, { id: 'ss9', siteId: 'site2', organizationId: 'o1', override: { title: 'Other' }, updatedAt: at(3), logPosition: '4' });
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a site's settings over the defaults, and the defaults for a site that set none", async () => {
    expect(await reads.site('site1')).toMatchObject({ title: 'Docs', styling: { primaryColor: blue, theme: 'clean' }, updatedAt: at(2) });
    expect(await reads.site('site2')).toEqual(siteCustomization(null));
    expect(await reads.site('site2')).not.toHaveProperty('updatedAt');
  });

  it("answers a site space's override over its site's settings, an override of another site ignored", async () => {
    expect(await reads.siteSpace('site1', 'ss1')).toMatchObject({ title: 'Docs FR', styling: { primaryColor: blue }, updatedAt: at(2) });
    expect(await reads.siteSpace('site1', 'ss2')).toMatchObject({ title: 'Docs', styling: { primaryColor: blue, corners: 'straight' }, updatedAt: at(3) });
    expect(await reads.siteSpace('site1', 'ss9')).toEqual(await reads.site('site1'));
  });

  it('answers what the published-content route shows: the site, and each site space it shows that overrides it', async () => {
    const { site, siteSpaces } = await reads.customizations('site1', ['ss2', 'ss9']);
    expect(site).toEqual(await reads.site('site1'));
    // ss1 overrides the site but is not shown: left out; ss9 overrides nothing: it reads as the site.
    expect(siteSpaces).toEqual({ ss2: await reads.siteSpace('site1', 'ss2') });
    expect(await reads.customizations('site3', [])).toEqual({ site: siteCustomization(null), siteSpaces: {} });
    expect(Object.keys(site)).toEqual(expect.arrayContaining(Object.keys(DEFAULT_CUSTOMIZATION)));
  });
});
