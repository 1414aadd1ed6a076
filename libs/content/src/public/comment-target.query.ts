import { Query } from '@nestjs/cqrs';
import { TableCell } from '@folio/kernel/document/table-cell';

/** Where in a space's content a comment points: a page, a block or inline of it (its key), a cell of a table block. */
export interface CommentTargetInput {
  page?: string;
  node?: string;
  tableCell?: TableCell;
}

/**
 * Collaboration's question to content: does this target exist in this revision of the space? Answers
 * the page it is on (the page given, or the page whose document holds `node`; null for neither).
 * Invalid, naming the field (`page`, `node`, `tableCell…`), for a target the content does not have;
 * NotFound('revision') for a revision the space does not have.
 */
export class CheckCommentTarget extends Query<{ page: string | null }> {
  constructor(
    readonly spaceId: string,
    readonly revisionId: string,
    readonly target: CommentTargetInput,
  ) {
    super();
  }
}
