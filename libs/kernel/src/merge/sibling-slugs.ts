import { TreeSnapshot } from '../tree/content-trees';
import { uniqueSlug } from '../tree/slugs';
import { bare, MergedPage } from './merge-pages';

/**
 * Pages the two sides placed under one parent with one slug would share a path: both stay, and each later
 * arrival (pages the merge leaves alone first, then main's, then the change request's) takes the first free
 * slug with -2, -3…. Two pages at one position need nothing: the tree orders ties by id. Only parents where
 * slugs can meet are read: where merged pages share a slug, or where a page has a parent and slug that neither
 * side gave it together (its parent from one, its slug from the other); otherwise the page fitted among the
 * pages there on that side, and those the merge leaves alone are the same. `into` holds those.
 */
export async function settleSlugs(into: TreeSnapshot, merged: Map<string, MergedPage>): Promise<void> {
  const byParent = new Map<string | null, MergedPage[]>();
  for (const page of merged.values()) {
    if (page.node) byParent.set(page.node.parent, [...(byParent.get(page.node.parent) ?? []), page]);
  }
  for (const [parent, pages] of byParent) {
    const slugs = pages.map((page) => page.node!.slug);
    if (!pages.some(placedAnew) && new Set(slugs).size === slugs.length) continue;
    const others = (parent === null ? into.rootPages : ((await into.page(parent))?.children ?? [])).filter((id) => !merged.has(id));
    const taken = new Set((await Promise.all(others.map((id) => into.page(id)))).map((node) => bare(node)!.slug));
    const rank = (page: MergedPage) => (page.placedBy === 'main' ? 0 : 1);
    for (const page of [...pages].sort((a, b) => rank(a) - rank(b) || (a.node!.id < b.node!.id ? -1 : 1))) {
      const slug = uniqueSlug(page.node!.slug, taken);
      if (slug !== page.node!.slug) page.node = { ...page.node!, slug };
      taken.add(slug);
    }
  }
}

/** A page whose parent and slug come from different sides: it meets siblings neither side checked it against. */
function placedAnew({ node, versions }: MergedPage): boolean {
  return ![versions.main, versions.changeRequest].some((v) => v && v.parent === node!.parent && v.slug === node!.slug);
}
