import { Inject, Injectable } from '@nestjs/common';
import { mapConcurrently } from '@folio/platform/concurrency/map-concurrently';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ContentTrees, DOCUMENT_READS, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { offIndex } from '../tree/main-page-index';
import { LINK_INDEX, LINK_TARGETS, LinkTargetDoc, linkTargets, PageLink, PAGE_LINKS, pageLinks, PageLinksDoc } from './link-docs';

/** One page's links. */
export interface LinksOfPage {
  page: string;
  links: PageLink[];
}

/** The links of one version of a space's content. */
export interface LinkSet {
  /** Every page with links, with them. */
  all(): Promise<LinksOfPage[]>;
  fromPage(page: string): Promise<PageLink[]>;
  /** The pages linking to a target (`targetKey`), in id order. */
  linkingTo(target: string): Promise<string[]>;
}

/**
 * The links of any tree of a space: the index of main's links (the content-links projection), overlaid with
 * the pages where the tree differs from the one indexed, extracted on the fly. For main that is usually
 * nothing; for a change request, the pages its head and main do not share, so the cost follows the difference.
 */
@Injectable()
export class LinkIndex {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly trees: ContentTrees,
  ) {}

  async open(space: string, snapshot: TreeSnapshot): Promise<LinkSet> {
    /** Pages whose links differ from the index: their links in `snapshot` (none for a page it lacks). */
    const overlay = new Map<string, PageLink[]>();
    const changed = await offIndex(LINK_INDEX, this.reads, this.trees, space, snapshot);
    const links = await mapConcurrently(changed, DOCUMENT_READS, async ({ after }) => (after ? pageLinks(space, after, await snapshot.document(after)) : []));
    changed.forEach((change, i) => overlay.set(change.id, links[i]));
    const stored = <T extends { page: string }>(docs: T[]) => docs.filter((doc) => !overlay.has(doc.page));
    return {
      all: async () => [
        ...stored(await findEvery<PageLinksDoc>(this.reads, PAGE_LINKS, { space })),
        ...[...overlay].flatMap(([page, links]) => (links.length > 0 ? [{ page, links }] : [])),
      ],
      fromPage: async (page) => overlay.get(page) ?? (await this.reads.get<PageLinksDoc>(PAGE_LINKS, `${space}:${page}`))?.links ?? [],
      linkingTo: async (target) => {
        const pages = stored(await findEvery<LinkTargetDoc>(this.reads, LINK_TARGETS, { space, target })).map((doc) => doc.page);
        for (const [page, links] of overlay) if (linkTargets(links).includes(target)) pages.push(page);
        return [...new Set(pages)].sort();
      },
    };
  }
}
