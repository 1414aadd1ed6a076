import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, READ_STORE, ReadStore, Sort } from '@folio/platform/read-store/read-store.port';
import { candidateKeys } from './site-redirect-source';
import { RedirectOrder } from './site-redirect.dto';
import { SITE_REDIRECTS, SiteRedirectDoc } from './site-redirect.projection';

/** The list's orders (the spec's SiteRedirectOrderBy): newest first, last changed first, by source. */
const ORDERS: ReadonlyMap<RedirectOrder, Sort> = new Map([
  ['createdAt', { field: 'createdAt', direction: 'desc' }],
  ['updatedAt', { field: 'touchedAt', direction: 'desc' }],
  ['source', { field: 'source', direction: 'asc' }],
] as const);

export interface RedirectListFilters {
  search?: string;
  draft?: boolean;
  orderBy?: RedirectOrder;
}

/** Reads of the site-redirect read model; a redirect is read under the site the request went through. */
@Injectable()
export class SiteRedirectReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async redirect(siteId: string, siteRedirectId: string): Promise<SiteRedirectDoc> {
    const doc = await this.reads.get<SiteRedirectDoc>(SITE_REDIRECTS, siteRedirectId);
    if (!doc || doc.siteId !== siteId) throw new NotFound('site redirect');
    return doc;
  }

  /**
   * A page of the site's live redirects (drafts with `draft: true`), in the order asked, on the index of
   * that order; `search` is a part of the source, filtering that range.
   */
  list(siteId: string, filters: RedirectListFilters, list: ListQuery) {
    const filter: Filter = { siteId, draft: filters.draft ?? false };
    if (filters.search) filter.source = { $contains: filters.search };
    const sort = ORDERS.get(filters.orderBy ?? 'createdAt');
    return findPage<SiteRedirectDoc>(this.reads, SITE_REDIRECTS, { filter, sort }, list);
  }

  /**
   * The live redirect that answers `path`: its exact source, else the wildcard with the longest prefix of
   * it. One find on `[siteId, draft, match]` with every key that could answer (at most 513, the path
   * being at most 512 long), at most one redirect per key (a live source is unique).
   */
  async answering(siteId: string, path: string): Promise<SiteRedirectDoc | undefined> {
    const keys = candidateKeys(path);
    const { items } = await this.reads.find<SiteRedirectDoc>(SITE_REDIRECTS, { filter: { siteId, draft: false, match: { $in: keys } }, limit: keys.length });
    const rank = new Map(keys.map((key, i) => [key, i]));
    return items.sort((a, b) => (rank.get(a.match) ?? Infinity) - (rank.get(b.match) ?? Infinity))[0];
  }
}
