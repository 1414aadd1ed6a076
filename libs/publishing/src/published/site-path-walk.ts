import { ReaderSection, ReaderSiteSpace, ReaderStructure } from './reader-structure';

/** Where a site's path leads: the section and site space, the segments that chose them, the rest (the page's path). */
export interface WalkedPath {
  section: ReaderSection;
  siteSpace: ReaderSiteSpace;
  consumed: string[];
  rest: string[];
  /** No segment added to the path could choose another section or site space (the spec's `complete`). */
  complete: boolean;
}

/**
 * Walks a site's path (after its address and share key) level by level: on a site with sections, the next
 * segment may name a section, else the default one is taken and the segment is left for the next level;
 * then the next may name a site space of that section, else its default is taken. A default is served at
 * its container's URL, so only the others are named by a segment: a default's own path is part of the page
 * path, which keeps URLs one per page and makes `complete` exact. A level is decided once the path has a
 * segment for it (named or not), or when it offers nothing but its default; the walk is complete when every
 * level is decided, so a longer URL of a complete one leads to the same section and site space, its
 * extra segments appended to the page path. Pure.
 */
export function walkSitePath(structure: ReaderStructure, segments: string[]): WalkedPath {
  let next = 0;
  let complete = true;
  const level = <T extends { path: string }>(items: T[], fallback: T): T => {
    const segment = segments[next];
    const alternatives = items.filter((item) => item !== fallback);
    if (segment === undefined) {
      if (alternatives.length > 0) complete = false;
      return fallback;
    }
    const named = alternatives.find((item) => item.path === segment);
    if (!named) return fallback;
    next++;
    return named;
  };
  const section = structure.sectioned ? level(structure.sections, structure.defaultSection) : structure.defaultSection;
  const siteSpace = level(section.siteSpaces, section.defaultSiteSpace);
  return { section, siteSpace, consumed: segments.slice(0, next), rest: segments.slice(next), complete };
}
