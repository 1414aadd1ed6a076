import { LinkContext } from '../markdown/dialect';
import { PageNode } from '../tree/tree.model';
import { TocEntry } from './summary';

/**
 * The table of contents of a tree (its pages listed depth-first in tree order) laid out at `paths`: groups,
 * pages with their link titles, link pages with their targets as the summary writes them (`links`: the
 * summary's own link context).
 */
export function summaryOfTree(pages: readonly PageNode[], paths: ReadonlyMap<string, string>, links: LinkContext): TocEntry[] {
  const roots: TocEntry[] = [];
  const childrenOf = new Map<string, TocEntry[]>();
  for (const page of pages) {
    const into = page.parent === null ? roots : childrenOf.get(page.parent);
    if (!into) continue; // under a page left out: nothing of its subtree is listed
    const children: TocEntry[] = [];
    childrenOf.set(page.id, children);
    if (page.type === 'group') into.push({ kind: 'group', title: page.title, slug: page.slug, children });
    else if (page.type === 'link') into.push({ kind: 'link', title: page.title, target: page.target ? links.targetOfRef(page.target, 'link') : '', children });
    else into.push({ kind: 'page', title: page.title, ...(page.linkTitle !== undefined ? { linkTitle: page.linkTitle } : {}), path: paths.get(page.id)!, children });
  }
  return roots;
}
