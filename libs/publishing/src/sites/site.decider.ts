import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { endOf, MovePosition, Pointer, positionFor, siblings } from './site-order';
import { pathFromTitle, uniquePath } from './site-paths';
import { siteTree } from './site-tree';
import { evolve, initialState, LiveSite, SiteState } from './site-state';
import { SiteEvent, SiteSectionFields, SiteSectionGroupFields, SiteSettings, SiteSpaceChanges, SiteType, SiteVisibility } from './site.events';

export { initialState, evolve } from './site-state';
export type { SiteState } from './site-state';

/** A space to add: its id, its title (the path is made from it) and the new site space's id; `draft`: not live yet. */
export interface SpaceToAdd {
  siteSpaceId: string;
  spaceId: string;
  title: string;
  draft?: boolean;
}

/** What a section's PATCH may change (`groupId` moves it into a group, null to the root). */
export type SectionChanges = Partial<Omit<SiteSectionFields, 'position'>>;
export type GroupChanges = Partial<Omit<SiteSectionGroupFields, 'position'>>;

export type SiteCommand =
  | { type: 'CreateSite'; siteId: string; organizationId: string; siteType: SiteType; title: string; visibility: SiteVisibility; spaces: SpaceToAdd[]; actor: string; now: string }
  | { type: 'UpdateSite'; changes: Partial<SiteSettings>; now: string }
  /** The custom hostname (null removes it); its uniqueness is the reservation's, taken before. */
  | { type: 'SetSiteHostname'; hostname: string | null; now: string }
  | { type: 'PublishSite'; now: string }
  | { type: 'UnpublishSite'; now: string }
  | { type: 'DeleteSite'; now: string }
  | ({ type: 'AddSiteSpace'; sectionId: string | null; now: string } & SpaceToAdd)
  | { type: 'UpdateSiteSpace'; siteSpaceId: string; changes: Omit<SiteSpaceChanges, 'sectionId' | 'position'>; now: string }
  | { type: 'RemoveSiteSpace'; siteSpaceId: string; now: string }
  /**
   * A site space's duplication, a process over two streams (the site's, then content's copy of the space,
   * then the site's again). Start records on the site what is to happen and the ids everything will take;
   * Complete, once the copy exists, adds the new site space showing it (idempotent: a duplication no longer
   * pending writes nothing); Abandon ends one that cannot complete.
   */
  | { type: 'StartSiteSpaceDuplication'; siteSpaceId: string; newSiteSpaceId: string; copySpaceId: string; newSectionId: string; draft: boolean; now: string }
  | { type: 'CompleteSiteSpaceDuplication'; newSiteSpaceId: string; now: string }
  | { type: 'AbandonSiteSpaceDuplication'; newSiteSpaceId: string; reason: string; now: string }
  /**
   * A section with its first site space. `wrapperId`: the id a section takes that gathers the root's site
   * spaces, when the site had none before (its content becomes the first section).
   */
  | { type: 'AddSection'; sectionId: string; wrapperId: string; title: string | null; icon: string | null; groupId: string | null; space: SpaceToAdd; now: string }
  | { type: 'UpdateSection'; sectionId: string; changes: SectionChanges; now: string }
  | { type: 'RemoveSection'; sectionId: string; now: string }
  | { type: 'AddSectionGroup'; groupId: string; title: string; icon: string | null; sectionIds: string[]; parentId: string | null; now: string }
  /** The seed's `POST …/section-groups/{groupId}/sections`: an unknown group (the path's) or section (the seed's 404) is missing. */
  | { type: 'AddSectionToGroup'; groupId: string; sectionId: string; now: string }
  | { type: 'UpdateSectionGroup'; groupId: string; changes: GroupChanges; now: string }
  | { type: 'RemoveSectionGroup'; groupId: string; now: string }
  /** The structure's one sort (and the deprecated moves): an item among its siblings. */
  | { type: 'MoveItem'; item: Pointer; position?: MovePosition; now: string };

type SiteRef = { siteId: string; organizationId: string };

export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  if (command.type === 'CreateSite') {
    if (state.status !== 'none') throw new Conflict('site already exists');
    const { siteId, organizationId, siteType, title, visibility, actor, now } = command;
    const created: SiteEvent = { type: 'SiteCreated', data: { siteId, organizationId, type: siteType, title, visibility, createdBy: actor, createdAt: now } };
    return [created, ...spacesAdded(evolve(state, created) as LiveSite, command.spaces, null, now)];
  }
  if (command.type === 'DeleteSite') {
    return state.status === 'live' ? [{ type: 'SiteDeleted', data: { siteId: state.siteId, organizationId: state.organizationId, deletedAt: command.now } }] : [];
  }
  if (state.status !== 'live') throw new NotFound('site');
  const site = state as LiveSite;
  const ref: SiteRef = { siteId: site.siteId, organizationId: site.organizationId };
  const { now } = command;
  switch (command.type) {
    case 'UpdateSite':
      return settingsChanged(site, ref, command.changes, now);
    case 'SetSiteHostname':
      return settingsChanged(site, ref, { hostname: command.hostname }, now);
    case 'PublishSite':
      return site.published ? [] : [{ type: 'SitePublished', data: { ...ref, publishedAt: now } }];
    case 'UnpublishSite':
      return site.published ? [{ type: 'SiteUnpublished', data: { ...ref, unpublishedAt: now } }] : [];
    case 'AddSiteSpace':
      return spacesAdded(site, [command], containerFor(site, command.sectionId), now);
    case 'UpdateSiteSpace':
      return siteSpaceChanged(site, ref, command.siteSpaceId, command.changes, now);
    case 'RemoveSiteSpace':
      return siteSpaceRemoved(site, ref, command.siteSpaceId, now);
    case 'StartSiteSpaceDuplication':
      return duplicationStarted(site, ref, command);
    case 'CompleteSiteSpaceDuplication':
      return duplicationCompleted(site, ref, command.newSiteSpaceId, now);
    case 'AbandonSiteSpaceDuplication':
      return site.duplications.has(command.newSiteSpaceId)
        ? [{ type: 'SiteSpaceDuplicationAbandoned', data: { ...ref, newSiteSpaceId: command.newSiteSpaceId, reason: command.reason, abandonedAt: now } }]
        : [];
    case 'AddSection':
      return sectionAdded(site, ref, command);
    case 'UpdateSection':
      return sectionChanged(site, ref, command.sectionId, command.changes, now);
    case 'RemoveSection':
      return sectionRemoved(site, ref, command.sectionId, now);
    case 'AddSectionGroup':
      return groupAdded(site, ref, command);
    case 'AddSectionToGroup':
      if (!site.groups.has(command.groupId)) throw new NotFound('site section group');
      return sectionChanged(site, ref, command.sectionId, { groupId: command.groupId }, now);
    case 'UpdateSectionGroup':
      return groupChanged(site, ref, command.groupId, command.changes, now);
    case 'RemoveSectionGroup':
      return groupRemoved(site, ref, command.groupId, now);
    case 'MoveItem':
      return moved(site, ref, command.item, command.position, now);
  }
}

export const siteDecider: Decider<SiteCommand, SiteEvent, SiteState> = { initialState, evolve, decide };

/** Of `changes`, what differs from `current`, and what it was. */
function differences<T extends object>(current: T, changes: Partial<T>) {
  const changed: Partial<T> = {};
  const before: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value === undefined || JSON.stringify(current[key]) === JSON.stringify(value)) continue;
    changed[key] = value;
    before[key] = current[key];
  }
  return { changed, before, any: Object.keys(changed).length > 0 };
}

/** Only what differs is written; `defaultSiteSpace` must name one of the site's site spaces, `defaultSiteSection` a section. */
function settingsChanged(site: LiveSite, ref: SiteRef, changes: Partial<SiteSettings>, now: string): SiteEvent[] {
  const { changed, before, any } = differences(site.settings, changes);
  if (typeof changed.defaultSiteSpace === 'string' && !site.siteSpaces.has(changed.defaultSiteSpace)) {
    throw new Invalid(`defaultSiteSpace: the site has no site space ${JSON.stringify(changed.defaultSiteSpace)}`);
  }
  if (typeof changed.defaultSiteSection === 'string' && !site.sections.has(changed.defaultSiteSection)) {
    throw new Invalid(`defaultSiteSection: the site has no section ${JSON.stringify(changed.defaultSiteSection)}`);
  }
  return any ? [{ type: 'SiteSettingsChanged', data: { ...ref, changes: changed, before, changedAt: now } }] : [];
}

/**
 * The section a site space lands in when none is named: the default section (the one the settings name, or
 * the first in structure order: `siteTree`'s rule, which every answer follows), or the root of a site without sections.
 */
function containerFor(site: LiveSite, sectionId: string | null): string | null {
  if (sectionId !== null) {
    if (!site.sections.has(sectionId)) throw new Invalid(`sectionId: the site has no section ${JSON.stringify(sectionId)}`);
    return sectionId;
  }
  const all = <T>(entries: ReadonlyMap<string, T>) => [...entries].map(([id, fields]) => ({ id, ...fields }));
  return siteTree(site.settings, all(site.sections), all(site.groups), all(site.siteSpaces)).defaultSection;
}

/** Spaces added at the end of a container, each with a path of its own there. A space is in a container once. */
function spacesAdded(site: LiveSite, spaces: SpaceToAdd[], sectionId: string | null, now: string): SiteEvent[] {
  const present = [...site.siteSpaces.values()].filter((s) => s.sectionId === sectionId);
  const spaceIds = new Set(present.map((s) => s.spaceId));
  const taken = new Set(present.map((s) => s.path));
  let last = siblings(site, 'site-space', sectionId).at(-1)?.position ?? null;
  return spaces.map(({ siteSpaceId, spaceId, title, draft }) => {
    if (spaceIds.has(spaceId)) throw new Conflict(`space ${spaceId} is already in this part of the site`);
    spaceIds.add(spaceId);
    const path = uniquePath(pathFromTitle(title), taken);
    taken.add(path);
    const position = keyBetween(last, null);
    last = position;
    const data = { siteId: site.siteId, organizationId: site.organizationId, siteSpaceId, spaceId, sectionId, path, position, ...(draft ? { draft } : {}), addedAt: now };
    return { type: 'SiteSpaceAdded', data };
  });
}

/** Only what differs is written; a path stays unique in its container, a space appears once there. */
function siteSpaceChanged(site: LiveSite, ref: SiteRef, siteSpaceId: string, changes: SiteSpaceChanges, now: string): SiteEvent[] {
  const current = site.siteSpaces.get(siteSpaceId);
  if (!current) throw new NotFound('site space');
  const others = [...site.siteSpaces].filter(([id, s]) => id !== siteSpaceId && s.sectionId === current.sectionId);
  const { changed, before, any } = differences(current, changes);
  if (changed.path !== undefined && others.some(([, s]) => s.path === changed.path)) throw new Conflict(`path ${JSON.stringify(changed.path)} is taken in this part of the site`);
  if (changed.spaceId !== undefined && others.some(([, s]) => s.spaceId === changed.spaceId)) throw new Conflict(`space ${changed.spaceId} is already in this part of the site`);
  return any ? [{ type: 'SiteSpaceChanged', data: { ...ref, siteSpaceId, changes: changed, before, changedAt: now } }] : [];
}

/** A default that named what goes falls back to the first one. */
function siteSpaceRemoved(site: LiveSite, ref: SiteRef, siteSpaceId: string, now: string): SiteEvent[] {
  if (!site.siteSpaces.has(siteSpaceId)) return [];
  const events: SiteEvent[] = [{ type: 'SiteSpaceRemoved', data: { ...ref, siteSpaceId, removedAt: now } }];
  if (site.settings.defaultSiteSpace === siteSpaceId) events.push(...settingsChanged(site, ref, { defaultSiteSpace: null }, now));
  const section = [...site.sections].find(([, s]) => s.defaultSiteSpace === siteSpaceId);
  if (section) events.push(...sectionChanged(site, ref, section[0], { defaultSiteSpace: null }, now));
  return events;
}

/** What is to be copied is the site space's space; the ids are fresh, so a second start of the same duplication is a conflict. */
function duplicationStarted(site: LiveSite, ref: SiteRef, command: Extract<SiteCommand, { type: 'StartSiteSpaceDuplication' }>): SiteEvent[] {
  const { siteSpaceId, newSiteSpaceId, copySpaceId, newSectionId, draft, now } = command;
  const original = site.siteSpaces.get(siteSpaceId);
  if (!original) throw new NotFound('site space');
  if (site.siteSpaces.has(newSiteSpaceId) || site.duplications.has(newSiteSpaceId)) throw new Conflict('site space already exists');
  return [{ type: 'SiteSpaceDuplicationStarted', data: { ...ref, siteSpaceId, newSiteSpaceId, spaceId: original.spaceId, copySpaceId, newSectionId, draft, startedAt: now } }];
}

/**
 * The new site space shows the copy, with the original's condition and visibility. The only site space
 * of a section gets a new section of its own right after that one (a copy of its title and icon: a
 * section holds variants of one content, and the copy is another content); otherwise the copy is a
 * variant right after the original. Its path is made free from the original's. A draft duplication makes
 * both drafts.
 */
function duplicationCompleted(site: LiveSite, ref: SiteRef, newSiteSpaceId: string, now: string): SiteEvent[] {
  const pending = site.duplications.get(newSiteSpaceId);
  if (!pending) return [];
  const original = site.siteSpaces.get(pending.siteSpaceId);
  if (!original) {
    return [{ type: 'SiteSpaceDuplicationAbandoned', data: { ...ref, newSiteSpaceId, reason: 'the site space duplicated was removed', abandonedAt: now } }];
  }
  const events: SiteEvent[] = [];
  const draft = pending.draft ? { draft: true } : {};
  const level = siblings(site, 'site-space', original.sectionId);
  const section = original.sectionId === null ? undefined : site.sections.get(original.sectionId);
  let sectionId = original.sectionId;
  let position: string;
  if (section && level.length === 1) {
    const around = siblings(site, 'section-level', section.groupId);
    const next = around[around.findIndex((s) => s.id === original.sectionId) + 1];
    sectionId = pending.newSectionId;
    events.push(newSection(site, ref, sectionId, section.title, section.icon, section.groupId, now, keyBetween(section.position, next?.position ?? null), pending.draft));
    position = keyBetween(null, null);
  } else {
    const next = level[level.findIndex((s) => s.id === pending.siteSpaceId) + 1];
    position = keyBetween(original.position, next?.position ?? null);
  }
  const taken = new Set([...site.siteSpaces.values()].filter((s) => s.sectionId === sectionId).map((s) => s.path));
  const path = uniquePath(original.path, taken);
  events.push({
    type: 'SiteSpaceAdded',
    data: { ...ref, siteSpaceId: newSiteSpaceId, spaceId: pending.copySpaceId, sectionId, path, position, ...draft, duplicatedFrom: pending.siteSpaceId, addedAt: now },
  });
  const { condition, hidden } = original;
  const copied = { ...(condition !== null ? { condition } : {}), ...(hidden ? { hidden } : {}) };
  if (Object.keys(copied).length > 0) {
    events.push({ type: 'SiteSpaceChanged', data: { ...ref, siteSpaceId: newSiteSpaceId, changes: copied, before: { condition: null, hidden: false }, changedAt: now } });
  }
  return events;
}

function sectionPath(site: LiveSite, title: string): string {
  return uniquePath(pathFromTitle(title), new Set([...site.sections.values()].map((s) => s.path)));
}

/**
 * A section at the end of its group (or the root) with the space as its first site space. The first
 * section of a site whose root holds site spaces first gathers them into a section of their own,
 * named after the site: a site is made of sections or of site spaces, not both.
 */
function sectionAdded(site: LiveSite, ref: SiteRef, command: Extract<SiteCommand, { type: 'AddSection' }>): SiteEvent[] {
  const { sectionId, wrapperId, icon, groupId, space, now } = command;
  if (site.sections.has(sectionId)) throw new Conflict('section already exists');
  if (groupId !== null && !site.groups.has(groupId)) throw new Invalid(`siteSectionGroupId: the site has no section group ${JSON.stringify(groupId)}`);
  const events: SiteEvent[] = [];
  let current = site;
  const apply = (event: SiteEvent) => {
    events.push(event);
    current = evolve(current, event) as LiveSite;
  };
  const rootSpaces = siblings(site, 'site-space', null);
  if (site.sections.size === 0 && rootSpaces.length > 0) {
    apply(newSection(current, ref, wrapperId, site.settings.title, null, null, now));
    for (const s of rootSpaces) {
      const position = endOf(current, 'site-space', wrapperId);
      apply({ type: 'SiteSpaceChanged', data: { ...ref, siteSpaceId: s.id, changes: { sectionId: wrapperId, position }, before: { sectionId: null, position: s.position }, changedAt: now } });
    }
  }
  // A draft site space makes a draft section: nothing of it is live until both are set so.
  apply(newSection(current, ref, sectionId, command.title ?? space.title, icon, groupId, now, undefined, space.draft === true));
  for (const event of spacesAdded(current, [space], sectionId, now)) apply(event);
  return events;
}

/** A section of `title` in `groupId`, at `position` (its end by default). */
function newSection(
  site: LiveSite,
  ref: SiteRef,
  sectionId: string,
  title: string,
  icon: string | null,
  groupId: string | null,
  now: string,
  position = endOf(site, 'section-level', groupId),
  draft = false,
): SiteEvent {
  const fields: SiteSectionFields = {
    title,
    path: sectionPath(site, title),
    condition: null,
    icon,
    description: null,
    defaultSiteSpace: null,
    groupId,
    position,
    ...(draft ? { draft } : {}),
  };
  return { type: 'SiteSectionAdded', data: { ...ref, sectionId, ...fields, addedAt: now } };
}

function sectionChanged(site: LiveSite, ref: SiteRef, sectionId: string, changes: SectionChanges, now: string): SiteEvent[] {
  const current = site.sections.get(sectionId);
  if (!current) throw new NotFound('site section');
  const { changed, before, any } = differences(current, changes);
  if (changed.path !== undefined && [...site.sections].some(([id, s]) => id !== sectionId && s.path === changed.path)) {
    throw new Conflict(`path ${JSON.stringify(changed.path)} is taken by another section`);
  }
  if (typeof changed.defaultSiteSpace === 'string' && site.siteSpaces.get(changed.defaultSiteSpace)?.sectionId !== sectionId) {
    throw new Invalid(`defaultSiteSpace: the section has no site space ${JSON.stringify(changed.defaultSiteSpace)}`);
  }
  if (changed.groupId !== undefined) {
    if (changed.groupId !== null && !site.groups.has(changed.groupId)) throw new Invalid(`siteSectionGroupId: the site has no section group ${JSON.stringify(changed.groupId)}`);
    // Into another group (or the root): at its end.
    const moved = { ...changed, position: endOf(site, 'section-level', changed.groupId, sectionId) };
    return [{ type: 'SiteSectionChanged', data: { ...ref, sectionId, changes: moved, before: { ...before, position: current.position }, changedAt: now } }];
  }
  return any ? [{ type: 'SiteSectionChanged', data: { ...ref, sectionId, changes: changed, before, changedAt: now } }] : [];
}

/** Its site spaces go with it; defaults that named it fall back to the first ones. */
function sectionRemoved(site: LiveSite, ref: SiteRef, sectionId: string, now: string): SiteEvent[] {
  if (!site.sections.has(sectionId)) return [];
  const siteSpaceIds = [...site.siteSpaces]
    .filter(([, s]) => s.sectionId === sectionId)
    .map(([id]) => id);
  const events: SiteEvent[] = [{ type: 'SiteSectionRemoved', data: { ...ref, sectionId, siteSpaceIds, removedAt: now } }];
  const resets: Partial<SiteSettings> = {};
  if (site.settings.defaultSiteSection === sectionId) resets.defaultSiteSection = null;
  if (site.settings.defaultSiteSpace !== null && siteSpaceIds.includes(site.settings.defaultSiteSpace)) resets.defaultSiteSpace = null;
  return [...events, ...settingsChanged(site, ref, resets, now)];
}

/** A group at the end of its parent, then the sections named moved into it, in the order given. */
function groupAdded(site: LiveSite, ref: SiteRef, command: Extract<SiteCommand, { type: 'AddSectionGroup' }>): SiteEvent[] {
  const { groupId, title, icon, sectionIds, parentId, now } = command;
  if (site.groups.has(groupId)) throw new Conflict('section group already exists');
  if (parentId !== null && !site.groups.has(parentId)) throw new Invalid(`parent: the site has no section group ${JSON.stringify(parentId)}`);
  const unknown = sectionIds.find((id) => !site.sections.has(id));
  if (unknown !== undefined) throw new Invalid(`sections: the site has no section ${JSON.stringify(unknown)}`);
  const added: SiteEvent = { type: 'SiteSectionGroupAdded', data: { ...ref, groupId, title, icon, parentId, position: endOf(site, 'section-level', parentId), addedAt: now } };
  const events: SiteEvent[] = [added];
  let current = evolve(site, added) as LiveSite;
  for (const sectionId of [...new Set(sectionIds)]) {
    const [event] = sectionChanged(current, ref, sectionId, { groupId }, now);
    if (!event) continue;
    events.push(event);
    current = evolve(current, event) as LiveSite;
  }
  return events;
}

/** A group never moves into itself or one of its own groups. */
function groupChanged(site: LiveSite, ref: SiteRef, groupId: string, changes: GroupChanges, now: string): SiteEvent[] {
  const current = site.groups.get(groupId);
  if (!current) throw new NotFound('site section group');
  const { changed, before, any } = differences(current, changes);
  if (changed.parentId !== undefined) {
    for (let parent = changed.parentId; parent !== null; parent = site.groups.get(parent)?.parentId ?? null) {
      if (!site.groups.has(parent)) throw new Invalid(`parentSectionGroupId: the site has no section group ${JSON.stringify(parent)}`);
      if (parent === groupId) throw new Invalid('parentSectionGroupId: a section group cannot go inside itself');
    }
    const moved = { ...changed, position: endOf(site, 'section-level', changed.parentId, groupId) };
    return [{ type: 'SiteSectionGroupChanged', data: { ...ref, groupId, changes: moved, before: { ...before, position: current.position }, changedAt: now } }];
  }
  return any ? [{ type: 'SiteSectionGroupChanged', data: { ...ref, groupId, changes: changed, before, changedAt: now } }] : [];
}

/** What the group held moves up to its parent, in order, at the end; then the group goes. */
function groupRemoved(site: LiveSite, ref: SiteRef, groupId: string, now: string): SiteEvent[] {
  const group = site.groups.get(groupId);
  if (!group) return [];
  const events: SiteEvent[] = [];
  let current = site;
  for (const child of siblings(site, 'section-level', groupId)) {
    const [event] =
      child.type === 'site-section' ? sectionChanged(current, ref, child.id, { groupId: group.parentId }, now) : groupChanged(current, ref, child.id, { parentId: group.parentId }, now);
    events.push(event);
    current = evolve(current, event) as LiveSite;
  }
  return [...events, { type: 'SiteSectionGroupRemoved', data: { ...ref, groupId, removedAt: now } }];
}

function moved(site: LiveSite, ref: SiteRef, item: Pointer, to: MovePosition | undefined, now: string): SiteEvent[] {
  const { from, to: position } = positionFor(site, item, to);
  switch (item.type) {
    case 'site-space':
      return [{ type: 'SiteSpaceChanged', data: { ...ref, siteSpaceId: item.id, changes: { position }, before: { position: from }, changedAt: now } }];
    case 'site-section':
      return [{ type: 'SiteSectionChanged', data: { ...ref, sectionId: item.id, changes: { position }, before: { position: from }, changedAt: now } }];
    case 'site-section-group':
      return [{ type: 'SiteSectionGroupChanged', data: { ...ref, groupId: item.id, changes: { position }, before: { position: from }, changedAt: now } }];
    default:
      throw new Invalid(`item.type: ${item.type} is not in Folio's site structures`);
  }
}
