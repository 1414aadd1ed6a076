import { Inject, Injectable } from '@nestjs/common';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { siteCustomization, siteSpaceCustomization } from './customization-settings';
import { CustomizationSettings } from './customization.events';
import { SITE_CUSTOMIZATIONS, SITE_SPACE_CUSTOMIZATIONS, SiteCustomizationDoc, SiteSpaceCustomizationDoc } from './customization.projection';

/**
 * Customizations as answered: the client spec's SiteCustomizationSettings, every required field present
 * (the defaults under what the site set, a site space's override over that). Read under a site (and site
 * space) the caller has already been allowed to read.
 */
@Injectable()
export class CustomizationReads {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async site(siteId: string): Promise<CustomizationSettings> {
    const doc = await this.reads.get<SiteCustomizationDoc>(SITE_CUSTOMIZATIONS, siteId);
    return siteCustomization(doc?.settings ?? null, doc?.updatedAt);
  }

  async siteSpace(siteId: string, siteSpaceId: string): Promise<CustomizationSettings> {
    const [site, override] = await this.reads.snapshot([
      { collection: SITE_CUSTOMIZATIONS, id: siteId },
      { collection: SITE_SPACE_CUSTOMIZATIONS, id: siteSpaceId },
    ]);
    const own = override as SiteSpaceCustomizationDoc | null;
    return siteSpaceCustomization(site as SiteCustomizationDoc | null, own?.siteId === siteId ? own : null);
  }

  /**
   * What the published-content route answers as `customizations`: the site's settings, and those of each
   * site space it shows that overrides them (its override over the site's), by site-space id.
   */
  async customizations(siteId: string, siteSpaceIds: readonly string[]): Promise<{ site: object; siteSpaces: Record<string, object> }> {
    const [site, overrides] = await Promise.all([
      this.reads.get<SiteCustomizationDoc>(SITE_CUSTOMIZATIONS, siteId),
      findEvery<SiteSpaceCustomizationDoc>(this.reads, SITE_SPACE_CUSTOMIZATIONS, { siteId }),
    ]);
    const shown = new Set(siteSpaceIds);
    return {
      site: siteCustomization(site?.settings ?? null, site?.updatedAt),
      // Only the overrides: a site space without one reads as its site (GitBook's renderer falls back to the
      // site's settings), and a site of 1,000 site spaces would otherwise answer a thousand copies of them.
      siteSpaces: Object.fromEntries(overrides.filter((override) => shown.has(override.id)).map((override) => [override.id, siteSpaceCustomization(site, override)])),
    };
  }
}
