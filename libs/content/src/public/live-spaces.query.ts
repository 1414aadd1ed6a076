import { Query } from '@nestjs/cqrs';

/**
 * Publishing's question for a published site's readers: which of these ids are live spaces of the
 * organization (not in the bin, not purged)? No caller: who may read a published site is its visibility's
 * decision (share key, visitor token), not the spaces' permissions, and the answer is only ids.
 */
export class GetLiveSpaces extends Query<Set<string>> {
  constructor(
    readonly organizationId: string,
    readonly spaceIds: string[],
  ) {
    super();
  }
}
