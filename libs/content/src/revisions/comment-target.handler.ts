import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { nodeByKey } from '../documents/node-by-key';
import { assertTableCell } from '../documents/table-cell';
import { CheckCommentTarget } from '../public/comment-target.query';
import { ContentTrees } from '../tree/content-trees';
import { REVISIONS, RevisionDoc } from './revision.projection';

@QueryHandler(CheckCommentTarget)
export class CheckCommentTargetHandler implements IQueryHandler<CheckCommentTarget> {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly trees: ContentTrees,
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
    // Without a page, every page's document is read until one holds the key: a rare request, the client names the page.
    for (const candidate of given ? [given] : await snapshot.pages()) {
      const document = await snapshot.document(candidate);
      const found = document && nodeByKey(document, node);
      if (!found) continue;
      if (tableCell) assertTableCell(found, tableCell);
      return { page: candidate.id };
    }
    const where = given ? `page ${JSON.stringify(given.id)}` : `any page of revision ${revisionId}`;
    throw new Invalid(`node: no block or inline has the key ${JSON.stringify(node)} in ${where}`);
  }
}
