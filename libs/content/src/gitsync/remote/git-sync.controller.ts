import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { GetSpaceGitInfo } from './git-info.query';
import { RequestGitOperation } from './git-operation.commands';
import { ExportToGitRepositoryBody, ImportGitRepositoryBody } from './git-operation.dto';

/** The spec's one-off Git Sync operations on a space: queued (204), then run by the GitSyncOperations process. */
@Controller('spaces/:spaceId/git')
export class GitSyncController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post('import')
  @HttpCode(204)
  async import(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: ImportGitRepositoryBody): Promise<void> {
    await this.commands.execute(new RequestGitOperation(caller, spaceId, 'import', body));
  }

  @Post('export')
  @HttpCode(204)
  async export(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: ExportToGitRepositoryBody): Promise<void> {
    await this.commands.execute(new RequestGitOperation(caller, spaceId, 'export', body));
  }

  @Get('info')
  info(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string) {
    return this.queries.execute(new GetSpaceGitInfo(caller, spaceId));
  }
}
