import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { keyBetween } from '@folio/platform/domain/sibling-order';
import { LiveSite } from './site-state';

/** What the structure orders: site spaces among those of their section (or the root), sections and groups among theirs. */
export type ItemType = 'site-space' | 'site-section' | 'site-section-group';

export interface Pointer {
  type: ItemType | 'site-external-link';
  id: string;
}

/** Where an item goes among its siblings: before one, after one, or (neither) at the end. */
export interface MovePosition {
  before?: Pointer;
  after?: Pointer;
}

interface Placed {
  type: ItemType;
  id: string;
  /** The section holding a site space; the group holding a section or group; null at the root. */
  parent: string | null;
  position: string;
}

const byPosition = (a: Placed, b: Placed) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1);

export function placed(site: LiveSite, pointer: Pointer): Placed | null {
  switch (pointer.type) {
    case 'site-space': {
      const s = site.siteSpaces.get(pointer.id);
      return s ? { type: 'site-space', id: pointer.id, parent: s.sectionId, position: s.position } : null;
    }
    case 'site-section': {
      const s = site.sections.get(pointer.id);
      return s ? { type: 'site-section', id: pointer.id, parent: s.groupId, position: s.position } : null;
    }
    case 'site-section-group': {
      const g = site.groups.get(pointer.id);
      return g ? { type: 'site-section-group', id: pointer.id, parent: g.parentId, position: g.position } : null;
    }
    default:
      return null;
  }
}

/** The items that share a level: site spaces of one section (or the root), or the sections and groups of one group (or the root). */
export function siblings(site: LiveSite, kind: 'site-space' | 'section-level', parent: string | null): Placed[] {
  if (kind === 'site-space') {
    return [...site.siteSpaces]
      .filter(([, s]) => s.sectionId === parent)
      .map(([id, s]): Placed => ({ type: 'site-space', id, parent, position: s.position }))
      .sort(byPosition);
  }
  const sections = [...site.sections]
    .filter(([, s]) => s.groupId === parent)
    .map(([id, s]): Placed => ({ type: 'site-section', id, parent, position: s.position }));
  const groups = [...site.groups]
    .filter(([, g]) => g.parentId === parent)
    .map(([id, g]): Placed => ({ type: 'site-section-group', id, parent, position: g.position }));
  return [...sections, ...groups].sort(byPosition);
}

const levelOf = (type: ItemType) => (type === 'site-space' ? 'site-space' : 'section-level');

/** A key after every item of a level (excluding `except`, which is being moved there). */
export function endOf(site: LiveSite, kind: 'site-space' | 'section-level', parent: string | null, except?: string): string {
  const last = siblings(site, kind, parent).filter((s) => s.id !== except).at(-1);
  return keyBetween(last?.position ?? null, null);
}

/**
 * The current (`from`) and new (`to`) position of `item` among its siblings: before or after one of them, or at the end. A sibling of
 * another level or parent, the item itself, an unknown one, or a place the item already holds is a 400:
 * a move must move something.
 */
export function positionFor(site: LiveSite, item: Pointer, to: MovePosition | undefined): { from: string; to: string } {
  const moving = placed(site, item);
  if (!moving) throw new NotFound(item.type.replace('site-', 'site ').replace('-group', ' group'));
  if (to?.before && to?.after) throw new Invalid('position: give before or after, not both');
  const pointer = to?.before ?? to?.after;
  const others = siblings(site, levelOf(moving.type), moving.parent).filter((s) => s.id !== moving.id);
  const current = siblings(site, levelOf(moving.type), moving.parent).findIndex((s) => s.id === moving.id);
  let index: number;
  if (pointer === undefined) {
    index = others.length;
  } else {
    const field = to?.before ? 'position.before' : 'position.after';
    if (pointer.id === moving.id) throw new Invalid(`${field}: an item does not move next to itself`);
    const target = placed(site, pointer);
    if (!target) throw new Invalid(`${field}: ${pointer.type} ${JSON.stringify(pointer.id)} is not in the site`);
    if (levelOf(target.type) !== levelOf(moving.type) || target.parent !== moving.parent) {
      throw new Invalid(`${field}: ${pointer.type} ${JSON.stringify(pointer.id)} is not a sibling of the ${moving.type} moved`);
    }
    index = others.findIndex((s) => s.id === target.id) + (to?.before ? 0 : 1);
  }
  if (index === current) throw new Invalid('position: the item is already there');
  return { from: moving.position, to: keyBetween(others[index - 1]?.position ?? null, others[index]?.position ?? null) };
}
