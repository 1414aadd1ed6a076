import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { SiteVisitorAuth } from './visitor-auth';
import { VisitorAuthSettings } from './visitor-auth.events';

type PublishingAuth = Awaited<ReturnType<SiteVisitorAuth['resource']>>;

/** Its private key is a secret: only the organization's admins read it. */
export class GetVisitorAuth extends Query<PublishingAuth> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
  ) {
    super();
  }
}

@QueryHandler(GetVisitorAuth)
export class GetVisitorAuthHandler implements IQueryHandler<GetVisitorAuth> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly auth: SiteVisitorAuth,
  ) {}

  async execute({ caller, organizationId, siteId }: GetVisitorAuth) {
    await this.access.admin(caller, organizationId, "read a site's visitor key");
    return this.auth.resource((await this.reads.site(organizationId, siteId)).id);
  }
}

/** Settings changed, or (`regenerate`) a new key: every token signed with the old one stops working. */
export class ChangeVisitorAuth extends Command<PublishingAuth> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly changes: Partial<VisitorAuthSettings> | 'regenerate',
  ) {
    super();
  }
}

@CommandHandler(ChangeVisitorAuth)
export class ChangeVisitorAuthHandler implements ICommandHandler<ChangeVisitorAuth> {
  constructor(
    private readonly access: SiteAccess,
    private readonly reads: SiteReads,
    private readonly auth: SiteVisitorAuth,
  ) {}

  async execute({ caller, organizationId, siteId, changes }: ChangeVisitorAuth) {
    await this.access.admin(caller, organizationId, 'change sites');
    return this.auth.change(caller, await this.reads.site(organizationId, siteId), changes);
  }
}

export const visitorAuthHandlers = [GetVisitorAuthHandler, ChangeVisitorAuthHandler];
