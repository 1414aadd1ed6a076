import { Command } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';

/**
 * Publishing's request to content (a site space's duplication): a full copy of `spaceId`, as
 * `POST /spaces/{spaceId}/duplicate` makes it (same settings and content, right after the original), under
 * the id `copyId`. The asker chooses that id and records it first, so asking again after a crash finds the
 * copy already made and makes no second one. NotFound for a space the caller may not see, Forbidden
 * without admin on it, the space decider's refusal for one in the bin. Resolves once the copy is readable.
 */
export class CopySpace extends Command<void> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly copyId: string,
  ) {
    super();
  }
}
