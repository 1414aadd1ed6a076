import { Inject, Injectable } from '@nestjs/common';
import { findEvery } from '@folio/platform/read-store/find-every';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ContentTrees, diffTrees, TreeSnapshot } from '../tree/content-trees';
import { EMPTY_TREE_HASH } from '../tree/empty-tree';
import { LINK_SPACES, LinkDoc, LINKS, linksMayDiffer, LinkSpaceDoc, pageLinkDocs } from './link-docs';

/** The links of one version of a space's content. */
export interface LinkSet {
  all(): Promise<LinkDoc[]>;
  fromPage(page: string): Promise<LinkDoc[]>;
  /** The links to a target (`targetKey`), from any page of this content. */
  toTarget(target: string): Promise<LinkDoc[]>;
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
    const indexed = (await this.reads.get<LinkSpaceDoc>(LINK_SPACES, space))?.tree ?? EMPTY_TREE_HASH;
    /** Pages whose links differ from the index: their links in `snapshot` (none for a page it lacks). */
    const overlay = new Map<string, LinkDoc[]>();
    if (indexed !== snapshot.hash) {
      const { pages } = await diffTrees(await this.trees.open(indexed), snapshot);
      const changed = pages.filter((change) => linksMayDiffer(change.before, change.after));
      const docs = await Promise.all(changed.map(async ({ after }) => (after ? pageLinkDocs(space, after, await snapshot.document(after)) : [])));
      changed.forEach((change, i) => overlay.set(change.id, docs[i]));
    }
    const notOverlaid = (docs: LinkDoc[]) => docs.filter((doc) => !overlay.has(doc.page));
    const overlaid = () => [...overlay.values()].flat();
    return {
      all: async () => [...notOverlaid(await findEvery<LinkDoc>(this.reads, LINKS, { space })), ...overlaid()],
      fromPage: async (page) => overlay.get(page) ?? findEvery<LinkDoc>(this.reads, LINKS, { space, page }),
      toTarget: async (target) => [
        ...notOverlaid(await findEvery<LinkDoc>(this.reads, LINKS, { space, target })),
        ...overlaid().filter((doc) => doc.target === target),
      ],
    };
  }
}
