import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { listEnvelope, ListEnvelope } from '@folio/platform/http/pagination';
import { SiteAccess } from '../sites/site-access';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { wildcardRest, withRest } from './site-redirect-source';
import { ListSiteRedirectsQuery } from './site-redirect.dto';
import { SiteRedirectReads } from './site-redirect.reads';
import { SiteRedirectResource, siteRedirectResource } from './site-redirect.resource';
import { SiteRedirectTargets } from './site-redirect-targets';
import { SpaceRedirects } from './space-redirects';
import { ReaderAccess } from '../readers/reader-access';

/** Every member of the organization lists a site's redirects (drafts with `draft=true`). */
export class ListSiteRedirects extends Query<ListEnvelope<SiteRedirectResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly siteId: string, readonly query: ListSiteRedirectsQuery) {
    super();
  }
}

@QueryHandler(ListSiteRedirects)
export class ListSiteRedirectsHandler implements IQueryHandler<ListSiteRedirects> {
  constructor(private readonly access: SiteAccess, private readonly sites: SiteReads, private readonly reads: SiteRedirectReads) {}

  async execute({ caller, organizationId, siteId, query }: ListSiteRedirects) {
    await this.access.role(caller, organizationId);
    const site = await this.sites.site(organizationId, siteId);
    const { search, draft, orderBy, ...list } = query;
    const page = await this.reads.list(site.id, { search, draft, orderBy }, list);
    return listEnvelope(page.items.map(siteRedirectResource), page.next);
  }
}

export interface RedirectAnswer {
  redirect: SiteRedirectResource;
  /** The URL the reader is sent to. */
  target: string;
}

/**
 * The live redirect a path of the site answers, and where it sends the reader (the spec's
 * getSiteRedirectBySource): a member of the organization, or a reader of this very site (a site token:
 * any other site is as missing as one that does not exist). The site's redirects first, then its spaces'
 * `.gitbook.yaml` ones (SpaceRedirects). 404 when none answers the path or its destination has no URL (an
 * unpublished site, a section or site space gone).
 */
export class GetSiteRedirectBySource extends Query<RedirectAnswer> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly siteId: string, readonly source: string) {
    super();
  }
}

@QueryHandler(GetSiteRedirectBySource)
export class GetSiteRedirectBySourceHandler implements IQueryHandler<GetSiteRedirectBySource> {
  constructor(
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly reads: SiteRedirectReads,
    private readonly targets: SiteRedirectTargets,
    private readonly spaces: SpaceRedirects,
    private readonly readers: ReaderAccess,
  ) {}

  async execute({ caller, organizationId, siteId, source }: GetSiteRedirectBySource): Promise<RedirectAnswer> {
    const site = await this.site(caller, organizationId, siteId);
    const found = await this.reads.answering(site.id, source);
    if (found) {
      const url = await this.targets.url(caller, site, found.destination);
      if (url !== null) return { redirect: siteRedirectResource(found), target: found.captureWildcard ? withRest(url, wildcardRest(found.source, source)) : url };
    }
    const fromSpace = await this.spaces.answer(caller, site, source);
    if (fromSpace) return fromSpace;
    throw new NotFound('site redirect');
  }

  private async site(caller: Caller, organizationId: string, siteId: string): Promise<SiteDoc> {
    const { reader } = caller;
    if (!reader) {
      await this.access.role(caller, organizationId);
      return this.sites.site(organizationId, siteId);
    }
    // Its own site, published, its share link active: a reader reads redirects only while it reads the site.
    await this.readers.open(reader, organizationId, siteId);
    return this.sites.site(organizationId, siteId);
  }
}

export const siteRedirectQueryHandlers = [ListSiteRedirectsHandler, GetSiteRedirectBySourceHandler];
