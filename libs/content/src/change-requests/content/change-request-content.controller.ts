import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { BodyLimit } from '@folio/platform/http/route-body-limit';
import { UpdateChangeRequestContentBody, UpdateChangeRequestContentQuery } from './content-change.dto';
import { parseContentChanges } from './content-changes';
import { UpdateChangeRequestContent } from './update-content.command';

/**
 * 32 MiB: a batch carries up to 50 changes, files among them as base64 (up to 20 per change, 1 MiB
 * each). Every other route keeps the app's 1 MiB.
 */
export const CONTENT_BODY_LIMIT = 32 * 1024 * 1024;

@Controller('spaces/:spaceId/change-requests/:changeRequestId/content')
export class ChangeRequestContentController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @BodyLimit(CONTENT_BODY_LIMIT)
  update(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    @Body() body: UpdateChangeRequestContentBody,
    @Query() query: UpdateChangeRequestContentQuery,
  ) {
    const changes = parseContentChanges(body.changes);
    return this.commands.execute(new UpdateChangeRequestContent(caller, spaceId, changeRequestId, changes, query.compat ?? true));
  }
}
