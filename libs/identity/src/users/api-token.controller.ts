import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { ListOwnApiTokens } from './api-token.queries';
import { CreateApiTokenBody } from './api-token.dto';
import { apiTokenResource, CreatedApiTokenResource } from './api-token.resource';
import { IssueApiToken, RevokeApiToken } from './user.commands';

/**
 * The caller's own API tokens (as Outline offers them), beside the CLI's `tokens` commands. Any user may
 * manage their own; a site token is refused by the guard (no route here is for readers). Revoking the
 * token in use, or the caller's last one, is allowed: its next request is a 401, and the CLI issues another.
 */
@Controller('user/tokens')
export class ApiTokenController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CallerParam() caller: Caller, @Query() query: ListQuery) {
    return this.queries.execute(new ListOwnApiTokens(caller, query));
  }

  /** 201 with the token and, this once, its secret. */
  @Post()
  async create(@CallerParam() caller: Caller, @Body() body: CreateApiTokenBody): Promise<CreatedApiTokenResource> {
    const { tokenId, token, issuedAt } = await this.commands.execute(new IssueApiToken(caller, caller.userId, body.label));
    return { ...apiTokenResource({ id: tokenId, label: body.label, issuedAt }, null), token };
  }

  /** 204; another user's token, a revoked one or an unknown id is a 404 alike, so ids tell nothing. */
  @Delete(':tokenId')
  @HttpCode(204)
  async revoke(@CallerParam() caller: Caller, @Param('tokenId') tokenId: string): Promise<void> {
    await this.commands.execute(new RevokeApiToken(caller, { id: tokenId, ownedBy: caller.userId }));
  }
}
