import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CollectionSpec, FindQuery } from '../read-store.port';
import { orderClause, whereClause } from './sqlite-filter';
import { SqliteReadStore } from './sqlite-read-store';

const C = 'trail';
const TABLE = `c_${C}`;
/** The audit trail's shape: an ordered trail per owner, and per owner and target. */
const trail: CollectionSpec = { name: C, indexes: [['owner', 'seq'], ['owner', 'target', 'seq']] };

describe('SqliteReadStore indexes', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadStore;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-rs-indexes-'));
    file = join(dir, 'read.db');
    store = new SqliteReadStore(file);
    db = new Database(file, { readonly: true });
  });

  afterEach(async () => {
    db.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const indexesOf = (table: string) =>
    (db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).all(table) as { sql: string }[])
      .map((row) => row.sql.replace(/^CREATE INDEX \S+ ON \S+ /, ''))
      .sort();

  it('drops the indexes a collection no longer declares, and keeps the declared ones and other collections\u2019', async () => {
    await store.ensureCollections([
      { name: C, indexes: [['owner', 'seq'], ['owner', 'action', 'seq'], ['owner', 'target', 'seq']] },
      { name: 'other', indexes: [['owner', 'action', 'seq']] },
    ]);
    expect(indexesOf(TABLE)).toHaveLength(3);
    await store.close();
    store = new SqliteReadStore(file);
    await store.ensureCollections([trail]);
    expect(indexesOf(TABLE)).toEqual([
      "(json_extract(doc, '$.owner'), json_extract(doc, '$.seq'), id)",
      "(json_extract(doc, '$.owner'), json_extract(doc, '$.target'), json_extract(doc, '$.seq'), id)",
    ]);
    expect(indexesOf('c_other')).toEqual(["(json_extract(doc, '$.owner'), json_extract(doc, '$.action'), json_extract(doc, '$.seq'), id)"]);
  });

  describe('a page filtered on fields no index holds walks the owner\u2019s index in order, so its limit ends the walk', () => {
    const newestFirst = { field: 'seq', direction: 'desc' } as const;
    const planOf = (query: FindQuery) => {
      const where = whereClause(query.filter, query.sort, query.after);
      const sql = `EXPLAIN QUERY PLAN SELECT doc FROM ${TABLE} ${where.sql} ${orderClause(query.sort)} LIMIT ?`;
      return (db.prepare(sql).all(...where.params, query.limit + 1) as { detail: string }[]).map((row) => row.detail).join('; ');
    };

    it.each([
      // The seek: the owner (and target) equal, then the cursor's range on seq.
      ['action', { owner: 'o1', action: 'member.joined' }, '(<expr>=? AND <expr><?)'],
      ['actor', { owner: 'o1', actorId: 'u9' }, '(<expr>=? AND <expr><?)'],
      ['target', { owner: 'o1', target: 'u2' }, '(<expr>=? AND <expr>=? AND <expr><?)'],
    ])('%s', async (_case, filter, seek) => {
      await store.ensureCollections([trail]);
      const plan = planOf({ filter, sort: newestFirst, limit: 20, after: { value: '00000000000000000009', id: 'e9' } });
      expect(plan).toContain(`USING INDEX ix_${TABLE}_`);
      expect(plan).toContain(seek);
      // A sort step would read every matching entry before the first row came out.
      expect(plan).not.toContain('TEMP B-TREE');
    });
  });
});
