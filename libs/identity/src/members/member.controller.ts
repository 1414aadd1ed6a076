import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { PingOrganization } from '../member-activity/ping.commands';
import { ChangeMemberRole, RemoveMember, SetMemberSSO } from './member.commands';
import { ListMembersQuery, MemberTeamsQuery, UpdateMemberBody } from './member.dto';
import { GetMember, ListMembers, ListMemberTeams } from './member.queries';

@Controller('orgs/:organizationId')
export class MemberController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('members')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListMembersQuery) {
    return this.queries.execute(new ListMembers(caller, organizationId, query));
  }

  @Get('members/:userId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    return this.queries.execute(new GetMember(caller, organizationId, userId));
  }

  @Patch('members/:userId')
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Body() body: UpdateMemberBody,
  ) {
    return this.commands.execute(new ChangeMemberRole(caller, organizationId, userId, body.role));
  }

  @Delete('members/:userId')
  @HttpCode(204)
  async remove(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    await this.commands.execute(new RemoveMember(caller, organizationId, userId));
  }

  @Post('members/:userId/sso')
  @HttpCode(200)
  sso(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('userId') userId: string) {
    return this.commands.execute(new SetMemberSSO(caller, organizationId, userId));
  }

  @Get('members/:userId/teams')
  teams(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('userId') userId: string,
    @Query() query: MemberTeamsQuery,
  ) {
    return this.queries.execute(new ListMemberTeams(caller, organizationId, userId, query));
  }

  @Post('ping')
  @HttpCode(200)
  ping(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    return this.commands.execute(new PingOrganization(caller, organizationId));
  }
}
