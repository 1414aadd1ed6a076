import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { NotFound } from '@folio/platform/domain/errors';
import { decodeCursor, DEFAULT_LIMIT, encodeCursor, ListQuery } from '@folio/platform/http/pagination';
import { findEvery } from '@folio/platform/read-store/find-every';
import { Filter, fold, READ_STORE, ReadStore, Sort } from '@folio/platform/read-store/read-store.port';
import { SHARE_LINKS, ShareLinkDoc } from './share-link.projection';

/** A page of a list, its cursor when more may follow. */
export interface ShareLinkPage {
  items: ShareLinkDoc[];
  next?: { page: string };
}

const OLDEST_FIRST: Sort = { field: 'createdAt', direction: 'asc' };

/** Reads of the share-link read model; a link is read under the site the request went through. */
@Injectable()
export class ShareLinkReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async shareLink(siteId: string, shareLinkId: string): Promise<ShareLinkDoc> {
    const doc = await this.reads.get<ShareLinkDoc>(SHARE_LINKS, shareLinkId);
    if (!doc || doc.siteId !== siteId) throw new NotFound('share link');
    return doc;
  }

  /**
   * Whether `key` opens the site: a link of that site, active, not revoked. The read model is up to date
   * with every write this process acknowledged (commands wait for the projections), so a link revoked
   * or turned off answers false from the moment its request returns.
   */
  async activeShareLink(siteId: string, key: string): Promise<boolean> {
    const doc = await this.byKey(key);
    return doc !== undefined && doc.siteId === siteId && doc.active;
  }

  /**
   * A page of the site's links, oldest first, on `[siteId, createdAt]`. `search` matches a part of the
   * name (any case) or the whole key: a key names one link, so when it matches, the page is the links
   * whose name matched plus that one, as ids on the same index range. The cursor is bound to the list as
   * asked.
   */
  async list(siteId: string, search: string | undefined, list: ListQuery): Promise<ShareLinkPage> {
    const filter: Filter = { siteId };
    if (search) {
      filter.nameFolded = { $contains: fold(search) };
      const keyed = await this.byKey(search);
      if (keyed?.siteId === siteId) {
        const named = await findEvery<ShareLinkDoc>(this.reads, SHARE_LINKS, filter);
        delete filter.nameFolded;
        filter.id = { $in: [...new Set([...named.map((d) => d.id), keyed.id])].sort() };
      }
    }
    const binding = createHash('sha256')
      .update(JSON.stringify([SHARE_LINKS, siteId, search ?? null, OLDEST_FIRST]))
      .digest('base64url')
      .slice(0, 16);
    const after = list.page ? decodeCursor(list.page, binding) : undefined;
    const page = await this.reads.find<ShareLinkDoc>(SHARE_LINKS, { filter, sort: OLDEST_FIRST, limit: list.limit ?? DEFAULT_LIMIT, after });
    return { items: page.items, ...(page.next ? { next: { page: encodeCursor(page.next, binding) } } : {}) };
  }

  private async byKey(key: string): Promise<ShareLinkDoc | undefined> {
    const { items } = await this.reads.find<ShareLinkDoc>(SHARE_LINKS, { filter: { key }, limit: 1 });
    return items[0];
  }
}
