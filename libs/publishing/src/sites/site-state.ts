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
} as const satisfies Omit<SiteSettings, 'title' | 'visibility'>;

export const initialState: SiteState = { status: 'none' };

export function evolve(state: SiteState, event: SiteEvent): SiteState {
  if (event.type === 'SiteCreated') {
    const { siteId, organizationId, title, visibility } = event.data;
    return { status: 'live', siteId, organizationId, settings: { ...DEFAULT_SETTINGS, title, visibility }, published: false, siteSpaces: new Map(), sections: new Map(), groups: new Map() };
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
      const { siteSpaceId, spaceId, sectionId, path, position } = event.data;
      return { ...state, siteSpaces: withEntry(state.siteSpaces, siteSpaceId, { spaceId, sectionId, path, position, condition: null, hidden: false }) };
    }
    case 'SiteSpaceChanged': {
      const current = state.siteSpaces.get(event.data.siteSpaceId);
      return current ? { ...state, siteSpaces: withEntry(state.siteSpaces, event.data.siteSpaceId, { ...current, ...event.data.changes }) } : state;
    }
    case 'SiteSpaceRemoved':
      return { ...state, siteSpaces: withEntry(state.siteSpaces, event.data.siteSpaceId, undefined) };
    case 'SiteSectionAdded': {
      const { title, path, condition, icon, description, defaultSiteSpace, groupId, position } = event.data;
      return { ...state, sections: withEntry(state.sections, event.data.sectionId, { title, path, condition, icon, description, defaultSiteSpace, groupId, position }) };
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
    case 'SiteSectionGroupRemoved':
      return { ...state, groups: withEntry(state.groups, event.data.groupId, undefined) };
  }
}
