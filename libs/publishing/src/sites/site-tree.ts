/**
 * A site's structure as a tree, from its read-model documents: sections and groups in order at each
 * level, site spaces in order in each section (or at the root of a site without sections), and which
 * section and site spaces are the defaults. Pure: the structure route, the lists' `default` flags and
 * the published answer all read the one tree.
 */

interface Ordered {
  id: string;
  position: string;
}
export interface SectionLike extends Ordered {
  groupId: string | null;
  defaultSiteSpace: string | null;
}
export interface GroupLike extends Ordered {
  parentId: string | null;
}
export interface SiteSpaceLike extends Ordered {
  sectionId: string | null;
}

export type TreeNode<S, G, P> =
  | { type: 'site-section'; doc: S; siteSpaces: P[]; defaultSiteSpace: string | null }
  | { type: 'site-section-group'; doc: G; children: TreeNode<S, G, P>[] };

export interface SiteTree<S, G, P> {
  /** `sections`: the site has sections (its root holds sections and groups); `siteSpaces`: it does not. */
  type: 'sections' | 'siteSpaces';
  root: TreeNode<S, G, P>[];
  /** The root's site spaces, for a site without sections. */
  rootSiteSpaces: P[];
  defaultSection: string | null;
  /** The site's default site space: the one named, else the default section's, else the root's first. */
  defaultSiteSpace: string | null;
}

const byPosition = (a: Ordered, b: Ordered) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1);

export function siteTree<S extends SectionLike, G extends GroupLike, P extends SiteSpaceLike>(
  site: { defaultSiteSpace: string | null; defaultSiteSection: string | null },
  sections: S[],
  groups: G[],
  siteSpaces: P[],
): SiteTree<S, G, P> {
  // Grouped once: a site of hundreds of sections and thousands of site spaces is walked in linear time.
  const bySection = new Map<string | null, P[]>();
  for (const s of siteSpaces) {
    const list = bySection.get(s.sectionId);
    if (list) list.push(s);
    else bySection.set(s.sectionId, [s]);
  }
  const spacesOf = (sectionId: string | null) => (bySection.get(sectionId) ?? []).sort(byPosition);
  const sectionNode = (section: S): TreeNode<S, G, P> => {
    const own = spacesOf(section.id);
    const named = own.find((s) => s.id === section.defaultSiteSpace);
    return { type: 'site-section', doc: section, siteSpaces: own, defaultSiteSpace: (named ?? own[0])?.id ?? null };
  };
  const level = (parent: string | null): TreeNode<S, G, P>[] =>
    [
      ...sections.filter((s) => s.groupId === parent).map((doc) => ({ doc, node: () => sectionNode(doc) })),
      ...groups.filter((g) => g.parentId === parent).map((doc) => ({ doc, node: (): TreeNode<S, G, P> => ({ type: 'site-section-group', doc, children: level(doc.id) }) })),
    ]
      .sort((a, b) => byPosition(a.doc, b.doc))
      .map(({ node }) => node());
  const root = level(null);
  const inOrder: Extract<TreeNode<S, G, P>, { type: 'site-section' }>[] = [];
  const collect = (nodes: TreeNode<S, G, P>[]) => nodes.forEach((n) => (n.type === 'site-section' ? inOrder.push(n) : collect(n.children)));
  collect(root);
  const defaultSection = inOrder.find((n) => n.doc.id === site.defaultSiteSection) ?? inOrder[0];
  const rootSiteSpaces = spacesOf(null);
  const named = siteSpaces.find((s) => s.id === site.defaultSiteSpace);
  return {
    type: sections.length > 0 ? 'sections' : 'siteSpaces',
    root,
    rootSiteSpaces,
    defaultSection: defaultSection?.doc.id ?? null,
    defaultSiteSpace: named?.id ?? defaultSection?.defaultSiteSpace ?? rootSiteSpaces[0]?.id ?? null,
  };
}
