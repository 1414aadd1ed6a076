import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional, IsUrl, MaxLength } from 'class-validator';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { ChangeVisitorAuth, GetVisitorAuth } from './visitor-auth.commands';
import { VISITOR_AUTH_BACKENDS, VisitorAuthBackend } from './visitor-auth.events';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };

export class UpdateVisitorAuthBody {
  @IsOptionalNonNull()
  @IsIn(VISITOR_AUTH_BACKENDS)
  backend?: VisitorAuthBackend;

  /** `null` removes it. */
  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(2048)
  fallbackURL?: string | null;

  @IsOptional()
  @IsUrl(URL_OPTIONS)
  @MaxLength(2048)
  logoutURL?: string | null;
}

const AUTH = 'orgs/:organizationId/sites/:siteId/publishing/auth';

/** A site's visitor authentication (`…/publishing/auth`): its settings and its private key, for admins. */
@Controller()
export class VisitorAuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(AUTH)
  get(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.queries.execute(new GetVisitorAuth(caller, organizationId, siteId));
  }

  @Patch(AUTH)
  update(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string, @Body() body: UpdateVisitorAuthBody) {
    return this.commands.execute(new ChangeVisitorAuth(caller, organizationId, siteId, { ...body }));
  }

  @Post(`${AUTH}/regenerate`)
  @HttpCode(200)
  regenerate(@CallerParam() caller: Caller, @Param('organizationId') organizationId: string, @Param('siteId') siteId: string) {
    return this.commands.execute(new ChangeVisitorAuth(caller, organizationId, siteId, 'regenerate'));
  }
}
