import { Reader } from '@folio/platform/auth/reader';
import { ManualClock } from '@folio/platform/clock';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { AdaptiveSchemaReads } from '../adaptive/adaptive-schema.reads';
import { ReaderStructure } from '../published/reader-structure';
import { ReaderStructures } from '../published/reader-structures';
import { ShareLinkReads } from '../share-links/share-link.reads';
import { ReaderAccess } from './reader-access';

const reader: Reader = { siteId: 'site1', organizationId: 'org1', claims: { beta: true }, visitorType: 'human', siteSpaceId: 'ss1', spaceId: 'sp1' };
const reaching = (...spaceIds: string[]) => ({ spaceIds }) as unknown as ReaderStructure;

describe('ReaderAccess', () => {
  let site: Record<string, unknown> | null;
  let activeKeys: Set<string>;
  let mark: number | null;
  let structure: ReaderStructure | null;
  let rendered: { claims: Record<string, unknown> }[];
  let access: ReaderAccess;

  beforeEach(() => {
    site = { id: 'site1', organizationId: 'org1', published: true, visibility: 'public' };
    activeKeys = new Set();
    mark = 1;
    structure = reaching('sp1', 'sp2', 'sp3');
    rendered = [];
    const reads = { get: async (_collection: string, id: string) => (site && id === site.id ? site : null), changes: () => mark } as unknown as ReadStore;
    const shareLinks = { activeShareLink: async (siteId: string, key: string) => siteId === 'site1' && activeKeys.has(key) } as unknown as ShareLinkReads;
    const structures = {
      of: async (_site: unknown, _schema: unknown, claims: Record<string, unknown>) => {
        rendered.push({ claims });
        return structure;
      },
    } as unknown as ReaderStructures;
    const schemas = { schema: async () => null } as unknown as AdaptiveSchemaReads;
    access = new ReaderAccess(reads, shareLinks, structures, schemas, new ManualClock(new Date('2026-01-01T00:00:00.000Z')));
  });

  const spaces = async (r: Reader = reader) => {
    const found = await access.spaces(r);
    return found === null ? null : [...found].sort();
  };

  it("reads the spaces the site lets a visitor with the token's claims reach", async () => {
    expect(await spaces()).toEqual(['sp1', 'sp2', 'sp3']);
    expect(rendered).toEqual([{ claims: { beta: true } }]);
  });

  it('reads nothing when the site is gone', async () => {
    site = null;
    expect(await spaces()).toBeNull();
  });

  it('reads nothing when the site is in another organization than the token says', async () => {
    expect(await spaces({ ...reader, organizationId: 'org2' })).toBeNull();
  });

  it('reads nothing once the site is unpublished', async () => {
    site = { ...site, published: false };
    expect(await spaces()).toBeNull();
  });

  it('reads a share-link site only while the token carries the key of an active link', async () => {
    site = { ...site, visibility: 'share-link' };
    expect(await spaces()).toBeNull();
    expect(await spaces({ ...reader, shareKey: 'revoked' })).toBeNull();
    activeKeys.add('live');
    expect(await spaces({ ...reader, shareKey: 'live' })).toEqual(['sp1', 'sp2', 'sp3']);
  });

  it('reads a visitor-auth site only with a token made for a verified visitor, not one made while the site was open', async () => {
    site = { ...site, visibility: 'visitor-auth' };
    expect(await spaces()).toBeNull();
    expect(await spaces({ ...reader, authenticated: true })).toEqual(['sp1', 'sp2', 'sp3']);
  });

  it('reads nothing when the structure shows it nothing', async () => {
    structure = null;
    expect(await spaces()).toEqual([]);
  });

  it('keeps its answer while the read models are unchanged, and decides again after any commit', async () => {
    await spaces();
    site = { ...site, published: false };
    expect(await spaces()).toEqual(['sp1', 'sp2', 'sp3']);
    expect(rendered).toHaveLength(1);
    mark = 2;
    expect(await spaces()).toBeNull();
  });

  it('keeps answers apart by claims and share key', async () => {
    await spaces();
    await spaces({ ...reader, claims: {} });
    await spaces({ ...reader, shareKey: 'k' });
    expect(rendered.map((r) => r.claims)).toEqual([{ beta: true }, {}, { beta: true }]);
  });

  it('keeps nothing where the store cannot tell what changed', async () => {
    mark = null;
    await spaces();
    site = { ...site, published: false };
    expect(await spaces()).toBeNull();
  });
});
