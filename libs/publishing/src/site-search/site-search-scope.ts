import { BadRequestException } from '@nestjs/common';
import { RESTRICTIONS, SearchSiteBody } from './site-search.dto';

/**
 * Where a site search looks (the spec's SiteSearchScope): `default`, each section's default content (and
 * the current site space, from which the others are matched by language), optionally restricted to the
 * current site space alone or to the others; `all`, every site space; `specific`, the ones named.
 */
export type SiteSearchScope =
  | { mode: 'default'; currentSiteSpace?: string; restrictTo?: (typeof RESTRICTIONS)[number] }
  | { mode: 'all' }
  | { mode: 'specific'; siteSpaceIds: string[] };

/** The fields of `from` that are set, among `names`. */
const present = (from: object, names: string[]) => names.filter((name) => (from as Record<string, unknown>)[name] !== undefined);

function refuseExtra(from: object, names: string[], why: string): void {
  const extra = present(from, names);
  if (extra.length > 0) throw new BadRequestException(`${extra.join(', ')}: ${why}`);
}

/**
 * The scope a body asks for: its `scope`, or the deprecated top-level forms (`mode: 'current'` with
 * `siteSpaceId`, `mode: 'all'`, `siteSpaceIds` with or without `mode: 'specific'`). A body with neither
 * searches the default scope. Fields that do not belong to the mode are a 400, not ignored: a scope half
 * understood would search somewhere else than asked.
 */
export function siteSearchScope(body: SearchSiteBody): SiteSearchScope {
  const { scope } = body;
  if (scope) {
    refuseExtra(body, ['mode', 'siteSpaceId', 'siteSpaceIds'], 'the deprecated forms cannot be given with scope');
    if (scope.mode === 'all') {
      refuseExtra(scope, ['currentSiteSpace', 'restrictTo', 'siteSpaceIds'], 'not part of scope mode all');
      return { mode: 'all' };
    }
    if (scope.mode === 'specific') {
      refuseExtra(scope, ['currentSiteSpace', 'restrictTo'], 'not part of scope mode specific');
      if (!scope.siteSpaceIds) throw new BadRequestException('scope.siteSpaceIds: required with mode specific');
      return { mode: 'specific', siteSpaceIds: scope.siteSpaceIds };
    }
    refuseExtra(scope, ['siteSpaceIds'], 'not part of scope mode default');
    if (scope.restrictTo !== undefined && scope.currentSiteSpace === undefined) throw new BadRequestException('scope.restrictTo: needs currentSiteSpace');
    return {
      mode: 'default',
      ...(scope.currentSiteSpace !== undefined ? { currentSiteSpace: scope.currentSiteSpace } : {}),
      ...(scope.restrictTo !== undefined ? { restrictTo: scope.restrictTo } : {}),
    };
  }
  if (body.mode === 'current') {
    refuseExtra(body, ['siteSpaceIds'], 'not part of mode current');
    if (body.siteSpaceId === undefined) throw new BadRequestException('siteSpaceId: required with mode current');
    return { mode: 'default', currentSiteSpace: body.siteSpaceId };
  }
  refuseExtra(body, ['siteSpaceId'], 'only with mode current');
  if (body.mode === 'all') {
    refuseExtra(body, ['siteSpaceIds'], 'not part of mode all');
    return { mode: 'all' };
  }
  if (body.siteSpaceIds) return { mode: 'specific', siteSpaceIds: body.siteSpaceIds };
  if (body.mode === 'specific') throw new BadRequestException('siteSpaceIds: required with mode specific');
  return { mode: 'default' };
}

/** A site space as the visible structure holds it: what scope selection reads. */
export interface ScopedSiteSpace {
  id: string;
  default: boolean;
  space: { id: string; title: string; language?: string };
}
interface ScopedSection {
  object: 'site-section';
  siteSpaces: ScopedSiteSpace[];
}
interface ScopedGroup {
  object: 'site-section-group';
  children: (ScopedSection | ScopedGroup)[];
}
/** The spec's SiteStructure, as far as selection reads it. */
export type ScopedStructure = { type: 'sections'; structure: (ScopedSection | ScopedGroup)[] } | { type: 'siteSpaces'; structure: ScopedSiteSpace[] };

/** Each section's site spaces, in the structure's order; a site without sections is one such list. */
function sectionsOf(structure: ScopedStructure): ScopedSiteSpace[][] {
  if (structure.type === 'siteSpaces') return [structure.structure];
  const out: ScopedSiteSpace[][] = [];
  const walk = (items: (ScopedSection | ScopedGroup)[]) => {
    for (const item of items) {
      if (item.object === 'site-section') out.push(item.siteSpaces);
      else walk(item.children);
    }
  };
  walk(structure.structure);
  return out;
}

/**
 * A section's default content for a search made from `current`: the current site space in its own
 * section; elsewhere the site space in the current one's language, else the section's default, else (the
 * default is hidden from this visitor) its first.
 */
function defaultOf(siteSpaces: ScopedSiteSpace[], current: ScopedSiteSpace | undefined): ScopedSiteSpace | undefined {
  if (current && siteSpaces.includes(current)) return current;
  const language = current?.space.language;
  return (language !== undefined ? siteSpaces.find((s) => s.space.language === language) : undefined) ?? siteSpaces.find((s) => s.default) ?? siteSpaces[0];
}

/**
 * The site spaces a scope searches, among those of a structure already cut to what the visitor sees (so
 * an id the visitor does not see is left out like an unknown one), in the structure's order, the current
 * site space first. Pure.
 */
export function selectSiteSpaces(structure: ScopedStructure, scope: SiteSearchScope): ScopedSiteSpace[] {
  const sections = sectionsOf(structure);
  const every = sections.flat();
  if (scope.mode === 'all') return every;
  if (scope.mode === 'specific') {
    const named = new Set(scope.siteSpaceIds);
    return every.filter((s) => named.has(s.id));
  }
  const current = scope.currentSiteSpace === undefined ? undefined : every.find((s) => s.id === scope.currentSiteSpace);
  if (scope.restrictTo === 'currentSiteSpace') return current ? [current] : [];
  const defaults = sections.flatMap((siteSpaces) => defaultOf(siteSpaces, current) ?? []).filter((s) => s !== current);
  if (scope.restrictTo === 'otherSiteSpaces' || !current) return defaults;
  return [current, ...defaults];
}
