import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { nodeByKey } from '@folio/kernel/document/node-by-key';
import { assertTableCell } from '@folio/kernel/document/table-cell';
import { CheckCommentTarget } from '../public/comment-target.query';
import { BlockKeyIndex } from '../block-keys/block-key-index';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { REVISIONS, RevisionDoc } from './revision.projection';

@QueryHandler(CheckCommentTarget)
export class CheckCommentTargetHandler implements IQueryHandler<CheckCommentTarget> {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly trees: ContentTrees,
    private readonly blockKeys: BlockKeyIndex,
  ) {}

  async execute({ spaceId, revisionId, target }: CheckCommentTarget): Promise<{ page: string | null }> {
    const { page, node, tableCell } = target;
    if (tableCell && node === undefined) throw new Invalid('tableCell: needs node, the key of its table');
    const revision = await this.reads.get<RevisionDoc>(REVISIONS, revisionId);
    if (!revision || revision.spaceId !== spaceId) throw new NotFound('revision');
    const snapshot = await this.trees.open(revision.tree);
    const given = page === undefined ? null : await snapshot.page(page);
    if (page !== undefined && !given) throw new Invalid(`page: ${JSON.stringify(page)} is not a page of revision ${revisionId}`);
    if (node === undefined) return { page: page ?? null };
    // Without a page, the index of block keys names it: only the documents of pages off the index are searched.
    const holder = given ?? (await this.holderOf(spaceId, revisionId, snapshot, node));
    const document = holder && (await snapshot.document(holder));
    const found = document && nodeByKey(document, node);
    if (!found) {
      const where = given ? `page ${JSON.stringify(given.id)}` : `any page of revision ${revisionId}`;
      throw new Invalid(`node: no block or inline has the key ${JSON.stringify(node)} in ${where}`);
    }
    if (tableCell) assertTableCell(found, tableCell);
    return { page: holder.id };
  }

  /** The one page of the revision holding `node`; null for none. A key on several pages needs the page named. */
  private async holderOf(spaceId: string, revisionId: string, snapshot: TreeSnapshot, node: string) {
    const pages = await this.blockKeys.pagesWith(spaceId, snapshot, node);
    if (pages.length > 1) {
      throw new Invalid(`node: the key ${JSON.stringify(node)} is on more than one page of revision ${revisionId} (${pages.join(' and ')} among them): give its page`);
    }
    return pages.length === 0 ? null : snapshot.page(pages[0]);
  }
}
