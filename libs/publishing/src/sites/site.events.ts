/**
 * A docs site: its settings, its publication, and its structure (site spaces now; sections and section
 * groups join them as one aggregate, so that paths, defaults and order are decided together). Every event
 * names the site and its organization, so what reacts elsewhere (the audit trail) needs nothing else.
 */

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export type AgentsContext = (typeof AGENTS_CONTEXTS)[number];

/** An organization role, `null` (guests) or `inherit`: who may see the site beyond its visibility. */
export type SiteDefaultLevel = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | null | 'inherit';

/** What PATCH may change; `null` removes the optional ones. */
export interface SiteSettings {
  title: string;
  visibility: SiteVisibility;
  basename: string | null;
  adaptiveContent: { enabled: boolean };
  agentsContext: AgentsContext;
  defaultLevel: SiteDefaultLevel;
  /** The site space shown at the root (or in the default section). */
  defaultSiteSpace: string | null;
  defaultSiteSection: string | null;
  /** `company.com/docs`: where the site is served through the organization's own proxy. */
  proxy: string | null;
  /**
   * The custom hostname it is served at the root of (unique across Folio: reserved with the organizations'
   * hostnames). Set by `PUT …/hostname` alone; documents projected before it existed lack it (none).
   */
  hostname: string | null;
}

/** A type, not an interface: event data must be a plain record. */
type SiteRef = {
  siteId: string;
  organizationId: string;
};

/** What a site space may change; `condition: null` removes it. A move changes its section and position. */
export interface SiteSpaceChanges {
  path?: string;
  condition?: string | null;
  spaceId?: string;
  hidden?: boolean;
  sectionId?: string | null;
  position?: string;
  /** Not live: left out of the published site until set back to false. */
  draft?: boolean;
}

/** A section's fields; `null` removes the optional ones. A move changes its group and position. */
export type SiteSectionFields = {
  title: string;
  path: string;
  condition: string | null;
  icon: string | null;
  description: string | null;
  /** The site space shown first in the section; null: its first one. */
  defaultSiteSpace: string | null;
  groupId: string | null;
  position: string;
  /** Not live: left out of the published site. Absent on sections added before drafts were modelled (live). */
  draft?: boolean;
};

/** A section group's fields; a group sits at the root or in another group (`parentId`). */
export type SiteSectionGroupFields = {
  title: string;
  icon: string | null;
  parentId: string | null;
  position: string;
};

export type SiteEvent =
  | {
      type: 'SiteCreated';
      data: SiteRef & { type: SiteType; title: string; visibility: SiteVisibility; createdBy: string; createdAt: string };
    }
  | { type: 'SiteSettingsChanged'; data: SiteRef & { changes: Partial<SiteSettings>; before: Partial<SiteSettings>; changedAt: string } }
  | { type: 'SitePublished'; data: SiteRef & { publishedAt: string } }
  | { type: 'SiteUnpublished'; data: SiteRef & { unpublishedAt: string } }
  | { type: 'SiteDeleted'; data: SiteRef & { deletedAt: string } }
  | {
      type: 'SiteSpaceAdded';
      /**
       * `sectionId` null: at the site's root. `position`: a fractional key among the container's site spaces.
       * `draft` only when true; `duplicatedFrom`: the site space whose duplication this completes.
       */
      data: SiteRef & { siteSpaceId: string; spaceId: string; sectionId: string | null; path: string; position: string; draft?: boolean; duplicatedFrom?: string; addedAt: string };
    }
  /**
   * The first step of a site space's duplication, on the site's stream before anything else is written:
   * the space to copy and the ids its copy, the new site space and (if one is needed) the new section
   * will take. Completed by the `SiteSpaceAdded` naming it (`duplicatedFrom`), or abandoned.
   */
  | {
      type: 'SiteSpaceDuplicationStarted';
      data: SiteRef & { siteSpaceId: string; newSiteSpaceId: string; spaceId: string; copySpaceId: string; newSectionId: string; draft: boolean; startedAt: string };
    }
  /** A duplication that cannot complete (the site space duplicated went meanwhile, or content refused the copy). */
  | { type: 'SiteSpaceDuplicationAbandoned'; data: SiteRef & { newSiteSpaceId: string; reason: string; abandonedAt: string } }
  | { type: 'SiteSpaceChanged'; data: SiteRef & { siteSpaceId: string; changes: SiteSpaceChanges; before: SiteSpaceChanges; changedAt: string } }
  | { type: 'SiteSpaceRemoved'; data: SiteRef & { siteSpaceId: string; removedAt: string } }
  | { type: 'SiteSectionAdded'; data: SiteRef & SiteSectionFields & { sectionId: string; addedAt: string } }
  | { type: 'SiteSectionChanged'; data: SiteRef & { sectionId: string; changes: Partial<SiteSectionFields>; before: Partial<SiteSectionFields>; changedAt: string } }
  /** Its site spaces go with it (they are listed). */
  | { type: 'SiteSectionRemoved'; data: SiteRef & { sectionId: string; siteSpaceIds: string[]; removedAt: string } }
  | { type: 'SiteSectionGroupAdded'; data: SiteRef & SiteSectionGroupFields & { groupId: string; addedAt: string } }
  | {
      type: 'SiteSectionGroupChanged';
      data: SiteRef & { groupId: string; changes: Partial<SiteSectionGroupFields>; before: Partial<SiteSectionGroupFields>; changedAt: string };
    }
  /** What it held has moved to its parent first (its own events). */
  | { type: 'SiteSectionGroupRemoved'; data: SiteRef & { groupId: string; removedAt: string } };

export const siteStream = (siteId: string) => `site-${siteId}`;
