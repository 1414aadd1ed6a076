import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateInviteLink, DeleteInviteLink, InviteUsers, JoinWithInvite, UpdateInviteLink } from './invite.commands';
import { CreateInviteBody, InviteUsersBody, UpdateInviteBody } from './invite.dto';
import { GetInviteLink, ListInviteLinks } from './invite.queries';

@Controller('orgs/:organizationId')
export class InviteController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  @Post('invites')
  @HttpCode(200)
  invite(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: InviteUsersBody) {
    return this.commands.execute(new InviteUsers(caller, organizationId, body.emails, body.role, body.sso ?? false));
  }

  @Post('invites/:inviteId')
  @HttpCode(200)
  async join(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new JoinWithInvite(caller, organizationId, inviteId));
    return {};
  }

  @Get('link-invites')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListInviteLinks(caller, organizationId, list));
  }

  @Post('link-invites')
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateInviteBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const invite = await this.commands.execute(new CreateInviteLink(caller, organizationId, body.role));
    void reply.status(201).header('location', `${this.config.publicUrl}/v1/orgs/${organizationId}/link-invites/${invite.id}`);
    return invite;
  }

  @Get('link-invites/:inviteId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    return this.queries.execute(new GetInviteLink(caller, organizationId, inviteId));
  }

  @Patch('link-invites/:inviteId')
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('inviteId') inviteId: string,
    @Body() body: UpdateInviteBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    return this.commands.execute(new UpdateInviteLink(caller, organizationId, inviteId, body.role, ifMatch));
  }

  @Delete('link-invites/:inviteId')
  @HttpCode(204)
  async remove(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('inviteId') inviteId: string) {
    await this.commands.execute(new DeleteInviteLink(caller, organizationId, inviteId));
  }
}
