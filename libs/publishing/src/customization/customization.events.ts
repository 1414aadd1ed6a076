/**
 * A site's customization (branding, navigation chrome, features of its published pages) and the
 * overrides of it per site space. One aggregate per site; every event carries the whole new settings or
 * override, as validated, so the log says exactly what was set and a read model is rebuilt by copying.
 */

/** Plain JSON settings, as the API accepted them (only what was given: the defaults fill the rest when read). */
export type CustomizationSettings = { [field: string]: unknown };

/** A type, not an interface: event data must be a plain record. */
type CustomizationRef = {
  siteId: string;
  organizationId: string;
};

export type CustomizationEvent =
  /** PUT: the site's settings, replaced whole (what is left out reverts to its default). */
  | { type: 'SiteCustomizationReplaced'; data: CustomizationRef & { settings: CustomizationSettings; replacedAt: string } }
  /** PATCH: a site space's whole override after the change (only what it sets differs from the site's). */
  | { type: 'SiteSpaceCustomizationOverridden'; data: CustomizationRef & { siteSpaceId: string; override: CustomizationSettings; overriddenAt: string } }
  | { type: 'SiteSpaceCustomizationRemoved'; data: CustomizationRef & { siteSpaceId: string; removedAt: string } };

export const customizationStream = (siteId: string) => `siteCustomization-${siteId}`;
