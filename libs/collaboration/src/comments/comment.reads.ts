import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { cursorBinding, decodeCursor, DEFAULT_LIMIT, encodeCursor, findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, READ_STORE, ReadStore, Sort } from '@folio/platform/read-store/read-store.port';
import { GetUserProfiles, UserProfile } from '@folio/identity/public/user-profiles.query';
import {
  COMMENT_REPLIES,
  COMMENTERS,
  CommenterDoc,
  COMMENTS,
  CommentDoc,
  CommentReplyDoc,
} from './comment.projection';

/** The comment list's filters; `authors` are user ids (none, or an empty list: anyone's). */
export interface CommentFilters {
  order: 'asc' | 'desc';
  status: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string[];
}

/** A page of a list, its cursor when more may follow. */
export interface CommentPage<T> {
  items: T[];
  next?: { page: string };
}

/**
 * Up to this many authors, a list filtered by several is merged from one keyset page per author (each on
 * the `[scope, postedBy, postedAt]` index), so its cost does not grow with the depth of the page. Past
 * it, one `$in` query: the database chooses, and a deep page may cost more.
 */
export const MERGED_AUTHORS_MAX = 10;

/**
 * Reads of the comment read models, by scope: a space, or one of its change requests (`scopeOf`). A
 * comment or reply outside the scope asked for is as missing as one that does not exist.
 */
@Injectable()
export class CommentReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async comment(scope: string, commentId: string): Promise<CommentDoc> {
    const doc = await this.reads.get<CommentDoc>(COMMENTS, commentId);
    if (!doc || doc.scope !== scope) throw new NotFound('comment');
    return doc;
  }

  async reply(scope: string, commentId: string, replyId: string): Promise<CommentReplyDoc> {
    const doc = await this.reads.get<CommentReplyDoc>(COMMENT_REPLIES, replyId);
    if (!doc || doc.scope !== scope || doc.commentId !== commentId) throw new NotFound('comment reply');
    return doc;
  }

  /**
   * A page of the scope's comments by `postedAt`. Every filter is an equality that leads one of the
   * collection's indexes after the scope, so a page is a keyset range on an index whatever its depth;
   * several authors are merged from one such range each (see `MERGED_AUTHORS_MAX`).
   */
  async listComments(scope: string, filters: CommentFilters, list: ListQuery): Promise<CommentPage<CommentDoc>> {
    const filter: Filter = { scope };
    if (filters.status !== 'all') filter.status = filters.status;
    if (filters.targetPage !== undefined) filter.pageId = filters.targetPage;
    const sort: Sort = { field: 'postedAt', direction: filters.order };
    const authors = [...new Set(filters.authors ?? [])].sort();
    if (authors.length > 1 && authors.length <= MERGED_AUTHORS_MAX) return this.byAuthors(filter, authors, sort, list);
    if (authors.length === 1) filter.postedBy = authors[0];
    else if (authors.length > 1) filter.postedBy = { $in: authors };
    return findPage<CommentDoc>(this.reads, COMMENTS, { filter, sort }, list);
  }

  /** The comment's replies, oldest first. */
  listReplies(scope: string, commentId: string, list: ListQuery): Promise<CommentPage<CommentReplyDoc>> {
    return findPage<CommentReplyDoc>(
      this.reads,
      COMMENT_REPLIES,
      { filter: { commentId, scope }, sort: { field: 'postedAt', direction: 'asc' } },
      list,
    );
  }

  /** The members with live comments or replies in the scope, in the order they first posted. */
  listCommenters(scope: string, list: ListQuery): Promise<CommentPage<CommenterDoc>> {
    return findPage<CommenterDoc>(this.reads, COMMENTERS, { filter: { scope }, sort: { field: 'firstPostedAt', direction: 'asc' } }, list);
  }

  /** Up to `limit` ids of the space's live comments, its change requests' included: the purge's next batch. */
  async commentIdsInSpace(spaceId: string, limit: number): Promise<string[]> {
    const page = await this.reads.find<CommentDoc>(COMMENTS, { filter: { spaceId }, limit });
    return page.items.map((c) => c.id);
  }

  /** The User resources of these users, by id (identity answers; an unknown id is absent). */
  async profiles(userIds: Iterable<string | undefined>): Promise<Map<string, UserProfile>> {
    const ids = [...new Set([...userIds].filter((id): id is string => id !== undefined))];
    const profiles = ids.length ? await this.queries.execute(new GetUserProfiles(ids)) : [];
    return new Map(profiles.map((p) => [p.id, p]));
  }

  /**
   * One keyset page per author, merged: the first `limit` of them in the sort order are the page, and the
   * last one's key is the cursor every author's next page starts after.
   */
  private async byAuthors(filter: Filter, authors: string[], sort: Sort, list: ListQuery): Promise<CommentPage<CommentDoc>> {
    const binding = cursorBinding(COMMENTS, ['byAuthors', filter, authors], sort);
    const after = list.page ? decodeCursor(list.page, binding) : undefined;
    const limit = list.limit ?? DEFAULT_LIMIT;
    const pages = await Promise.all(
      authors.map((postedBy) => this.reads.find<CommentDoc>(COMMENTS, { filter: { ...filter, postedBy }, sort, limit, after })),
    );
    const sign = sort.direction === 'asc' ? 1 : -1;
    const merged = pages
      .flatMap((p) => p.items)
      .sort((a, b) => sign * (a.postedAt < b.postedAt ? -1 : a.postedAt > b.postedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const items = merged.slice(0, limit);
    const last = items.at(-1);
    const more = merged.length > limit || pages.some((p) => p.next !== undefined);
    return { items, ...(more && last ? { next: { page: encodeCursor({ value: last.postedAt, id: last.id }, binding) } } : {}) };
  }
}
