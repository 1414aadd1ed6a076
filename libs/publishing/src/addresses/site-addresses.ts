import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { FindOrganizationByAddress, GetOrganizationAddress } from '@folio/identity/public/organization-address.query';
import { KeptWhileUnchanged } from '@folio/platform/read-store/kept-while-unchanged';
import { SITES, SiteDoc } from '../sites/site.projection';
import { AddressedSite, matchTemplate, parseTemplate, siteAddress, SiteUrl } from './site-address';
import { BasenameDoc, foldBasename, SITE_ADDRESSES, SiteAddressDoc } from './site-address.projection';

/** Where a URL leads: a site and how many of the URL's path segments name it, or the URL it moved to. */
export type Located = { site: SiteDoc; consumed: number } | { movedTo: string; consumed: number };

/** Addresses kept: one per organization and one per site URL asked, tens of bytes each. */
const MAX_KEPT = 2_000;

/**
 * Sites' addresses (site-address.ts) with what they need from the read models: the organization's
 * `{org}` (identity's, through its public query) and, to resolve a URL, the site a custom hostname or a
 * basename names. Both are kept under the read store's change mark (KeptWhileUnchanged), so a URL resolved
 * again while nothing changed reads no document.
 */
@Injectable()
export class SiteAddresses {
  private readonly template: string;
  private readonly publicHost: string;
  private readonly templateParts: ReturnType<typeof parseTemplate>;
  private readonly organizationKeys: KeptWhileUnchanged<string>;
  private readonly located: KeptWhileUnchanged<Located | null>;

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: FolioConfig,
    clock: Clock,
  ) {
    this.template = config.publicSitesUrl;
    this.publicHost = new URL(config.publicUrl).hostname;
    this.templateParts = parseTemplate(this.template);
    this.organizationKeys = new KeptWhileUnchanged(reads, clock, MAX_KEPT);
    this.located = new KeptWhileUnchanged(reads, clock, MAX_KEPT);
  }

  /**
   * Whether Folio serves sites under this host itself: PUBLIC_SITES_URL's host, one its `{org}` could
   * make, or PUBLIC_URL's. A custom hostname there would take those sites' URLs (it is looked up first).
   */
  isFolioHost(hostname: string): boolean {
    // The template's own path under that host: it matches whenever the host is one of the template's.
    const underTemplate = matchTemplate(this.templateParts, { origin: '', host: hostname, segments: this.templateParts.segments }) !== null;
    return underTemplate || hostname === this.publicHost;
  }

  /** What `{org}` is for the organization: its hostname, else its id. */
  organizationKey(organizationId: string): Promise<string> {
    return this.organizationKeys.get(organizationId, async () => (await this.queries.execute(new GetOrganizationAddress(organizationId)))?.hostname ?? organizationId);
  }

  /** The URL the site is served at (whether or not it is published now). */
  async of(site: AddressedSite & { organizationId: string }): Promise<string> {
    return siteAddress(site, await this.organizationKey(site.organizationId), this.template);
  }

  /**
   * The site a URL is under: the one whose custom hostname is the URL's host, else, under PUBLIC_SITES_URL,
   * the one of `{org}`'s organization the next segment names (a basename, or the id of a site without one).
   * A basename a site held before, the id of a site that has a basename since, or the id of an organization
   * that has a hostname since, leads to where that site is now (unless another site holds that basename).
   * Null when nothing is there.
   */
  locate(url: SiteUrl): Promise<Located | null> {
    const match = matchTemplate(this.templateParts, url);
    const named = match ? url.segments.slice(0, match.consumed + 1) : [];
    return this.located.get(JSON.stringify([url.host, ...named]), async () => {
      const byHost = await this.reads.find<SiteAddressDoc>(SITE_ADDRESSES, { filter: { hostname: url.host }, limit: 1 });
      const hosted = byHost.items[0];
      if (hosted) return this.live(hosted.siteId, 0);
      const segment = match ? url.segments[match.consumed] : undefined;
      if (!match || segment === undefined) return null;
      const organization = await this.queries.execute(new FindOrganizationByAddress(match.organizationKey));
      if (!organization) return null;
      const found = await this.bySegment(organization.organizationId, segment, match.consumed + 1);
      // Named by its id, an organization with a hostname since: its sites are under the hostname now.
      const current = organization.hostname ?? organization.organizationId;
      return found && 'site' in found && current !== match.organizationKey ? this.moved(found.site, found.consumed) : found;
    });
  }

  /**
   * Whether a site other than `siteId` holds the basename in its organization now, as the read model
   * says: sites given their basename before basenames were reserved hold it without a reservation.
   */
  async basenameHeldByAnother(organizationId: string, basename: string, siteId: string): Promise<boolean> {
    const holders = await this.reads.find<BasenameDoc>(SITE_ADDRESSES, { filter: { organizationId, basename: foldBasename(basename) }, limit: 100 });
    return holders.items.some((h) => h.current && h.siteId !== siteId);
  }

  private async bySegment(organizationId: string, segment: string, consumed: number): Promise<Located | null> {
    const holders = await this.reads.find<BasenameDoc>(SITE_ADDRESSES, { filter: { organizationId, basename: foldBasename(segment) }, limit: 100 });
    // Older data may have one basename on several sites: the oldest is served.
    const current = holders.items.filter((h) => h.current).sort((a, b) => (a.siteCreatedAt < b.siteCreatedAt ? -1 : a.siteCreatedAt > b.siteCreatedAt ? 1 : a.siteId < b.siteId ? -1 : 1))[0];
    if (current) return this.live(current.siteId, consumed);
    const byId = await this.reads.get<SiteDoc>(SITES, segment);
    if (byId && byId.organizationId === organizationId) return byId.basename === null ? { site: byId, consumed } : this.moved(byId, consumed);
    // Of the sites that held it, the last to let it go.
    const former = holders.items.sort((a, b) => comparePositions(b.leftAt ?? '0', a.leftAt ?? '0'))[0];
    if (!former) return null;
    const site = await this.reads.get<SiteDoc>(SITES, former.siteId);
    return site ? this.moved(site, consumed) : null;
  }

  private async live(siteId: string, consumed: number): Promise<Located | null> {
    const site = await this.reads.get<SiteDoc>(SITES, siteId);
    return site ? { site, consumed } : null;
  }

  private async moved(site: SiteDoc, consumed: number): Promise<Located> {
    return { movedTo: await this.of(site), consumed };
  }
}
