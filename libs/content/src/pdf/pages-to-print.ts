import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { TreeSnapshot } from '../tree/content-trees';
import { PageNode } from '../tree/tree.model';

/** A PDF prints at most this many pages: it is made while the request waits. */
export const MAX_PRINTED_PAGES = 1000;

/** Which pages to print: all, or one page and (unless `only`) its subpages. */
export interface PrintSelection {
  page?: string;
  only: boolean;
}

/**
 * The pages to print, in tree order (depth-first, as the content lists them). An unknown page is NotFound;
 * more than MAX_PRINTED_PAGES is Invalid, found without reading the rest of a big tree's subpages.
 */
export async function pagesToPrint(snapshot: TreeSnapshot, selection: PrintSelection): Promise<PageNode[]> {
  if (selection.page === undefined) return atMost(await snapshot.pages());
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

function atMost(pages: PageNode[]): PageNode[] {
  if (pages.length > MAX_PRINTED_PAGES) {
    throw new Invalid(`A PDF prints at most ${MAX_PRINTED_PAGES} pages: print one page and its subpages (page), or one page alone (only=true)`);
  }
  return pages;
}
