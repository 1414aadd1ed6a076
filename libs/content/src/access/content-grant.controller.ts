import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { GrantContentAccess } from './content-grant.commands';
import { GrantAccessBody } from './content-grant.dto';

@Controller()
export class ContentGrantController {
  constructor(private readonly commands: CommandBus) {}

  @Post('spaces/:spaceId/permissions')
  @HttpCode(204)
  async space(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: GrantAccessBody) {
    await this.commands.execute(new GrantContentAccess(caller, { type: 'space', id: spaceId }, body.role, body.users ?? [], body.teams ?? []));
  }

  @Post('collections/:collectionId/permissions')
  @HttpCode(204)
  async collection(@CallerParam() caller: Caller, @Param('collectionId') collectionId: string, @Body() body: GrantAccessBody) {
    await this.commands.execute(
      new GrantContentAccess(caller, { type: 'collection', id: collectionId }, body.role, body.users ?? [], body.teams ?? []),
    );
  }
}
