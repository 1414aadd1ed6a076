import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { siteAdaptiveSchemaDecider } from './adaptive-schema.decider';
import { siteAdaptiveSchemaStream } from './adaptive-schema.events';
import { AdaptiveSchemaReads } from './adaptive-schema.reads';
import { siteAdaptiveSchemaResource, SiteAdaptiveSchemaResource } from './adaptive-schema.resource';

/** PUT: replaces the site's schema (the decider judges it); the same schema again writes nothing. */
export class SetSiteAdaptiveSchema extends Command<SiteAdaptiveSchemaResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly jsonSchema: unknown,
  ) {
    super();
  }
}

@CommandHandler(SetSiteAdaptiveSchema)
export class SetSiteAdaptiveSchemaHandler implements ICommandHandler<SetSiteAdaptiveSchema> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly access: SiteAccess,
    private readonly sites: SiteReads,
    private readonly schemas: AdaptiveSchemaReads,
  ) {}

  async execute({ caller, organizationId, siteId, jsonSchema }: SetSiteAdaptiveSchema) {
    await this.access.admin(caller, organizationId, 'change adaptive schemas');
    // A site of another organization is as missing (404) as one that never was.
    const site = await this.sites.site(organizationId, siteId);
    await this.aggregates.handle(
      siteAdaptiveSchemaStream(siteId),
      siteAdaptiveSchemaDecider,
      { type: 'SetSiteAdaptiveSchema', siteId, organizationId, jsonSchema },
      caller,
    );
    return siteAdaptiveSchemaResource(await this.schemas.schema(siteId), site);
  }
}

export const adaptiveSchemaCommandHandlers = [SetSiteAdaptiveSchemaHandler];
