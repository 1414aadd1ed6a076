import { BadRequestException } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { createHash } from 'node:crypto';
import { IsQueryInteger } from './validators';
import { CursorKey, Doc, FindQuery, Page, ReadStore, Sort } from '../read-store/read-store.port';

export const DEFAULT_LIMIT = 100;

/** The `page` and `limit` query parameters every list accepts. */
export class ListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  page?: string;

  @IsOptional()
  @IsQueryInteger(1, 1000)
  limit?: number;
}

export interface ListEnvelope<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/**
 * A cursor is the last item's sort key, bound to the query it came from (collection, filter, sort) so a
 * cursor replayed against another query is refused instead of silently skipping items.
 */
export function encodeCursor(key: CursorKey, binding: string): string {
  return Buffer.from(JSON.stringify({ v: key.value, i: key.id, b: binding })).toString('base64url');
}

export function decodeCursor(page: string, binding: string): CursorKey {
  try {
    const parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as { v: unknown; i: unknown; b: unknown };
    const valueOk = parsed.v === null || ['string', 'number', 'boolean'].includes(typeof parsed.v);
    if (parsed.b === binding && typeof parsed.i === 'string' && valueOk) return { value: parsed.v as CursorKey['value'], id: parsed.i };
  } catch {
    // fall through: any undecodable cursor is the same bad request
  }
  throw new BadRequestException('page: not a cursor of this list');
}

/** What a list's cursors are bound to: its collection, what was asked of it (by default its filter), and its sort. */
export function cursorBinding(collection: string, boundTo: unknown, sort: Sort | undefined): string {
  return createHash('sha256').update(JSON.stringify([collection, boundTo ?? {}, sort ?? null])).digest('base64url').slice(0, 16);
}

/**
 * One page of a collection, with `next.page` when more may follow. The cursor is bound to the query's
 * filter, or to `boundTo`: the filters as the caller asked them, where the filter is resolved from them
 * (ids another document names), so that a cursor outlives a change of that resolution between two pages.
 */
export async function findPage<T extends Doc>(
  store: ReadStore,
  collection: string,
  query: Omit<FindQuery, 'limit' | 'after'>,
  list: ListQuery,
  boundTo: unknown = query.filter,
): Promise<{ items: T[]; next?: { page: string } }> {
  const binding = cursorBinding(collection, boundTo, query.sort);
  const after = list.page ? decodeCursor(list.page, binding) : undefined;
  const page: Page<T> = await store.find<T>(collection, { ...query, limit: list.limit ?? DEFAULT_LIMIT, after });
  return { items: page.items, ...(page.next ? { next: { page: encodeCursor(page.next, binding) } } : {}) };
}

export function listEnvelope<T>(items: T[], next?: { page: string }): ListEnvelope<T> {
  return { items, count: items.length, ...(next ? { next } : {}) };
}
