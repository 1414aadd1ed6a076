import { withEntry } from '@folio/platform/domain/with-entry';
import { SiteEvent, SiteSectionFields, SiteSectionGroupFields, SiteSettings } from './site.events';

/** A site space as the decider holds it: enough to keep paths unique and order its siblings. */
export interface SiteSpaceState {
  spaceId: string;
  /** Null at the site's root. */
  sectionId: string | null;
  path: string;
  /** Fractional key among its container's site spaces (the root's, or its section's); ids break ties. */
  position: string;
  condition: string | null;
  hidden: boolean;
  draft: boolean;
}

/** A duplication started and not yet completed or abandoned: what `SiteSpaceDuplicationStarted` recorded. */
export interface PendingDuplication {
  siteSpaceId: string;
  spaceId: string;
  copySpaceId: string;
  newSectionId: string;
  draft: boolean;
}

export type SiteState =
  | { status: 'none' }
  | {
      status: 'live' | 'deleted';
      siteId: string;
      organizationId: string;
      settings: SiteSettings;
      published: boolean;
      /** By id: Maps, since the ids looked up come from request paths (`__proto__` is no site space). */
      siteSpaces: ReadonlyMap<string, SiteSpaceState>;
      sections: ReadonlyMap<string, SiteSectionFields>;
      groups: ReadonlyMap<string, SiteSectionGroupFields>;
      /** By the id the new site space will take. */
      duplications: ReadonlyMap<string, PendingDuplication>;
    };

export type LiveSite = Extract<SiteState, { status: 'live' | 'deleted' }> & { status: 'live' };

/** A new site's settings beyond what creation sets (the read model starts from them too). */
export const DEFAULT_SETTINGS = {
  basename: null,
  adaptiveContent: { enabled: false },
  agentsContext: 'included',
  defaultLevel: 'inherit',
  defaultSiteSpace: null,
  defaultSiteSection: null,
  proxy: null,
  hostname: null,
} as const satisfies Omit<SiteSettings, 'title' | 'visibility'>;

export const initialState: SiteState = { status: 'none' };

export function evolve(state: SiteState, event: SiteEvent): SiteState {
  if (event.type === 'SiteCreated') {
    const { siteId, organizationId, title, visibility } = event.data;
    return { status: 'live', siteId, organizationId, settings: { ...DEFAULT_SETTINGS, title, visibility }, published: false, siteSpaces: new Map(), sections: new Map(), groups: new Map(), duplications: new Map() };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SiteSettingsChanged':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'SitePublished':
    case 'SiteUnpublished':
      return { ...state, published: event.type === 'SitePublished' };
    case 'SiteDeleted':
      return { ...state, status: 'deleted' };
    case 'SiteSpaceAdded': {
      const { siteSpaceId, spaceId, sectionId, path, position, draft = false } = event.data;
      return {
        ...state,
        siteSpaces: withEntry(state.siteSpaces, siteSpaceId, { spaceId, sectionId, path, position, condition: null, hidden: false, draft }),
        duplications: withEntry(state.duplications, siteSpaceId, undefined),
      };
    }
    case 'SiteSpaceChanged': {
      const current = state.siteSpaces.get(event.data.siteSpaceId);
      return current ? { ...state, siteSpaces: withEntry(state.siteSpaces, event.data.siteSpaceId, { ...current, ...event.data.changes }) } : state;
    }
    case 'SiteSpaceRemoved':
      return { ...state, siteSpaces: withEntry(state.siteSpaces, event.data.siteSpaceId, undefined) };
    case 'SiteSectionAdded': {
      const { title, path, condition, icon, description, defaultSiteSpace, groupId, position, draft = false } = event.data;
      return { ...state, sections: withEntry(state.sections, event.data.sectionId, { title, path, condition, icon, description, defaultSiteSpace, groupId, position, draft }) };
    }
    case 'SiteSectionChanged': {
      const current = state.sections.get(event.data.sectionId);
      return current ? { ...state, sections: withEntry(state.sections, event.data.sectionId, { ...current, ...event.data.changes }) } : state;
    }
    case 'SiteSectionRemoved': {
      let siteSpaces = state.siteSpaces;
      for (const id of event.data.siteSpaceIds) siteSpaces = withEntry(siteSpaces, id, undefined);
      return { ...state, siteSpaces, sections: withEntry(state.sections, event.data.sectionId, undefined) };
    }
    case 'SiteSectionGroupAdded': {
      const { title, icon, parentId, position } = event.data;
      return { ...state, groups: withEntry(state.groups, event.data.groupId, { title, icon, parentId, position }) };
    }
    case 'SiteSectionGroupChanged': {
      const current = state.groups.get(event.data.groupId);
      return current ? { ...state, groups: withEntry(state.groups, event.data.groupId, { ...current, ...event.data.changes }) } : state;
    }
    case 'SiteSpaceDuplicationStarted': {
      const { siteSpaceId, newSiteSpaceId, spaceId, copySpaceId, newSectionId, draft } = event.data;
      return { ...state, duplications: withEntry(state.duplications, newSiteSpaceId, { siteSpaceId, spaceId, copySpaceId, newSectionId, draft }) };
    }
    case 'SiteSpaceDuplicationAbandoned':
      return { ...state, duplications: withEntry(state.duplications, event.data.newSiteSpaceId, undefined) };
    case 'SiteSectionGroupRemoved':
      return { ...state, groups: withEntry(state.groups, event.data.groupId, undefined) };
  }
}
