import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateTeam, DeleteTeam, PutTeamMember, RemoveTeamMember, RenameTeam, UpdateTeamMembers } from './team.commands';
import { CreateTeamBody, ListTeamsQuery, PutTeamMemberBody, UpdateTeamBody, UpdateTeamMembersBody } from './team.dto';
import { GetTeam, ListTeamMembers, ListTeams } from './team.queries';

@Controller('orgs/:organizationId/teams')
export class TeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() query: ListTeamsQuery) {
    const { owner, title, ...list } = query;
    return this.queries.execute(new ListTeams(caller, organizationId, { owner, title }, list));
  }

  @Put()
  @HttpCode(201)
  create(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Body() body: CreateTeamBody) {
    return this.commands.execute(new CreateTeam(caller, organizationId, body.title, body.members));
  }

  @Get(':teamId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string) {
    return this.queries.execute(new GetTeam(caller, organizationId, teamId));
  }

  @Patch(':teamId')
  rename(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    return this.commands.execute(new RenameTeam(caller, organizationId, teamId, body.title, ifMatch));
  }

  @Delete(':teamId')
  @HttpCode(204)
  async delete(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('teamId') teamId: string) {
    await this.commands.execute(new DeleteTeam(caller, organizationId, teamId));
  }

  @Get(':teamId/members')
  members(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Query() list: ListQuery,
  ) {
    return this.queries.execute(new ListTeamMembers(caller, organizationId, teamId, list));
  }

  @Put(':teamId/members')
  @HttpCode(204)
  async updateMembers(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Body() body: UpdateTeamMembersBody,
  ) {
    const { add, remove, memberships } = body;
    await this.commands.execute(new UpdateTeamMembers(caller, organizationId, teamId, { add, remove, memberships }));
  }

  @Put(':teamId/members/:userId')
  @HttpCode(204)
  async putMember(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
    // Optional: without a body the user joins as a member (or keeps their role). The declared type must
    // stay the bare class, or the validation pipe would not see it.
    @Body() body: PutTeamMemberBody,
  ) {
    const role = (body as PutTeamMemberBody | undefined)?.role;
    await this.commands.execute(new PutTeamMember(caller, organizationId, teamId, userId, role));
  }

  @Delete(':teamId/members/:userId')
  @HttpCode(204)
  async removeMember(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('teamId') teamId: string,
    @Param('userId') userId: string,
  ) {
    await this.commands.execute(new RemoveTeamMember(caller, organizationId, teamId, userId));
  }
}
