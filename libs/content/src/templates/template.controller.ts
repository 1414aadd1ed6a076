import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ApplyTemplateToSpace } from './apply-template.command';
import { ApplyTemplateToSpaceBody } from './template.dto';

@Controller('spaces/:spaceId/content/template')
export class TemplateController {
  constructor(private readonly commands: CommandBus) {}

  /** 201 with no body, as the spec answers. */
  @Post()
  @HttpCode(201)
  async apply(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Body() body: ApplyTemplateToSpaceBody): Promise<void> {
    const { changeRequestId, ...template } = body;
    await this.commands.execute(new ApplyTemplateToSpace(caller, spaceId, template, changeRequestId));
  }
}
