import { PageNode } from '@folio/kernel/tree/tree.model';

/**
 * What names a page across an import: its file for a document page, its slug for a group, its parent and title
 * for a link page. A folder page with the key of a page already there is that page (it keeps its id), so a
 * folder exported and imported again changes nothing.
 */
export const documentKey = (path: string) => `page:${path}`;
export const groupKey = (slug: string) => `group:${slug}`;
export const linkKey = (parentKey: string, title: string) => `link:${parentKey}/${title}`;

/** Keys of a tree's pages (listed depth-first in tree order) laid out at `paths`: key -> the page. */
export function keysOfTree(pages: readonly PageNode[], paths: ReadonlyMap<string, string>): Map<string, PageNode> {
  const keyOf = new Map<string, string>();
  const keys = new Map<string, PageNode>();
  for (const page of pages) {
    const parentKey = page.parent === null ? '' : (keyOf.get(page.parent) ?? '');
    const key =
      page.type === 'document' ? documentKey(paths.get(page.id)!) : page.type === 'group' ? groupKey(page.slug) : linkKey(parentKey, page.title);
    keyOf.set(page.id, key);
    if (!keys.has(key)) keys.set(key, page);
  }
  return keys;
}
