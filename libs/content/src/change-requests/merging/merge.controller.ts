import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { GetChangeRequestConflicts } from './conflicts.query';
import { MergeChangeRequest } from './merge.commands';
import { UpdateChangeRequestFromMain } from './update.commands';

@Controller('spaces/:spaceId/change-requests/:changeRequestId')
export class MergeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('merge')
  @HttpCode(200)
  merge(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.commands.execute(new MergeChangeRequest(caller, spaceId, changeRequestId));
  }

  @Post('update')
  @HttpCode(200)
  update(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.commands.execute(new UpdateChangeRequestFromMain(caller, spaceId, changeRequestId));
  }

  /** An addition to the client's spec: what a merge would meet now (see the README). */
  @Get('conflicts')
  conflicts(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Param('changeRequestId') changeRequestId: string) {
    return this.queries.execute(new GetChangeRequestConflicts(caller, spaceId, changeRequestId));
  }
}
