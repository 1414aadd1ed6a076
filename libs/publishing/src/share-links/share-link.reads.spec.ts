import { BadRequestException } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFound } from '@folio/platform/domain/errors';
import { ListQuery } from '@folio/platform/http/pagination';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { SHARE_LINKS, ShareLinkDoc, shareLinkProjection } from './share-link.projection';
import { ShareLinkReads } from './share-link.reads';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const link = (id: string, minute: number, fields: Partial<ShareLinkDoc> = {}): ShareLinkDoc => ({
  id,
  siteId: 'site1',
  organizationId: 'o1',
  name: id,
  nameFolded: id.toLowerCase(),
  key: `K${id}Secret0000000000000000`.slice(0, 24),
  active: true,
  createdBy: 'u1',
  createdAt: at(minute),
  updatedAt: at(minute),
  logPosition: '1',
  ...fields,
});

describe('ShareLinkReads', () => {
  let dir: string;
  let store: SqliteReadStore;
  let reads: ShareLinkReads;

  const seed = (docs: ShareLinkDoc[]) =>
    store.transaction('test', '1', async (tx) => {
      for (const doc of docs) await tx.upsert(SHARE_LINKS, doc);
    });

  async function walk(read: (list: ListQuery) => Promise<{ items: ShareLinkDoc[]; next?: { page: string } }>, limit: number) {
    const ids: string[] = [];
    let page: string | undefined;
    do {
      const result = await read({ limit, page });
      ids.push(...result.items.map((i) => i.id));
      page = result.next?.page;
    } while (page);
    return ids;
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-share-link-reads-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollections(shareLinkProjection.collections);
    reads = new ShareLinkReads(store);
    await seed([
      link('Alpha', 3, { name: 'Alpha reviewers', nameFolded: 'alpha reviewers' }),
      link('Beta', 1, { name: 'Legal team', nameFolded: 'legal team' }),
      link('Gamma', 2, { name: 'Beta testers', nameFolded: 'beta testers', active: false }),
      link('Delta', 4, { name: 'Press', nameFolded: 'press' }),
      link('Other', 0, { siteId: 'site2', name: 'Alpha elsewhere', nameFolded: 'alpha elsewhere' }),
    ]);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a link only under its site', async () => {
    expect((await reads.shareLink('site1', 'Alpha')).id).toBe('Alpha');
    await expect(reads.shareLink('site1', 'Other')).rejects.toThrow(new NotFound('share link'));
    await expect(reads.shareLink('site1', 'nope')).rejects.toThrow(NotFound);
  });

  it('opens a site with the key of an active link of that site only', async () => {
    const alpha = await reads.shareLink('site1', 'Alpha');
    const gamma = await reads.shareLink('site1', 'Gamma');
    expect(await reads.activeShareLink('site1', alpha.key)).toBe(true);
    expect(await reads.activeShareLink('site2', alpha.key)).toBe(false);
    expect(await reads.activeShareLink('site1', gamma.key)).toBe(false);
    expect(await reads.activeShareLink('site1', 'not-a-key')).toBe(false);
    expect(await reads.activeShareLink('site1', alpha.key.toLowerCase())).toBe(false);
    await store.transaction('test', '2', (tx) => tx.delete(SHARE_LINKS, 'Alpha'));
    expect(await reads.activeShareLink('site1', alpha.key)).toBe(false);
  });

  it("lists a site's links oldest first, page by page", async () => {
    expect(await walk((list) => reads.list('site1', undefined, list), 3)).toEqual(['Beta', 'Gamma', 'Alpha', 'Delta']);
    expect(await walk((list) => reads.list('site2', undefined, list), 3)).toEqual(['Other']);
  });

  it('searches a part of the name in any case, or a whole key', async () => {
    expect(await walk((list) => reads.list('site1', 'BETA', list), 1)).toEqual(['Gamma']);
    expect(await walk((list) => reads.list('site1', 'e', list), 2)).toEqual(['Beta', 'Gamma', 'Alpha', 'Delta']);
    const delta = await reads.shareLink('site1', 'Delta');
    expect(await walk((list) => reads.list('site1', delta.key, list), 1)).toEqual(['Delta']);
    // A link named after another's key is found with it.
    await seed([link('Echo', 5, { name: delta.key, nameFolded: delta.key.toLowerCase() })]);
    expect(await walk((list) => reads.list('site1', delta.key, list), 1)).toEqual(['Delta', 'Echo']);
    // Another site's key finds nothing here.
    const other = (await reads.list('site2', undefined, {})).items[0];
    expect((await reads.list('site1', other.key, {})).items).toEqual([]);
  });

  it("refuses a cursor of another list's search", async () => {
    const first = await reads.list('site1', 'e', { limit: 1 });
    await expect(reads.list('site1', undefined, { page: first.next!.page })).rejects.toThrow(BadRequestException);
    await expect(reads.list('site2', 'e', { page: first.next!.page })).rejects.toThrow(BadRequestException);
  });
});
