import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { ApiTokenResource, apiTokenResource } from './api-token.resource';
import { TokenUsage } from './token-usage/token-usage';
import { UserReads } from './user.reads';

/** `GET /user/tokens`: the caller's active tokens, oldest first, each with its last use. */
export class ListOwnApiTokens extends Query<ListEnvelope<ApiTokenResource>> {
  constructor(
    readonly caller: Caller,
    readonly list: ListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListOwnApiTokens)
export class ListOwnApiTokensHandler implements IQueryHandler<ListOwnApiTokens> {
  constructor(
    private readonly users: UserReads,
    private readonly usage: TokenUsage,
  ) {}

  async execute({ caller, list }: ListOwnApiTokens) {
    const page = await this.users.tokensOf(caller.userId, list, { activeOnly: true });
    const used = await this.usage.lastUsed(page.items.map((t) => t.id));
    return listEnvelope(
      page.items.map((t) => apiTokenResource(t, used.get(t.id) ?? null)),
      page.next,
    );
  }
}
