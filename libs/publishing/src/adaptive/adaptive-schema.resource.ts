import { EMPTY_ADAPTIVE_SCHEMA, templateConditions, TemplateCondition, UNSIGNED_DESCRIPTION } from './adaptive-schema';
import { AdaptiveClaim, AdaptiveSchema, AdaptiveUnsignedClaims } from './adaptive-schema.events';
import { SiteAdaptiveSchemaDoc } from './adaptive-schema.projection';

/** The client spec's SiteAdaptiveSchema. */
export type SiteAdaptiveSchemaResource = { object: 'site-adaptive-schema'; jsonSchema: AdaptiveSchema; updatedAt: string };

/** The spec requires a description on every claim: one set without answers an empty one. */
const described = (claim: AdaptiveClaim): AdaptiveClaim => ({ ...claim, description: claim.description ?? '' });

/**
 * The schema as the client's spec shapes it: every claim with its `description` (empty when none was
 * given) and the unsigned claims' object with the spec's fixed one; everything else as it was set.
 */
export function wireSchema(schema: AdaptiveSchema): AdaptiveSchema {
  const properties: AdaptiveSchema['properties'] = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (name !== 'unsigned') {
      properties[name] = described(property as AdaptiveClaim);
      continue;
    }
    const group = property as AdaptiveUnsignedClaims;
    const claims = Object.entries(group.properties).map(([claim, c]) => [claim, described(c)]);
    properties.unsigned = { ...group, description: UNSIGNED_DESCRIPTION, properties: Object.fromEntries(claims) };
  }
  return { ...schema, properties };
}

/** A site's schema, or for a site that never set one the empty schema as of the site's creation. */
export function siteAdaptiveSchemaResource(doc: SiteAdaptiveSchemaDoc | null, site: { createdAt: string }): SiteAdaptiveSchemaResource {
  return { object: 'site-adaptive-schema', jsonSchema: wireSchema(doc?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA), updatedAt: doc?.updatedAt ?? site.createdAt };
}

/** The template conditions list (not paginated in the client's spec). */
export function templateConditionsResource(doc: SiteAdaptiveSchemaDoc | null): { items: TemplateCondition[] } {
  return { items: templateConditions(doc?.jsonSchema ?? EMPTY_ADAPTIVE_SCHEMA) };
}
