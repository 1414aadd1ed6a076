import { Body, Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ConnectGitSync, DisconnectGitSync } from './git-sync-connection.commands';
import { GitSyncConnectionBody } from './git-sync-connection.dto';

/** Additions to the spec: a space kept in step with a Git branch (its admins connect and disconnect it). */
@Controller('spaces/:spaceId/git-sync')
export class GitSyncConnectionController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  connect(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: GitSyncConnectionBody) {
    return this.commands.execute(new ConnectGitSync(caller, spaceId, body));
  }

  @Delete()
  @HttpCode(204)
  async disconnect(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string): Promise<void> {
    await this.commands.execute(new DisconnectGitSync(caller, spaceId));
  }
}
