import { siteTree } from '../sites/site-tree';
import { SiteSectionDoc } from '../sites/site.projection';
import { siteSpaceDoc } from '../testing/site-docs';
import { readerStructure } from './reader-structure';

const sectionDoc = (id: string, position: string, fields: Partial<SiteSectionDoc> = {}): SiteSectionDoc => ({
  id,
  siteId: 'site1',
  organizationId: 'o1',
  title: id,
  path: id,
  condition: null,
  icon: null,
  description: null,
  defaultSiteSpace: null,
  groupId: null,
  position,
  addedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  logPosition: '1',
  ...fields,
});
const everything = () => true;
const noBeta = (condition: string | null) => condition !== 'visitor.claims.beta';
const live = new Set(['s1', 's2', 's3', 's4']);

describe('the structure a visitor may reach', () => {
  const sections = [sectionDoc('guide', 'a1', { defaultSiteSpace: 'ss2' }), sectionDoc('beta', 'a2', { condition: 'visitor.claims.beta' }), sectionDoc('draft', 'a3', { draft: true })];
  const siteSpaces = [
    siteSpaceDoc({ id: 'ss1', spaceId: 's1', sectionId: 'guide', path: 'v1', position: 'a1' }),
    siteSpaceDoc({ id: 'ss2', spaceId: 's2', sectionId: 'guide', path: 'v2', position: 'a2' }),
    siteSpaceDoc({ id: 'ss3', spaceId: 's3', sectionId: 'beta', path: 'beta', position: 'a1' }),
    siteSpaceDoc({ id: 'ss4', spaceId: 's4', sectionId: 'draft', path: 'd', position: 'a1' }),
  ];
  const tree = siteTree({ defaultSiteSpace: null, defaultSiteSection: 'beta' }, sections, [], siteSpaces);

  it('keeps sections and site spaces in order with their defaults, leaving drafts out', () => {
    const reached = readerStructure(tree, live, everything)!;
    expect(reached.sections.map((s) => [s.id, s.siteSpaces.map((ss) => ss.id), s.defaultSiteSpace.id])).toEqual([
      ['guide', ['ss1', 'ss2'], 'ss2'],
      ['beta', ['ss3'], 'ss3'],
    ]);
    expect(reached.defaultSection.id).toBe('beta');
    expect(reached.spaceIds).toEqual(['s1', 's2', 's3']);
  });

  it("leaves out what a condition hides, the default giving way to the first left; and site spaces whose space is not live", () => {
    const reached = readerStructure(tree, new Set(['s1', 's3']), noBeta)!;
    expect(reached.sections.map((s) => [s.id, s.defaultSiteSpace.id])).toEqual([['guide', 'ss1']]);
    expect(reached.defaultSection.id).toBe('guide');
    expect(reached.spaceIds).toEqual(['s1']);
  });

  it('is one implicit section for a site without sections, and nothing when nothing is left', () => {
    const flat = siteTree({ defaultSiteSpace: 'ss2', defaultSiteSection: null }, [], [], [siteSpaceDoc({ id: 'ss1', spaceId: 's1' }), siteSpaceDoc({ id: 'ss2', spaceId: 's2', path: 'two', position: 'a1' })]);
    expect(readerStructure(flat, live, everything)).toMatchObject({ sectioned: false, sections: [{ id: null, defaultSiteSpace: { id: 'ss2' } }] });
    expect(readerStructure(flat, new Set(), everything)).toBeNull();
  });
});
