import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IfMatch } from '@folio/platform/http/etag';
import { ListQuery } from '@folio/platform/http/pagination';
import { CreateOrganization, JoinOrganization, UpdateOrganization } from './organization.commands';
import { CreateOrganizationBody, UpdateOrganizationBody } from './organization.dto';
import { GetOrganization, ListOrganizations } from './organization.queries';

@Controller('orgs')
export class OrganizationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@CallerParam() caller: Caller, @Query() list: ListQuery) {
    return this.queries.execute(new ListOrganizations(caller, list));
  }

  @Post()
  async create(
    @CallerParam() caller: Caller,
    @Body() body: CreateOrganizationBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const organization = await this.commands.execute(new CreateOrganization(caller, body.title, body.emailDomains));
    void reply.status(201).header('location', organization.urls.location);
    return organization;
  }

  @Get(':organizationId')
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    return this.queries.execute(new GetOrganization(caller, organizationId));
  }

  @Patch(':organizationId')
  update(
    @CallerParam() caller: Caller,
    @Param('organizationId') organizationId: string,
    @Body() body: UpdateOrganizationBody,
    @IfMatch() ifMatch: bigint | undefined,
  ) {
    return this.commands.execute(new UpdateOrganization(caller, organizationId, body.toChanges(), ifMatch));
  }

  @Post(':organizationId/join')
  @HttpCode(204)
  async join(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string) {
    await this.commands.execute(new JoinOrganization(caller, organizationId));
  }
}
