import { Body, Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { BodyLimit } from '@folio/platform/http/route-body-limit';
import { UpdateChangeRequestContentQuery } from './content-change.dto';
import { batchChanges, parseContentChanges } from './content-changes';
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
  async update(
    @CallerParam() caller: Caller,
    @Param('spaceId') spaceId: string,
    @Param('changeRequestId') changeRequestId: string,
    // Raw: its frame is validated as UpdateChangeRequestContentBody without copying the changes (batchChanges).
    @Body() body: unknown,
    @Query() query: UpdateChangeRequestContentQuery,
  ) {
    const changes = parseContentChanges(await batchChanges(body));
    return this.commands.execute(new UpdateChangeRequestContent(caller, spaceId, changeRequestId, changes, query.compat ?? true));
  }
}
