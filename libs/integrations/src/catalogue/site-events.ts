import { CatalogueEntry, EventData, pick } from './catalogue-entry';

/**
 * The publishing context's site events (SiteEvent), by the fields they carry. Settings are small values
 * (title, visibility, basename, hostname) and are sent as changed; of the structure, the spaces a site
 * shows coming and going. Sections, groups and duplication steps are left out.
 */
const site = (d: EventData) => pick(d, 'siteId');

export const SITE_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['SiteCreated', { name: 'site.created', view: (d) => pick(d, 'siteId', 'type', 'title', 'visibility', 'createdBy') }],
  ['SiteSettingsChanged', { name: 'site.settings_changed', view: (d) => pick(d, 'siteId', 'changes', 'before') }],
  ['SitePublished', { name: 'site.published', view: site }],
  ['SiteUnpublished', { name: 'site.unpublished', view: site }],
  ['SiteDeleted', { name: 'site.deleted', view: site }],
  ['SiteSpaceAdded', { name: 'site.space_added', view: (d) => pick(d, 'siteId', 'siteSpaceId', 'spaceId', 'sectionId', 'path') }],
  ['SiteSpaceRemoved', { name: 'site.space_removed', view: (d) => pick(d, 'siteId', 'siteSpaceId') }],
] satisfies [string, CatalogueEntry][]);
