import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { diffTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { inTreeOrder } from '@folio/kernel/tree/tree-order';
import { PageNode } from '@folio/kernel/tree/tree.model';

/** A PDF prints at most this many pages: it is made while the request waits. */
export const MAX_PRINTED_PAGES = 1000;

/** Which pages to print: all (of the space, or those a change request changed), or one page and (unless `only`) its subpages. */
export interface PrintSelection {
  page?: string;
  only: boolean;
}

/**
 * The pages to print, in tree order (depth-first, as the content lists them): one page and its subpages when
 * `page` is given, else `all()`. An unknown page is NotFound; `only` without a page is Invalid; more than
 * MAX_PRINTED_PAGES is Invalid, found without reading the rest of a big tree's subpages.
 */
export async function pagesToPrint(snapshot: TreeSnapshot, selection: PrintSelection, all: () => Promise<PageNode[]> = () => snapshot.pages()): Promise<PageNode[]> {
  if (selection.page === undefined) {
    if (selection.only) throw new Invalid('only: prints the page given alone, and needs page');
    return atMost(await all());
  }
  const root = await snapshot.page(selection.page);
  if (!root) throw new NotFound('page');
  if (selection.only) return [root];
  const pages: PageNode[] = [];
  const stack = [root];
  while (stack.length) {
    const page = stack.pop()!;
    pages.push(page);
    atMost(pages);
    const children = await Promise.all(page.children.map((id) => snapshot.page(id)));
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
  }
  return pages;
}

/**
 * The pages of `head` that differ from `base` (diffTrees: content, title, place; not pages only `base` has),
 * in `head`'s tree order. The cost follows the difference: each page's place is found through its ancestors.
 */
export async function changedPages(base: TreeSnapshot, head: TreeSnapshot): Promise<PageNode[]> {
  const changed = (await diffTrees(base, head)).pages.flatMap((change) => (change.after ? [change.after] : []));
  return inTreeOrder(head, atMost(changed), (page) => page.id);
}

function atMost(pages: PageNode[]): PageNode[] {
  if (pages.length > MAX_PRINTED_PAGES) {
    throw new Invalid(`A PDF prints at most ${MAX_PRINTED_PAGES} pages: print one page and its subpages (page), or one page alone (only=true)`);
  }
  return pages;
}
