import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { SiteEvent } from '../sites/site.events';
import { AdaptiveSchema, SiteAdaptiveSchemaEvent } from './adaptive-schema.events';

export const SITE_ADAPTIVE_SCHEMAS = 'siteAdaptiveSchemas';

/** One document per site that set a schema, keyed by the site's id; a deleted site's goes with it. */
export interface SiteAdaptiveSchemaDoc {
  id: string;
  organizationId: string;
  jsonSchema: AdaptiveSchema;
  updatedAt: string;
  /** Log position of the last event applied: a replayed one changes nothing. */
  position: string;
  [key: string]: unknown;
}

/** What this projection reads: its own events, and a site's deletion. */
type Projected = SiteAdaptiveSchemaEvent | Extract<SiteEvent, { type: 'SiteDeleted' }>;

/**
 * The sites' adaptive schemas. A schema set replaces the document unless it already holds that event or
 * a later one; a deleted site's document is removed (a replayed tail ends with the deletion again).
 */
export const siteAdaptiveSchemaProjection = defineProjection<Projected>('publishing-adaptive-schemas', [{ name: SITE_ADAPTIVE_SCHEMAS, indexes: [] }], {
  SiteAdaptiveSchemaSet: async ({ data, position }, tx) => {
    const doc = await tx.get<SiteAdaptiveSchemaDoc>(SITE_ADAPTIVE_SCHEMAS, data.siteId);
    if (doc && comparePositions(position, doc.position) <= 0) return;
    const next: SiteAdaptiveSchemaDoc = { id: data.siteId, organizationId: data.organizationId, jsonSchema: data.jsonSchema, updatedAt: data.updatedAt, position };
    await tx.upsert(SITE_ADAPTIVE_SCHEMAS, next);
  },
  SiteDeleted: async ({ data }, tx) => {
    await tx.delete(SITE_ADAPTIVE_SCHEMAS, data.siteId);
  },
});
