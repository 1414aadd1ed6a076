import Database from 'better-sqlite3';
import { BadRequestException } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFound } from '@folio/platform/domain/errors';
import { ListQuery } from '@folio/platform/http/pagination';
import { FindQuery } from '@folio/platform/read-store/read-store.port';
import { orderClause, whereClause } from '@folio/platform/read-store/sqlite/sqlite-filter';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { siteDoc, siteSpaceDoc } from '../testing/site-docs';
import { SITE_SECTIONS, SITE_SPACES, SiteDoc, siteProjection, SITES, SiteSpaceDoc } from './site.projection';
import { SiteReads } from './site.reads';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const site = (id: string, minute: number, fields: Partial<SiteDoc> = {}) => siteDoc({ id, createdAt: at(minute), ...fields });
const siteSpace = (id: string, siteId: string, position: string, fields: Partial<SiteSpaceDoc> = {}) => siteSpaceDoc({ id, siteId, position, ...fields });

describe('SiteReads', () => {
  let dir: string;
  let store: SqliteReadStore;
  let reads: SiteReads;

  const seed = (collection: string, docs: ({ id: string } & Record<string, unknown>)[]) =>
    store.transaction('test', '1', async (tx) => {
      for (const doc of docs) await tx.upsert(collection, doc);
    });
  const remove = (collection: string, id: string) => store.transaction('test', '1', (tx) => tx.delete(collection, id));

  /** Every item of a list, page after page of `limit`, and how many pages it took. */
  async function walk<T extends { id: string }>(read: (list: ListQuery) => Promise<{ items: T[]; next?: { page: string } }>, limit: number) {
    const ids: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const result = await read({ limit, page });
      ids.push(...result.items.map((i) => i.id));
      page = result.next?.page;
      pages++;
    } while (page);
    return { ids, pages };
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-site-reads-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollections(siteProjection.collections);
    reads = new SiteReads(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a site only in its organization', async () => {
    await seed(SITES, [site('site1', 0), site('site2', 1, { organizationId: 'o2' })]);
    expect((await reads.site('o1', 'site1')).id).toBe('site1');
    await expect(reads.site('o1', 'site2')).rejects.toThrow(new NotFound('site'));
    await expect(reads.site('o1', 'nope')).rejects.toThrow(NotFound);
  });

  describe('list', () => {
    const titles = ['API Reference', 'Handbook', 'Développeurs API'];
    const types = ['basic', 'premium', 'ultimate'] as const;
    /** 12 sites a minute apart in o1 (titles and types in turn, every other one published), one in o2. */
    beforeEach(async () => {
      await seed(SITES, [
        ...Array.from({ length: 12 }, (_, i) => {
          const title = titles[i % 3];
          return site(`site${String(i).padStart(2, '0')}`, i === 6 ? 30 : i, { title, titleFolded: title.toLowerCase(), type: types[i % 3], published: i % 2 === 0 });
        }),
        site('other', 0, { organizationId: 'o2' }),
      ]);
      await seed(SITE_SPACES, [
        siteSpace('ss1', 'site03', 'a0', { spaceId: 's1' }),
        siteSpace('ss2', 'site03', 'a1', { spaceId: 's1' }),
        siteSpace('ss3', 'site01', 'a0', { spaceId: 's1', sectionId: 'sec1' }),
        siteSpace('ss4', 'site07', 'a0', { spaceId: 's1' }),
        siteSpace('ss5', 'site02', 'a0', { spaceId: 's2' }),
        siteSpace('ss6', 'other', 'a0', { spaceId: 's1', organizationId: 'o2' }),
      ]);
    });
    // site06 was created last (minute 30).
    const oldestFirst = (keep: (i: number) => boolean) =>
      [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 6].filter(keep).map((i) => `site${String(i).padStart(2, '0')}`);

    it("lists the organization's sites oldest first, page by page", async () => {
      expect(await walk((list) => reads.list('o1', {}, list), 5)).toEqual({ ids: oldestFirst(() => true), pages: 3 });
      expect((await reads.list('o2', {}, {})).items.map((s) => s.id)).toEqual(['other']);
    });

    it('filters by publication, type and title (any case), together', async () => {
      expect((await walk((list) => reads.list('o1', { published: true }, list), 2)).ids).toEqual(oldestFirst((i) => i % 2 === 0));
      expect((await walk((list) => reads.list('o1', { published: false }, list), 2)).ids).toEqual(oldestFirst((i) => i % 2 === 1));
      expect((await walk((list) => reads.list('o1', { type: ['premium'] }, list), 2)).ids).toEqual(oldestFirst((i) => i % 3 === 1));
      expect((await walk((list) => reads.list('o1', { type: ['ultimate', 'basic', 'basic'] }, list), 2)).ids).toEqual(oldestFirst((i) => i % 3 !== 1));
      expect((await walk((list) => reads.list('o1', { type: [] }, list), 100)).ids).toEqual(oldestFirst(() => true));
      expect((await walk((list) => reads.list('o1', { title: 'api' }, list), 3)).ids).toEqual(oldestFirst((i) => i % 3 !== 1));
      expect((await walk((list) => reads.list('o1', { title: 'DÉVELOPPEURS' }, list), 3)).ids).toEqual(oldestFirst((i) => i % 3 === 2));
      expect((await walk((list) => reads.list('o1', { title: 'api', published: true, type: ['ultimate'] }, list), 1)).ids).toEqual(
        oldestFirst((i) => i % 3 === 2 && i % 2 === 0),
      );
    });

    it('filters by a space shown on the sites, in the organization only', async () => {
      expect(await walk((list) => reads.list('o1', { space: 's1' }, list), 2)).toEqual({ ids: ['site01', 'site03', 'site07'], pages: 2 });
      expect((await reads.list('o1', { space: 's1', published: false, type: ['premium'] }, {})).items.map((s) => s.id)).toEqual(['site01', 'site07']);
      expect((await reads.list('o2', { space: 's1' }, {})).items.map((s) => s.id)).toEqual(['other']);
      expect(await reads.list('o1', { space: 'nowhere' }, {})).toEqual({ items: [] });
    });

    it('keeps a space-filtered cursor valid when the sites showing the space change between pages', async () => {
      const first = await reads.list('o1', { space: 's1' }, { limit: 1 });
      expect(first.items.map((s) => s.id)).toEqual(['site01']);
      await seed(SITE_SPACES, [siteSpace('ss7', 'site00', 'a0', { spaceId: 's1' }), siteSpace('ss8', 'site09', 'a1', { spaceId: 's1' })]);
      expect((await walk((list) => reads.list('o1', { space: 's1' }, { ...list, page: list.page ?? first.next!.page }), 2)).ids).toEqual([
        'site03',
        'site07',
        'site09',
      ]);
    });

    it("refuses a cursor from another list's filters", async () => {
      const open = await reads.list('o1', { published: true }, { limit: 2 });
      await expect(reads.list('o1', {}, { limit: 2, page: open.next!.page })).rejects.toThrow(BadRequestException);
      const spaced = await reads.list('o1', { space: 's1' }, { limit: 1 });
      await expect(reads.list('o1', { space: 's2' }, { limit: 1, page: spaced.next!.page })).rejects.toThrow(BadRequestException);
      await expect(reads.list('o1', {}, { page: 'garbage' })).rejects.toThrow(BadRequestException);
    });
  });

  describe('site spaces', () => {
    /** site1: two at the root, three in sec1, in positions unlike their ids; site2: one. */
    beforeEach(async () => {
      await seed(SITES, [site('site1', 0, { siteSpaceIds: ['r1', 'r2', 'x1', 'x2', 'x3'] }), site('site2', 1, { siteSpaceIds: ['other'] })]);
      await seed(SITE_SPACES, [
        siteSpace('r2', 'site1', 'a1'),
        siteSpace('r1', 'site1', 'a0V'),
        siteSpace('x3', 'site1', 'a0', { sectionId: 'sec1' }),
        siteSpace('x1', 'site1', 'a2', { sectionId: 'sec1' }),
        siteSpace('x2', 'site1', 'a2', { sectionId: 'sec1' }),
        siteSpace('other', 'site2', 'a0'),
      ]);
    });

    it('reads one site space only under its site', async () => {
      expect((await reads.siteSpace('site1', 'x1')).id).toBe('x1');
      await expect(reads.siteSpace('site1', 'other')).rejects.toThrow(new NotFound('site space'));
      await expect(reads.siteSpace('site1', 'nope')).rejects.toThrow(NotFound);
    });

    it('takes the default from the settings while that site space is there, else the first of the default section or the root', async () => {
      const site1 = await reads.site('o1', 'site1');
      expect(await reads.defaultSiteSpaceId(site1)).toBe('r1');
      expect(await reads.defaultSiteSpaceId({ ...site1, defaultSiteSpace: 'x2' })).toBe('x2');
      expect(await reads.defaultSiteSpaceId({ ...site1, defaultSiteSpace: 'other' })).toBe('r1');
      expect(await reads.defaultSiteSpaceId({ ...site1, defaultSiteSpace: 'gone' })).toBe('r1');
      // Once the site has sections, the default section's first site space comes first; a section that is gone falls back to the first.
      await seed(SITE_SECTIONS, [{ id: 'sec1', siteId: 'site1', groupId: null, position: 'a0', defaultSiteSpace: null }]);
      const withSection = { ...site1, sectionIds: ['sec1'] };
      expect(await reads.defaultSiteSpaceId({ ...withSection, defaultSiteSection: 'sec1' })).toBe('x3');
      expect(await reads.defaultSiteSpaceId({ ...withSection, defaultSiteSection: 'gone' })).toBe('x3');
      expect(await reads.defaultSiteSpaceId(site('site3', 0))).toBeNull();
    });

    it('lists them all, only the default, or all but it, page by page', async () => {
      expect(await walk((list) => reads.listSiteSpaces('site1', {}, list), 2)).toEqual({ ids: ['x3', 'r1', 'r2', 'x1', 'x2'], pages: 3 });
      expect(await walk((list) => reads.listSiteSpaces('site1', { default: true }, list), 2)).toEqual({ ids: ['r1'], pages: 1 });
      expect((await walk((list) => reads.listSiteSpaces('site1', { default: false }, list), 2)).ids).toEqual(['x3', 'r2', 'x1', 'x2']);
      await seed(SITES, [site('site1', 0, { defaultSiteSpace: 'x1', siteSpaceIds: ['r1', 'r2', 'x1', 'x2', 'x3'] })]);
      expect((await reads.listSiteSpaces('site1', { default: true }, {})).items.map((s) => s.id)).toEqual(['x1']);
      expect((await walk((list) => reads.listSiteSpaces('site1', { default: false }, list), 3)).ids).toEqual(['x3', 'r1', 'r2', 'x2']);
    });

    it('lists no default, and everything as non-default, for a site without one', async () => {
      await seed(SITES, [site('site3', 2, { siteSpaceIds: ['y1'] })]);
      await seed(SITE_SPACES, [siteSpace('y1', 'site3', 'a0', { sectionId: 'sec1' })]);
      expect(await reads.listSiteSpaces('site3', { default: true }, {})).toEqual({ items: [] });
      expect((await reads.listSiteSpaces('site3', { default: false }, {})).items.map((s) => s.id)).toEqual(['y1']);
    });

    it('keeps a cursor valid when the default changes between pages, and refuses one of another filter', async () => {
      const first = await reads.listSiteSpaces('site1', { default: false }, { limit: 2 });
      expect(first.items.map((s) => s.id)).toEqual(['x3', 'r2']);
      await remove(SITE_SPACES, 'r1');
      const rest = await reads.listSiteSpaces('site1', { default: false }, { limit: 10, page: first.next!.page });
      expect(rest.items.map((s) => s.id)).toEqual(['x1', 'x2']);
      await expect(reads.listSiteSpaces('site1', {}, { page: first.next!.page })).rejects.toThrow(BadRequestException);
      await expect(reads.listSiteSpaces('site2', { default: false }, { page: first.next!.page })).rejects.toThrow(BadRequestException);
    });
  });

  /** SQLite's plan for a read as the store runs it: a deep page must be a range on an index, in its order. */
  describe('query plans', () => {
    const plan = (collection: string, query: Omit<FindQuery, 'limit'>) => {
      const db = new Database(join(dir, 'read.db'), { readonly: true });
      try {
        const where = whereClause(query.filter, query.sort, query.after);
        const sql = `EXPLAIN QUERY PLAN SELECT doc FROM c_${collection} ${where.sql} ${orderClause(query.sort)} LIMIT 100`;
        return (db.prepare(sql).all(...where.params) as { detail: string }[]).map((r) => r.detail).join('; ');
      } finally {
        db.close();
      }
    };
    const oldest = { field: 'createdAt', direction: 'asc' } as const;
    const structure = { field: 'position', direction: 'asc' } as const;
    const afterSite = { value: at(5), id: 'site05' };
    const afterSpace = { value: 'a1', id: 'ss2' };

    // How many of the filter's equalities the index takes before its range on the sort key.
    it.each([
      ['sites', SITES, 1, { filter: { organizationId: 'o1' }, sort: oldest, after: afterSite }],
      ['published sites', SITES, 2, { filter: { organizationId: 'o1', published: true }, sort: oldest, after: afterSite }],
      ['sites of a type', SITES, 2, { filter: { organizationId: 'o1', type: 'premium' }, sort: oldest, after: afterSite }],
      ['sites by title', SITES, 1, { filter: { organizationId: 'o1', titleFolded: { $contains: 'api' } }, sort: oldest, after: afterSite }],
      ['site spaces', SITE_SPACES, 1, { filter: { siteId: 'site1' }, sort: structure, after: afterSpace }],
      ['site spaces but the default', SITE_SPACES, 1, { filter: { siteId: 'site1', id: { $ne: 'r1' } }, sort: structure, after: afterSpace }],
      ["a container's site spaces", SITE_SPACES, 2, { filter: { siteId: 'site1', sectionId: 'sec1' }, sort: structure, after: afterSpace }],
      ["the root's site spaces", SITE_SPACES, 2, { filter: { siteId: 'site1', sectionId: null }, sort: structure, after: afterSpace }],
    ] as [string, string, number, Omit<FindQuery, 'limit'>][])('%s: an index range in the sort order', (_name, collection, equalities, query) => {
      const detail = plan(collection, query);
      const range = new RegExp(`^SEARCH c_${collection} USING INDEX ix_c_${collection}_\\w+ \\(${'<expr>=\\? AND '.repeat(equalities)}(<expr>|id)[<>]\\?\\)$`);
      expect(detail).toMatch(range);
    });

    it("a space's site spaces: on their index", () => {
      expect(plan(SITE_SPACES, { filter: { spaceId: 's1' } })).toMatch(/^SEARCH c_siteSpaces USING INDEX ix_c_siteSpaces_\w+ \(<expr>=\?/);
    });
  });
});
