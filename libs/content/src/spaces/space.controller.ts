import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateSpace, DeleteSpace, DuplicateSpace, MoveSpace, RestoreSpace, TransferSpace, UpdateSpace } from './space.commands';
import { assertMoveBody, MoveBody } from '../shared/move.body';
import { CreateSpaceBody, GetSpaceQuery, TransferSpaceBody, UpdateSpaceBody } from './space.dto';
import { GetSpace, ListSpaces } from './space.queries';
import { SpaceResource } from './space.resource';

@Controller()
export class SpaceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('orgs/:organizationId/spaces')
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSpaceBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = (body as CreateSpaceBody | undefined) ?? {};
    const space = await this.commands.execute(new CreateSpace(caller, organizationId, { ...input }));
    return created(reply, space);
  }

  @Get('orgs/:organizationId/spaces')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListSpaces(caller, organizationId, list));
  }

  @ForReaders()
  @Get('spaces/:spaceId')
  get(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() query: GetSpaceQuery) {
    return this.queries.execute(new GetSpace(caller, spaceId, query.shareKey));
  }

  @Patch('spaces/:spaceId')
  update(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Body() body: UpdateSpaceBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    const changes = (body as UpdateSpaceBody | undefined)?.toChanges() ?? {};
    return this.commands.execute(new UpdateSpace(caller, spaceId, changes, ifMatch));
  }

  @Delete('spaces/:spaceId')
  @HttpCode(204)
  async delete(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string) {
    await this.commands.execute(new DeleteSpace(caller, spaceId));
  }

  @Post('spaces/:spaceId/restore')
  @HttpCode(200)
  restore(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string) {
    return this.commands.execute(new RestoreSpace(caller, spaceId));
  }

  @Post('spaces/:spaceId/duplicate')
  async duplicate(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    return created(reply, await this.commands.execute(new DuplicateSpace(caller, spaceId)));
  }

  @Post('spaces/:spaceId/move')
  @HttpCode(200)
  move(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: MoveBody) {
    const move = assertMoveBody(body);
    return this.commands.execute(new MoveSpace(caller, spaceId, move.parent, move.placement()));
  }

  @Post('spaces/:spaceId/transfer')
  @HttpCode(200)
  transfer(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: TransferSpaceBody) {
    return this.commands.execute(new TransferSpace(caller, spaceId, body.organization, body.parent));
  }
}

function created(reply: FastifyReply, space: SpaceResource) {
  void reply.status(201).header('location', space.urls.location);
  return space;
}
