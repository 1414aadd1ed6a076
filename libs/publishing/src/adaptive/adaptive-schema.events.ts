/**
 * A site's adaptive schema: the visitor claims its conditions may read (`visitor.claims.<claim>`,
 * `visitor.claims.unsigned.<claim>`). Its own aggregate beside the site's, so a schema change never
 * contends with the site's structure. Types, not interfaces: event data is a plain record.
 */

/** One boolean claim of the visitor. */
export type AdaptiveClaim = {
  type: 'boolean';
  description?: string;
};

/** The claims the visitor's browser sets (not signed): `visitor.claims.unsigned.<claim>`. */
export type AdaptiveUnsignedClaims = {
  type: 'object';
  /** Only the spec's fixed text, when given. */
  description?: string;
  properties: Record<string, AdaptiveClaim>;
  additionalProperties: false;
};

/**
 * The JSON Schema of the visitor's claims, as validated (`adaptive-schema.ts`): boolean claims, and
 * under `properties.unsigned` the unsigned ones.
 */
export type AdaptiveSchema = {
  $schema?: string;
  type: 'object';
  properties: Record<string, AdaptiveClaim | AdaptiveUnsignedClaims>;
  additionalProperties: false;
  /** Top-level property names the visitor's claims must carry. */
};

export type SiteAdaptiveSchemaEvent = {
  type: 'SiteAdaptiveSchemaSet';
  data: { siteId: string; organizationId: string; jsonSchema: AdaptiveSchema; updatedAt: string };
};

export const siteAdaptiveSchemaStream = (siteId: string) => `siteAdaptiveSchema-${siteId}`;
