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
   * site space it shows (its override over the site's), by site-space id.
   */
  async customizations(siteId: string, siteSpaceIds: readonly string[]): Promise<{ site: object; siteSpaces: Record<string, object> }> {
    const [site, overrides] = await Promise.all([
      this.reads.get<SiteCustomizationDoc>(SITE_CUSTOMIZATIONS, siteId),
      findEvery<SiteSpaceCustomizationDoc>(this.reads, SITE_SPACE_CUSTOMIZATIONS, { siteId }),
    ]);
    const byId = new Map(overrides.map((override) => [override.id, override]));
    return {
      site: siteCustomization(site?.settings ?? null, site?.updatedAt),
      // Every site space shown gets its settings (GitBook's renderer looks each one up here), and only those.
      siteSpaces: Object.fromEntries(siteSpaceIds.map((id) => [id, siteSpaceCustomization(site, byId.get(id) ?? null)])),
    };
  }
}
