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
 * segment may name a section (the default one too: its variants are served under its path), else the
 * default section is taken and the segment is left for the next level; then the next may name a site space
 * of that section other than its default, else the default is taken. A section's default site space is
 * served at the section's URL, so its own path is part of the page path, which keeps its URLs one per page
 * and lets a plain site's root be complete. A level is decided once the path has a segment for it (named or
 * not), or when no segment could name anything there; the walk is complete when every level is decided, so
 * a longer URL of a complete one leads to the same section and site space, its extra segments appended to
 * the page path. Pure.
 */
export function walkSitePath(structure: ReaderStructure, segments: string[]): WalkedPath {
  let next = 0;
  let complete = true;
  const level = <T extends { path: string }>(items: T[], fallback: T, fallbackNamed: boolean): T => {
    const segment = segments[next];
    const alternatives = fallbackNamed ? items : items.filter((item) => item !== fallback);
    if (segment === undefined) {
      if (alternatives.length > 0) complete = false;
      return fallback;
    }
    const named = alternatives.find((item) => item.path === segment);
    if (!named) return fallback;
    next++;
    return named;
  };
  const section = structure.sectioned ? level(structure.sections, structure.defaultSection, true) : structure.defaultSection;
  const siteSpace = level(section.siteSpaces, section.defaultSiteSpace, false);
  return { section, siteSpace, consumed: segments.slice(0, next), rest: segments.slice(next), complete };
}
