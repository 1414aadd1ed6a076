import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { answerDeletion } from '@folio/platform/http/deletion';
import { SetSiteHostname } from '../sites/site.commands';
import { CustomHostnames } from './custom-hostname';

/** The client spec's SiteHostname: at least three labels (`docs.mycompany.com`), lowercase. */
export const SITE_HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;

export class SiteHostnameBody {
  /** Required; null removes it. */
  @ValidateIf((body: SiteHostnameBody) => body.hostname !== null)
  @IsString()
  @MaxLength(512)
  @Matches(SITE_HOSTNAME, { message: 'hostname must be a hostname of at least three lowercase labels, e.g. docs.example.com' })
  hostname!: string | null;
}

@Controller()
export class CustomHostnameController {
  constructor(
    private readonly commands: CommandBus,
    private readonly hostnames: CustomHostnames,
  ) {}

  /** Folio's addition (the spec's site PATCH has no `hostname`): sets or (null) removes a site's custom hostname. */
  @Put('orgs/:organizationId/sites/:siteId/hostname')
  set(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: SiteHostnameBody) {
    return this.commands.execute(new SetSiteHostname(caller, organizationId, siteId, body.hostname));
  }

  @Get('custom-hostnames/:hostname')
  get(@CallerParam() caller: Caller, @Param('hostname') hostname: string) {
    return this.hostnames.get(caller, hostname);
  }

  @Delete('custom-hostnames/:hostname')
  async remove(@CallerParam() caller: Caller, @Param('hostname') hostname: string, @Res({ passthrough: true }) reply: FastifyReply) {
    answerDeletion(reply, await this.hostnames.remove(caller, hostname));
  }

  @Patch('custom-hostnames/:hostname')
  @HttpCode(204)
  async revalidate(@CallerParam() caller: Caller, @Param('hostname') hostname: string): Promise<void> {
    await this.hostnames.revalidate(caller, hostname);
  }
}
