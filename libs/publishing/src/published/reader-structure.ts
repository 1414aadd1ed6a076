import { SiteTree, TreeNode } from '../sites/site-tree';
import { SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc } from '../sites/site.projection';

/** A site space a visitor may reach: live, its space live, its condition true for the visitor's claims. */
export interface ReaderSiteSpace {
  id: string;
  path: string;
  spaceId: string;
}

/** A section a visitor may reach, with its reachable site spaces (at least one) and the one at its root. */
export interface ReaderSection {
  /** Null for the one implicit section of a site without sections. */
  id: string | null;
  path: string;
  siteSpaces: ReaderSiteSpace[];
  defaultSiteSpace: ReaderSiteSpace;
}

/** What a URL of a site can lead one visitor to: the sections (one implicit one for a site without), and their spaces. */
export interface ReaderStructure {
  sectioned: boolean;
  sections: ReaderSection[];
  defaultSection: ReaderSection;
  /** The spaces of every reachable site space: what the visitor's site token names. */
  spaceIds: string[];
}

type Tree = SiteTree<SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc>;
type Node = TreeNode<SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc>;

/**
 * The part of a site's tree one visitor may reach, as the published answer shows it (visible-structure.ts):
 * drafts, site spaces whose space is not live and what a condition hides are left out, and a section left
 * without site spaces goes. A default left out gives way to the first reachable. Null when nothing is left.
 */
export function readerStructure(tree: Tree, liveSpaces: ReadonlySet<string>, passes: (condition: string | null) => boolean): ReaderStructure | null {
  const reachable = (docs: SiteSpaceDoc[]): ReaderSiteSpace[] =>
    docs.filter((d) => d.draft !== true && liveSpaces.has(d.spaceId) && passes(d.condition)).map((d) => ({ id: d.id, path: d.path, spaceId: d.spaceId }));
  const section = (id: string | null, path: string, docs: SiteSpaceDoc[], defaultId: string | null): ReaderSection | null => {
    const siteSpaces = reachable(docs);
    if (siteSpaces.length === 0) return null;
    return { id, path, siteSpaces, defaultSiteSpace: siteSpaces.find((s) => s.id === defaultId) ?? siteSpaces[0] };
  };
  let sections: ReaderSection[];
  let defaultSection: ReaderSection | undefined;
  if (tree.type === 'sections') {
    sections = [];
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.type === 'site-section-group') walk(node.children);
        else if (node.doc.draft !== true && passes(node.doc.condition)) {
          const shown = section(node.doc.id, node.doc.path, node.siteSpaces, node.defaultSiteSpace);
          if (shown) sections.push(shown);
        }
      }
    };
    walk(tree.root);
    defaultSection = sections.find((s) => s.id === tree.defaultSection) ?? sections[0];
  } else {
    const only = section(null, '', tree.rootSiteSpaces, tree.defaultSiteSpace);
    sections = only ? [only] : [];
    defaultSection = only ?? undefined;
  }
  if (!defaultSection) return null;
  const spaceIds = [...new Set(sections.flatMap((s) => s.siteSpaces.map((ss) => ss.spaceId)))].sort();
  return { sectioned: tree.type === 'sections', sections, defaultSection, spaceIds };
}
