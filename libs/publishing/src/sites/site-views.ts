import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Role } from '@folio/platform/domain/roles';
import { GetSpacesForSite } from '@folio/content/public/site-spaces.query';
import { SiteDoc, SiteSpaceDoc } from './site.projection';
import { SiteReads } from './site.reads';
import { sitePublishedUrl, siteResource, siteSpaceResource } from './site.resource';

/** Sites and site spaces as resources for one caller: the documents, the spaces content shows the caller, the mappers. */
@Injectable()
export class SiteViews {
  constructor(
    private readonly reads: SiteReads,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async site(organizationId: string, siteId: string, role: Role | null) {
    return this.sites([await this.reads.site(organizationId, siteId)], role)[0];
  }

  sites(docs: SiteDoc[], role: Role | null) {
    return docs.map((doc) => siteResource(doc, { role, publicUrl: this.config.publicUrl, appUrl: this.config.appUrl }));
  }

  async siteSpace(site: SiteDoc, siteSpaceId: string, caller: Caller) {
    return (await this.siteSpaces(site, [await this.reads.siteSpace(site.id, siteSpaceId)], caller))[0];
  }

  /** Site spaces whose space the caller may no longer see are left out. */
  async siteSpaces(site: SiteDoc, docs: SiteSpaceDoc[], caller: Caller) {
    const spaces = await this.queries.execute(new GetSpacesForSite(caller, site.organizationId, [...new Set(docs.map((d) => d.spaceId))]));
    const defaultId = await this.reads.defaultSiteSpaceId(site);
    const publishedBase = site.published ? sitePublishedUrl(site, this.config.publicUrl) : undefined;
    return docs.flatMap((doc) => {
      const space = spaces.get(doc.spaceId);
      return space ? [siteSpaceResource(doc, space.resource, { isDefault: doc.id === defaultId, publishedBase })] : [];
    });
  }
}
