import { siteTree } from './site-tree';

const section = (id: string, position: string, groupId: string | null = null, defaultSiteSpace: string | null = null) => ({ id, position, groupId, defaultSiteSpace });
const group = (id: string, position: string, parentId: string | null = null) => ({ id, position, parentId });
const siteSpace = (id: string, position: string, sectionId: string | null = null) => ({ id, position, sectionId });
const none = { defaultSiteSpace: null, defaultSiteSection: null };

describe('siteTree', () => {
  it('answers a site without sections as its root site spaces, the first the default', () => {
    const tree = siteTree(none, [], [], [siteSpace('b', 'a2'), siteSpace('a', 'a1')]);
    expect(tree).toMatchObject({ type: 'siteSpaces', root: [], defaultSection: null, defaultSiteSpace: 'a' });
    expect(tree.rootSiteSpaces.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('orders sections and groups together, nests groups, and puts site spaces in their sections', () => {
    const tree = siteTree(
      none,
      [section('s1', 'a2'), section('s2', 'a1', 'g1'), section('s3', 'a2', 'g1')],
      [group('g1', 'a1')],
      [siteSpace('x', 'a1', 's2'), siteSpace('y', 'a1', 's1')],
    );
    expect(tree.type).toBe('sections');
    const shape = (nodes: typeof tree.root): unknown[] =>
      nodes.map((n) => (n.type === 'site-section' ? [n.doc.id, n.siteSpaces.map((s) => s.id)] : { [n.doc.id]: shape(n.children) }));
    expect(shape(tree.root)).toEqual([{ g1: [['s2', ['x']], ['s3', []]] }, ['s1', ['y']]]);
    expect(tree.defaultSection).toBe('s2');
    expect(tree.defaultSiteSpace).toBe('x');
  });

  it('takes the named defaults when they exist, and falls back when they are gone', () => {
    const docs = [section('s1', 'a1'), section('s2', 'a2', null, 'z')] as const;
    const spaces = [siteSpace('x', 'a1', 's1'), siteSpace('y', 'a1', 's2'), siteSpace('z', 'a2', 's2')];
    expect(siteTree({ defaultSiteSpace: null, defaultSiteSection: 's2' }, [...docs], [], spaces)).toMatchObject({ defaultSection: 's2', defaultSiteSpace: 'z' });
    expect(siteTree({ defaultSiteSpace: 'y', defaultSiteSection: 'gone' }, [...docs], [], spaces)).toMatchObject({ defaultSection: 's1', defaultSiteSpace: 'y' });
  });
});
