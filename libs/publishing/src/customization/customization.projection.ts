import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { SiteEvent } from '../sites/site.events';
import { CustomizationEvent, CustomizationSettings } from './customization.events';

export const SITE_CUSTOMIZATIONS = 'siteCustomizations';
export const SITE_SPACE_CUSTOMIZATIONS = 'siteSpaceCustomizations';

/** A site's settings as set (no document: the defaults), keyed by the site's id. */
export interface SiteCustomizationDoc {
  id: string;
  organizationId: string;
  settings: CustomizationSettings;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/** A site space's override, keyed by the site space's id. */
export interface SiteSpaceCustomizationDoc {
  id: string;
  siteId: string;
  organizationId: string;
  override: CustomizationSettings;
  updatedAt: string;
  logPosition: string;
  [key: string]: unknown;
}

/** Whether the document already holds the effect of the event at `position`. */
async function applied(tx: ReadTransaction, collection: string, id: string, position: string) {
  const doc = await tx.get<{ id: string; logPosition: string }>(collection, id);
  return doc !== null && comparePositions(position, doc.logPosition) <= 0;
}

/**
 * Sites' customizations and their site spaces' overrides, from the customization streams. Each event
 * carries the whole settings or override, so applying one is a copy. A deleted site takes its documents
 * with it, a removed site space its override (the sites' own events).
 */
export const customizationProjection = defineProjection<CustomizationEvent | SiteEvent>(
  'publishing-customizations',
  [
    { name: SITE_CUSTOMIZATIONS, indexes: [] },
    { name: SITE_SPACE_CUSTOMIZATIONS, indexes: [['siteId']] },
  ],
  {
    SiteCustomizationReplaced: async ({ data, position }, tx) => {
      if (await applied(tx, SITE_CUSTOMIZATIONS, data.siteId, position)) return;
      const doc: SiteCustomizationDoc = { id: data.siteId, organizationId: data.organizationId, settings: data.settings, updatedAt: data.replacedAt, logPosition: position };
      await tx.upsert(SITE_CUSTOMIZATIONS, doc);
    },
    SiteSpaceCustomizationOverridden: async ({ data, position }, tx) => {
      if (await applied(tx, SITE_SPACE_CUSTOMIZATIONS, data.siteSpaceId, position)) return;
      const doc: SiteSpaceCustomizationDoc = {
        id: data.siteSpaceId,
        siteId: data.siteId,
        organizationId: data.organizationId,
        override: data.override,
        updatedAt: data.overriddenAt,
        logPosition: position,
      };
      await tx.upsert(SITE_SPACE_CUSTOMIZATIONS, doc);
    },
    SiteSpaceCustomizationRemoved: async ({ data }, tx) => tx.delete(SITE_SPACE_CUSTOMIZATIONS, data.siteSpaceId),
    SiteSpaceRemoved: async ({ data }, tx) => {
      const doc = await tx.get<SiteSpaceCustomizationDoc>(SITE_SPACE_CUSTOMIZATIONS, data.siteSpaceId);
      if (doc && doc.siteId === data.siteId) await tx.delete(SITE_SPACE_CUSTOMIZATIONS, doc.id);
    },
    SiteDeleted: async ({ data }, tx) => {
      await tx.deleteMany(SITE_SPACE_CUSTOMIZATIONS, { siteId: data.siteId });
      await tx.delete(SITE_CUSTOMIZATIONS, data.siteId);
    },
  },
);
