import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { pathFromTitle, uniquePath } from './site-paths';
import { SiteEvent, SiteSettings, SiteSpaceChanges, SiteType, SiteVisibility } from './site.events';

interface SiteSpaceState {
  spaceId: string;
  sectionId: string | null;
  path: string;
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
      siteSpaces: Record<string, SiteSpaceState>;
    };

type Live = Extract<SiteState, { status: 'live' | 'deleted' }> & { status: 'live' };

/** A space to add: its id, its title (the path is made from it) and the new site space's id. */
export interface SpaceToAdd {
  siteSpaceId: string;
  spaceId: string;
  title: string;
}

export type SiteCommand =
  | { type: 'CreateSite'; siteId: string; organizationId: string; siteType: SiteType; title: string; visibility: SiteVisibility; spaces: SpaceToAdd[]; actor: string; now: string }
  | { type: 'UpdateSite'; changes: Partial<SiteSettings>; now: string }
  | { type: 'PublishSite'; now: string }
  | { type: 'UnpublishSite'; now: string }
  | { type: 'DeleteSite'; now: string }
  | ({ type: 'AddSiteSpace'; sectionId: string | null; now: string } & SpaceToAdd)
  | { type: 'UpdateSiteSpace'; siteSpaceId: string; changes: SiteSpaceChanges; now: string }
  | { type: 'RemoveSiteSpace'; siteSpaceId: string; now: string };

/** A new site's settings beyond what creation sets. */
const DEFAULT_SETTINGS = {
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
    return { status: 'live', siteId, organizationId, settings: { ...DEFAULT_SETTINGS, title, visibility }, published: false, siteSpaces: {} };
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
      return { ...state, siteSpaces: { ...state.siteSpaces, [siteSpaceId]: { spaceId, sectionId, path, position, condition: null, hidden: false } } };
    }
    case 'SiteSpaceChanged': {
      const current = state.siteSpaces[event.data.siteSpaceId];
      if (!current) return state;
      return { ...state, siteSpaces: { ...state.siteSpaces, [event.data.siteSpaceId]: { ...current, ...event.data.changes } } };
    }
    case 'SiteSpaceRemoved': {
      const { [event.data.siteSpaceId]: _gone, ...siteSpaces } = state.siteSpaces;
      return { ...state, siteSpaces };
    }
  }
}

export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  if (command.type === 'CreateSite') {
    if (state.status !== 'none') throw new Conflict('site already exists');
    const { siteId, organizationId, siteType, title, visibility, actor, now } = command;
    const created: SiteEvent = { type: 'SiteCreated', data: { siteId, organizationId, type: siteType, title, visibility, createdBy: actor, createdAt: now } };
    return [created, ...added(evolve(state, created) as Live, command.spaces, null, now)];
  }
  if (command.type === 'DeleteSite') {
    return state.status === 'live' ? [{ type: 'SiteDeleted', data: { siteId: state.siteId, organizationId: state.organizationId, deletedAt: command.now } }] : [];
  }
  const site = live(state);
  const siteRef = { siteId: site.siteId, organizationId: site.organizationId };
  switch (command.type) {
    case 'UpdateSite':
      return settingsChanged(site, siteRef, command.changes, command.now);
    case 'PublishSite':
      return site.published ? [] : [{ type: 'SitePublished', data: { ...siteRef, publishedAt: command.now } }];
    case 'UnpublishSite':
      return site.published ? [{ type: 'SiteUnpublished', data: { ...siteRef, unpublishedAt: command.now } }] : [];
    case 'AddSiteSpace': {
      if (command.sectionId !== null) throw new Invalid(`sectionId: the site has no section ${JSON.stringify(command.sectionId)}`);
      return added(site, [command], command.sectionId, command.now);
    }
    case 'UpdateSiteSpace':
      return siteSpaceChanged(site, siteRef, command.siteSpaceId, command.changes, command.now);
    case 'RemoveSiteSpace': {
      if (!site.siteSpaces[command.siteSpaceId]) return [];
      const removed: SiteEvent = { type: 'SiteSpaceRemoved', data: { ...siteRef, siteSpaceId: command.siteSpaceId, removedAt: command.now } };
      // The default goes with it: the site falls back to its first site space.
      if (site.settings.defaultSiteSpace !== command.siteSpaceId) return [removed];
      return [removed, ...settingsChanged(site, siteRef, { defaultSiteSpace: null }, command.now)];
    }
  }
}

export const siteDecider: Decider<SiteCommand, SiteEvent, SiteState> = { initialState, evolve, decide };

function live(state: SiteState): Live {
  if (state.status !== 'live') throw new NotFound('site');
  return state as Live;
}

/** Only what differs is written; `defaultSiteSpace` must name one of the site's site spaces, `defaultSiteSection` a section. */
function settingsChanged(site: Live, siteRef: { siteId: string; organizationId: string }, changes: Partial<SiteSettings>, now: string): SiteEvent[] {
  const changed: Partial<Record<keyof SiteSettings, unknown>> = {};
  const before: Partial<Record<keyof SiteSettings, unknown>> = {};
  for (const [key, value] of Object.entries(changes) as [keyof SiteSettings, unknown][]) {
    if (value === undefined || JSON.stringify(site.settings[key]) === JSON.stringify(value)) continue;
    changed[key] = value;
    before[key] = site.settings[key];
  }
  const defaultSiteSpace = changed.defaultSiteSpace;
  if (typeof defaultSiteSpace === 'string' && !site.siteSpaces[defaultSiteSpace]) {
    throw new Invalid(`defaultSiteSpace: the site has no site space ${JSON.stringify(defaultSiteSpace)}`);
  }
  if (typeof changed.defaultSiteSection === 'string') throw new Invalid(`defaultSiteSection: the site has no section ${JSON.stringify(changed.defaultSiteSection)}`);
  if (Object.keys(changed).length === 0) return [];
  return [
    {
      type: 'SiteSettingsChanged',
      data: { ...siteRef, changes: changed as Partial<SiteSettings>, before: before as Partial<SiteSettings>, changedAt: now },
    },
  ];
}

/** Site spaces of one container (a section, or the root), in order. */
function container(site: Live, sectionId: string | null) {
  return Object.values(site.siteSpaces)
    .filter((s) => s.sectionId === sectionId)
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

/** Spaces added at the end of a container, each with a path of its own there. A space is in a container once. */
function added(site: Live, spaces: SpaceToAdd[], sectionId: string | null, now: string): SiteEvent[] {
  const present = container(site, sectionId);
  const spaceIds = new Set(present.map((s) => s.spaceId));
  const taken = new Set(present.map((s) => s.path));
  let last = present.at(-1)?.position ?? null;
  return spaces.map(({ siteSpaceId, spaceId, title }) => {
    if (spaceIds.has(spaceId)) throw new Conflict(`space ${spaceId} is already in the site${sectionId ? ` section ${sectionId}` : ''}`);
    spaceIds.add(spaceId);
    const path = uniquePath(pathFromTitle(title), taken);
    taken.add(path);
    const position = keyBetween(last, null);
    last = position;
    return { type: 'SiteSpaceAdded', data: { siteId: site.siteId, organizationId: site.organizationId, siteSpaceId, spaceId, sectionId, path, position, addedAt: now } };
  });
}

/** Only what differs is written; a path stays unique in its container, a space appears once there. */
function siteSpaceChanged(site: Live, siteRef: { siteId: string; organizationId: string }, siteSpaceId: string, changes: SiteSpaceChanges, now: string): SiteEvent[] {
  const current = site.siteSpaces[siteSpaceId];
  if (!current) throw new NotFound('site space');
  const siblings = container(site, current.sectionId).filter((s) => s !== current);
  const changed: SiteSpaceChanges = {};
  const before: SiteSpaceChanges = {};
  if (changes.path !== undefined && changes.path !== current.path) {
    if (siblings.some((s) => s.path === changes.path)) throw new Conflict(`path ${JSON.stringify(changes.path)} is taken in this part of the site`);
    changed.path = changes.path;
    before.path = current.path;
  }
  if (changes.spaceId !== undefined && changes.spaceId !== current.spaceId) {
    if (siblings.some((s) => s.spaceId === changes.spaceId)) throw new Conflict(`space ${changes.spaceId} is already in this part of the site`);
    changed.spaceId = changes.spaceId;
    before.spaceId = current.spaceId;
  }
  if (changes.condition !== undefined && changes.condition !== current.condition) {
    changed.condition = changes.condition;
    before.condition = current.condition;
  }
  if (changes.hidden !== undefined && changes.hidden !== current.hidden) {
    changed.hidden = changes.hidden;
    before.hidden = current.hidden;
  }
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'SiteSpaceChanged', data: { ...siteRef, siteSpaceId, changes: changed, before, changedAt: now } }];
}
