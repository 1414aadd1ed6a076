import Database from 'better-sqlite3';
import { BadRequestException } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NotFound } from '@folio/platform/domain/errors';
import { ListQuery } from '@folio/platform/http/pagination';
import { FindQuery } from '@folio/platform/read-store/read-store.port';
import { orderClause, whereClause } from '@folio/platform/read-store/sqlite/sqlite-filter';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { GetUserProfiles, UserProfile } from '@folio/identity/public/user-profiles.query';
import { commentDoc, replyDoc } from '../testing/comment-docs';
import { COMMENT_REPLIES, COMMENTERS, COMMENTS, CommentDoc, commentProjection, CommentReplyDoc, scopeOf } from './comment.projection';
import { CommentFilters, CommentReads, MERGED_AUTHORS_MAX } from './comment.reads';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const body = { object: 'document' as const, data: {}, nodes: [] };

const comment = (id: string, fields: Partial<CommentDoc> = {}): CommentDoc =>
  commentDoc({ id, target: { page: 'p1' }, body, postedAt: at(0), scope: scopeOf(fields.spaceId ?? 's1', fields.changeRequestId ?? null), ...fields });
const reply = (id: string, commentId: string, postedAt: string, scope = 's1'): CommentReplyDoc => replyDoc({ id, commentId, body, postedAt, scope, position: '1' });

const profile = (id: string): UserProfile => ({ object: 'user', id, displayName: id.toUpperCase(), email: `${id}@example.com`, urls: { location: `http://x/v1/users/${id}` } });

describe('CommentReads', () => {
  let dir: string;
  let store: SqliteReadStore;
  let reads: CommentReads;
  const asked: string[][] = [];
  const queries = {
    execute: async (query: GetUserProfiles) => {
      asked.push(query.userIds);
      return query.userIds.filter((id) => id !== 'ghost').map(profile);
    },
  } as unknown as QueryBus;

  const seed = (collection: string, docs: { id: string }[]) =>
    store.transaction('test', '1', async (tx) => {
      for (const doc of docs) await tx.upsert(collection, doc);
    });

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
    asked.length = 0;
    dir = mkdtempSync(join(tmpdir(), 'folio-comment-reads-'));
    store = new SqliteReadStore(join(dir, 'read.db'));
    await store.ensureCollections(commentProjection.collections);
    reads = new CommentReads(store, queries);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names a scope by the space, and by the space and the request', () => {
    expect(scopeOf('s1', null)).toBe('s1');
    expect(scopeOf('s1', 'cr1')).toBe('s1/cr1');
  });

  it('reads a comment and a reply only in their scope and thread', async () => {
    await seed(COMMENTS, [comment('c1'), comment('c2', { changeRequestId: 'cr1' })]);
    await seed(COMMENT_REPLIES, [reply('r1', 'c1', at(1))]);
    expect((await reads.comment('s1', 'c1')).id).toBe('c1');
    expect((await reads.comment('s1/cr1', 'c2')).id).toBe('c2');
    await expect(reads.comment('s1', 'c2')).rejects.toThrow(new NotFound('comment'));
    await expect(reads.comment('s2', 'c1')).rejects.toThrow(NotFound);
    await expect(reads.comment('s1', 'nope')).rejects.toThrow(NotFound);
    expect((await reads.reply('s1', 'c1', 'r1')).id).toBe('r1');
    await expect(reads.reply('s1', 'c2', 'r1')).rejects.toThrow(new NotFound('comment reply'));
    await expect(reads.reply('s1/cr1', 'c1', 'r1')).rejects.toThrow(NotFound);
    await expect(reads.reply('s1', 'c1', 'nope')).rejects.toThrow(NotFound);
  });

  describe('listComments', () => {
    const authors = ['alice', 'bob', 'carol'];
    /** 30 comments a minute apart in s1, by three authors in turn, every third one resolved, two pages; one on a request. */
    beforeEach(() =>
      seed(COMMENTS, [
        ...Array.from({ length: 30 }, (_, i) =>
          comment(`c${String(i).padStart(2, '0')}`, {
            postedBy: authors[i % 3],
            postedAt: at(i),
            status: i % 3 === 0 ? 'resolved' : 'open',
            pageId: i % 2 ? 'p1' : 'p2',
          }),
        ),
        comment('other', { changeRequestId: 'cr1', postedAt: at(5) }),
      ]),
    );
    const all: CommentFilters = { order: 'desc', status: 'all' };
    const expected = (keep: (i: number) => boolean, order: 'asc' | 'desc' = 'desc') => {
      const ids = Array.from({ length: 30 }, (_, i) => i).filter(keep).map((i) => `c${String(i).padStart(2, '0')}`);
      return order === 'desc' ? ids.reverse() : ids;
    };

    it('lists newest first, or oldest first, page by page', async () => {
      expect(await walk((list) => reads.listComments('s1', all, list), 7)).toEqual({ ids: expected(() => true), pages: 5 });
      expect((await walk((list) => reads.listComments('s1', { ...all, order: 'asc' }, list), 100)).ids).toEqual(expected(() => true, 'asc'));
      expect((await reads.listComments('s1/cr1', all, {})).items.map((c) => c.id)).toEqual(['other']);
    });

    it('filters by status, page and author', async () => {
      expect((await walk((list) => reads.listComments('s1', { ...all, status: 'open' }, list), 4)).ids).toEqual(expected((i) => i % 3 !== 0));
      expect((await walk((list) => reads.listComments('s1', { ...all, status: 'resolved' }, list), 4)).ids).toEqual(expected((i) => i % 3 === 0));
      expect((await walk((list) => reads.listComments('s1', { ...all, targetPage: 'p1' }, list), 4)).ids).toEqual(expected((i) => i % 2 === 1));
      expect((await walk((list) => reads.listComments('s1', { ...all, authors: ['bob'] }, list), 4)).ids).toEqual(expected((i) => i % 3 === 1));
      expect((await walk((list) => reads.listComments('s1', { ...all, authors: [] }, list), 100)).ids).toEqual(expected(() => true));
    });

    it('merges several authors page by page, in either order, with the other filters', async () => {
      const two = { ...all, authors: ['carol', 'alice'] };
      expect(await walk((list) => reads.listComments('s1', two, list), 3)).toEqual({ ids: expected((i) => i % 3 !== 1), pages: 7 });
      expect((await walk((list) => reads.listComments('s1', { ...two, order: 'asc' }, list), 6)).ids).toEqual(expected((i) => i % 3 !== 1, 'asc'));
      expect((await walk((list) => reads.listComments('s1', { ...two, status: 'open', targetPage: 'p1' }, list), 1)).ids).toEqual(
        expected((i) => i % 3 === 2 && i % 2 === 1),
      );
      expect((await reads.listComments('s1', two, { limit: 20 })).next).toBeUndefined();
    });

    it('lists past the authors it merges with one $in query', async () => {
      const many = [...authors, ...Array.from({ length: MERGED_AUTHORS_MAX }, (_, i) => `nobody${i}`)];
      expect((await walk((list) => reads.listComments('s1', { ...all, authors: many }, list), 8)).ids).toEqual(expected(() => true));
    });

    it("refuses a cursor from another list's filters", async () => {
      const first = await reads.listComments('s1', { ...all, authors: ['alice', 'bob'] }, { limit: 2 });
      await expect(reads.listComments('s1', { ...all, authors: ['alice', 'carol'] }, { limit: 2, page: first.next!.page })).rejects.toThrow(BadRequestException);
      const open = await reads.listComments('s1', { ...all, status: 'open' }, { limit: 2 });
      await expect(reads.listComments('s1', all, { limit: 2, page: open.next!.page })).rejects.toThrow(BadRequestException);
    });
  });

  it("lists a comment's replies oldest first, and no other thread's", async () => {
    await seed(COMMENT_REPLIES, [reply('r3', 'c1', at(3)), reply('r1', 'c1', at(1)), reply('r2', 'c1', at(2)), reply('x', 'c2', at(0)), reply('y', 'c1', at(0), 's1/cr1')]);
    expect(await walk((list) => reads.listReplies('s1', 'c1', list), 2)).toEqual({ ids: ['r1', 'r2', 'r3'], pages: 2 });
  });

  it("lists a scope's commenters in the order they first posted", async () => {
    const commenter = (userId: string, firstPostedAt: string, scope = 's1') => ({ id: `${scope}:${userId}`, scope, organizationId: 'o1', userId, count: 1, firstPostedAt, position: '1' });
    await seed(COMMENTERS, [commenter('bob', at(2)), commenter('alice', at(1)), commenter('carol', at(3)), commenter('dave', at(0), 's1/cr1')]);
    expect(await walk((list) => reads.listCommenters('s1', list), 2)).toEqual({ ids: ['s1:alice', 's1:bob', 's1:carol'], pages: 2 });
  });

  it("gives the ids of a space's comments, its requests' included, a batch at a time", async () => {
    await seed(COMMENTS, [comment('c1'), comment('c2', { changeRequestId: 'cr1' }), comment('c3', { spaceId: 's2' }), comment('c4')]);
    expect(await reads.commentIdsInSpace('s1', 10)).toEqual(['c1', 'c2', 'c4']);
    expect(await reads.commentIdsInSpace('s1', 2)).toEqual(['c1', 'c2']);
    expect(await reads.commentIdsInSpace('s9', 10)).toEqual([]);
  });

  it('asks identity once for the distinct users, and not at all for none', async () => {
    const users = await reads.profiles(['alice', undefined, 'bob', 'alice', 'ghost']);
    expect(asked).toEqual([['alice', 'bob', 'ghost']]);
    expect([...users.keys()]).toEqual(['alice', 'bob']);
    expect(users.get('bob')).toEqual(profile('bob'));
    expect(await reads.profiles([undefined])).toEqual(new Map());
    expect(asked).toHaveLength(1);
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
    const after = { value: at(5), id: 'c05' };
    const newest = { field: 'postedAt', direction: 'desc' } as const;

    // How many of the filter's equalities the index takes before its range on the sort key (the rest, at
    // most, filter the range's entries).
    it.each([
      ['comments', COMMENTS, 1, { filter: { scope: 's1' }, sort: newest, after }],
      ['comments by status', COMMENTS, 2, { filter: { scope: 's1', status: 'open' }, sort: newest, after }],
      ['comments on a page', COMMENTS, 2, { filter: { scope: 's1', pageId: 'p1' }, sort: newest, after }],
      ['comments by an author', COMMENTS, 2, { filter: { scope: 's1', postedBy: 'bob' }, sort: { field: 'postedAt', direction: 'asc' }, after }],
      ['comments by an author, open, on a page', COMMENTS, 2, { filter: { scope: 's1', postedBy: 'bob', status: 'open', pageId: 'p1' }, sort: newest, after }],
      ['replies', COMMENT_REPLIES, 1, { filter: { commentId: 'c1', scope: 's1' }, sort: { field: 'postedAt', direction: 'asc' }, after }],
      ['commenters', COMMENTERS, 1, { filter: { scope: 's1' }, sort: { field: 'firstPostedAt', direction: 'asc' }, after }],
      ["a space's comment ids", COMMENTS, 1, { filter: { spaceId: 's1' }, after: { value: 'c1', id: 'c1' } }],
    ] as [string, string, number, Omit<FindQuery, 'limit'>][])('%s: an index range in the sort order', (_name, collection, equalities, query) => {
      const detail = plan(collection, query);
      const range = new RegExp(`^SEARCH c_${collection} USING INDEX ix_c_${collection}_\\w+ \\(${'<expr>=\\? AND '.repeat(equalities)}(<expr>|id)[<>]\\?\\)$`);
      expect(detail).toMatch(range);
    });
  });
});
