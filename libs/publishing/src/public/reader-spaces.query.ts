import { Query } from '@nestjs/cqrs';
import { Reader } from '@folio/platform/auth/reader';

/**
 * Another context's question to publishing: which spaces may this reader (a site token's bearer) read
 * now? The ids of the spaces its site's published structure shows for its claims; null when the site is
 * gone, moved, unpublished, or shared by a link the token's key no longer opens (then it reads nothing:
 * 404 everywhere). Decided on every request, never from the token's own list.
 */
export class ReaderSpaces extends Query<ReadonlySet<string> | null> {
  constructor(readonly reader: Reader) {
    super();
  }
}
