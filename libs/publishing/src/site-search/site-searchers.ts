import { Injectable } from '@nestjs/common';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { ReaderAccess } from '../readers/reader-access';
import { SiteAccess } from '../sites/site-access';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';

/** Who searches a published site: the site, whose spaces are read as whom, and the claims deciding its sections. */
export interface SiteSearcher {
  site: SiteDoc;
  /** A member reads the spaces as they may see them; a reader (null) as the site shows them to its visitors. */
  viewer: Caller | null;
  claims: Record<string, unknown>;
}

/**
 * Who may search a site's published content: a member of its organization, as an anonymous visitor
 * (claims `{}`) who reads the spaces the member may read; and the reader of a site token of that very
 * site, with its claims, while the site is published and (a share-link site) its share key still
 * active. Anyone else, another site's reader included, and any caller of a site not published, gets
 * 404: an unpublished site has no published content, and a reader must not learn what exists.
 */
@Injectable()
export class SiteSearchers {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly readers: ReaderAccess,
  ) {}

  async searcher(caller: Caller, organizationId: string, siteId: string): Promise<SiteSearcher> {
    const { reader } = caller;
    if (reader) {
      // The reader's own checks: its site, still published, its share link still active.
      await this.readers.open(reader, organizationId, siteId);
      return { site: await this.reads.site(organizationId, siteId), viewer: null, claims: reader.claims };
    }
    await this.access.role(caller, organizationId);
    const site = await this.reads.site(organizationId, siteId);
    if (!site.published) throw new NotFound('site');
    return { site, viewer: caller, claims: {} };
  }
}
