import { AdaptiveSchema } from '../adaptive/adaptive-schema.events';
import { RenderedStructure } from '../sites/site-views';
import { visibleStructure } from './visible-structure';

const schema: AdaptiveSchema = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false };
const siteSpace = (id: string, options: { condition?: string; deleted?: boolean; draft?: boolean } = {}) => ({
  object: 'site-space',
  id,
  path: id,
  draft: options.draft ?? false,
  ...(options.condition ? { condition: options.condition } : {}),
  space: { id: `space-${id}`, title: id, ...(options.deleted ? { deletedAt: '2026-01-01T00:00:00.000Z' } : {}) },
});
const section = (id: string, siteSpaces: unknown[], condition?: string, draft = false) => ({ object: 'site-section', id, siteSpaces, draft, ...(condition ? { condition } : {}) });
const group = (id: string, children: unknown[]) => ({ object: 'site-section-group', id, children, sections: children });
const sections = (...items: unknown[]) => ({ type: 'sections', structure: items }) as unknown as RenderedStructure['structure'];
const ids = (structure: RenderedStructure['structure']): unknown[] =>
  (structure.structure as { id: string; children?: unknown[]; siteSpaces?: { id: string }[] }[]).map((item) =>
    item.children ? { [item.id]: ids({ type: 'sections', structure: item.children } as never) } : item.siteSpaces ? [item.id, item.siteSpaces.map((s) => s.id)] : item.id,
  );

describe('visibleStructure', () => {
  it('leaves out site spaces whose space is in the bin, and sections left empty', () =>
    expect(ids(visibleStructure(sections(section('a', [siteSpace('x'), siteSpace('y', { deleted: true })]), section('b', [siteSpace('z', { deleted: true })])), schema, {}))).toEqual([
      ['a', ['x']],
    ]));

  it('leaves out draft sections and draft site spaces', () =>
    expect(ids(visibleStructure(sections(section('a', [siteSpace('x'), siteSpace('y', { draft: true })]), section('b', [siteSpace('z')], undefined, true)), schema, {}))).toEqual([
      ['a', ['x']],
    ]));

  it('shows a section or site space whose condition holds for the claims', () => {
    const structure = sections(section('a', [siteSpace('x'), siteSpace('y', { condition: 'visitor.claims.beta' })]), section('b', [siteSpace('z')], '!visitor.claims.beta'));
    expect(ids(visibleStructure(structure, schema, { beta: true }))).toEqual([['a', ['x', 'y']]]);
    expect(ids(visibleStructure(structure, schema, {}))).toEqual([['a', ['x']], ['b', ['z']]]);
  });

  it('hides what a condition the schema no longer allows guards', () =>
    expect(ids(visibleStructure(sections(section('a', [siteSpace('x')], 'visitor.claims.gone'), section('b', [siteSpace('y')])), schema, { gone: true }))).toEqual([['b', ['y']]]));

  it('drops a group left without children, and keeps its sections in step with its children', () => {
    const shown = visibleStructure(sections(group('g', [section('a', [siteSpace('x')], 'visitor.claims.beta')]), group('h', [section('b', [siteSpace('y')])])), schema, {});
    expect(ids(shown)).toEqual([{ h: [['b', ['y']]] }]);
    expect((shown.structure[0] as { sections: { id: string }[] }).sections.map((s) => s.id)).toEqual(['b']);
  });

  it('filters the site spaces of a site without sections', () =>
    expect(visibleStructure({ type: 'siteSpaces', structure: [siteSpace('x'), siteSpace('y', { deleted: true })] } as never, schema, {}).structure.map((s) => s.id)).toEqual(['x']));
});
