import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateSAMLProvider, DeleteSAMLProvider, UpdateSAMLProvider } from './saml-provider.commands';
import { CreateSAMLProviderBody, UpdateSAMLProviderBody } from './saml-provider.dto';
import { GetSAMLProvider, ListSAMLProviders, ListSSOProviderLogins } from './saml-provider.queries';

/** SAML providers (`/saml`, admins) and the SSO login chooser (`/sso`, any member) of an organization. */
@Controller('orgs/:organizationId')
export class SAMLProviderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('saml')
  list(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListSAMLProviders(caller, organizationId, list));
  }

  @Post('saml')
  async create(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: CreateSAMLProviderBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const provider = await this.commands.execute(new CreateSAMLProvider(caller, organizationId, body.toInput()));
    void reply.status(201).header('location', provider.urls.location);
    return provider;
  }

  @Get('saml/:samlProviderId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('samlProviderId') samlProviderId: string) {
    return this.queries.execute(new GetSAMLProvider(caller, organizationId, samlProviderId));
  }

  @Patch('saml/:samlProviderId')
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') samlProviderId: string,
    @Body() body: UpdateSAMLProviderBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    return this.commands.execute(new UpdateSAMLProvider(caller, organizationId, samlProviderId, body.toChanges(), ifMatch));
  }

  @Delete('saml/:samlProviderId')
  @HttpCode(204)
  async delete(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Param('samlProviderId') samlProviderId: string,
  ) {
    await this.commands.execute(new DeleteSAMLProvider(caller, organizationId, samlProviderId));
  }

  @Get('sso')
  logins(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new ListSSOProviderLogins(caller, organizationId));
  }
}
