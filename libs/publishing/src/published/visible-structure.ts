import { CompiledExpression } from '@folio/platform/domain/custom-expression';
import { AdaptiveSchema } from '../adaptive/adaptive-schema.events';
import { compileCondition, evaluateCondition } from '../adaptive/site-condition';
import { RenderedStructure, SiteSectionGroupView, SiteSectionView, SiteSpaceView } from '../sites/site-views';

type Structure = RenderedStructure['structure'];

/**
 * Whether a condition (none: always) holds for the visitor's claims; one that does not compile against the
 * schema is false. Each condition is compiled once per test.
 */
export function conditionTest(schema: AdaptiveSchema, claims: Record<string, unknown>): (condition: string | null | undefined) => boolean {
  const compiled = new Map<string, CompiledExpression | null>();
  return (condition) => {
    if (condition === undefined || condition === null) return true;
    if (!compiled.has(condition)) {
      try {
        compiled.set(condition, compileCondition(condition, schema));
      } catch {
        compiled.set(condition, null);
      }
    }
    const expression = compiled.get(condition);
    return expression ? evaluateCondition(expression, claims) : false;
  };
}

/**
 * What one visitor sees of a rendered structure: drafts and site spaces whose space is in the bin are left out, and
 * so is every section or site space whose condition is false for the visitor's claims (a condition the
 * schema no longer allows counts as false: hidden, never shown by mistake). A section left without site
 * spaces, or a group left without children, goes too. Pure.
 */
export function visibleStructure(structure: Structure, schema: AdaptiveSchema, claims: Record<string, unknown>): Structure {
  const passes = conditionTest(schema, claims);
  const siteSpaces = (list: SiteSpaceView[]) => list.filter((s) => !s.draft && !('deletedAt' in s.space && s.space.deletedAt) && passes(s.condition));
  const level = (items: (SiteSectionView | SiteSectionGroupView)[]): (SiteSectionView | SiteSectionGroupView)[] =>
    items.flatMap((item): (SiteSectionView | SiteSectionGroupView)[] => {
      if (item.object === 'site-section-group') {
        const children = level(item.children);
        return children.length > 0 ? [{ ...item, children, sections: children.filter((c): c is SiteSectionView => c.object === 'site-section') }] : [];
      }
      if (item.draft || !passes(item.condition)) return [];
      const shown = siteSpaces(item.siteSpaces);
      return shown.length > 0 ? [{ ...item, siteSpaces: shown }] : [];
    });
  return structure.type === 'sections' ? { type: 'sections', structure: level(structure.structure) } : { type: 'siteSpaces', structure: siteSpaces(structure.structure) };
}
