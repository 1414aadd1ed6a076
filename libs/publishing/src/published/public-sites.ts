import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@folio/platform/clock';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GetPublicSitesOfSpace } from '../public/public-sites.query';
import { SITES, SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { SiteVisibility } from '../sites/site.events';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';

/** Visibilities whose published content anyone may read: its files may have URLs anyone may keep. */
const OPEN_TO_ANYONE: ReadonlySet<SiteVisibility> = new Set(['public', 'unlisted']);
/** Spaces whose answer is kept: each is a few ids. */
const KEPT_SPACES = 10_000;

/**
 * Answered on every read of a revision (its file URLs depend on it) and every follow of a site's file
 * URL, so kept per space under the read store's change mark taken before reading: any commit asks again,
 * and where the store cannot tell (MongoDB) nothing is kept.
 */
@QueryHandler(GetPublicSitesOfSpace)
export class GetPublicSitesOfSpaceHandler implements IQueryHandler<GetPublicSitesOfSpace> {
  private readonly kept: KeptWhileUnchanged<string[]>;

  constructor(
    private readonly sites: SiteReads,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    clock: Clock,
  ) {
    this.kept = new KeptWhileUnchanged(reads, clock, KEPT_SPACES);
  }

  execute({ spaceId }: GetPublicSitesOfSpace): Promise<string[]> {
    return this.kept.get(spaceId, async () => {
      const siteIds = [...new Set((await this.sites.siteSpacesOfSpace(spaceId)).map((siteSpace) => siteSpace.siteId))];
      const docs = await Promise.all(siteIds.map((id) => this.reads.get<SiteDoc>(SITES, id)));
      return docs
        .filter((site): site is SiteDoc => site !== null && site.published && OPEN_TO_ANYONE.has(site.visibility))
        .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))
        .map((site) => site.id);
    });
  }
}
