import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { customizationDecider } from './customization.decider';
import { CustomizationSettings, customizationStream } from './customization.events';
import { CustomizationReads } from './customization.reads';

/**
 * What customization writes share: the caller must be an admin of the organization (a stranger gets
 * 404, a member 403), the site one of it and the site space one of the site (404). Bodies arrive
 * validated by the API's schema (`customization.schema.ts`).
 */
@Injectable()
abstract class CustomizationWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly access: SiteAccess,
    protected readonly sites: SiteReads,
    protected readonly reads: CustomizationReads,
  ) {}

  protected async allowed(caller: Caller, organizationId: string, siteId: string, siteSpaceId?: string) {
    await this.access.admin(caller, organizationId, 'customize sites');
    await this.sites.site(organizationId, siteId);
    if (siteSpaceId !== undefined) await this.sites.siteSpace(siteId, siteSpaceId);
  }
}

export class ReplaceSiteCustomization extends Command<CustomizationSettings> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly settings: CustomizationSettings,
  ) {
    super();
  }
}

@CommandHandler(ReplaceSiteCustomization)
export class ReplaceSiteCustomizationHandler extends CustomizationWrite implements ICommandHandler<ReplaceSiteCustomization> {
  async execute({ caller, organizationId, siteId, settings }: ReplaceSiteCustomization) {
    await this.allowed(caller, organizationId, siteId);
    await this.aggregates.handle(customizationStream(siteId), customizationDecider, { type: 'ReplaceSiteCustomization', siteId, organizationId, settings }, caller);
    return this.reads.site(siteId);
  }
}

export class OverrideSiteSpaceCustomization extends Command<CustomizationSettings> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId: string,
    readonly changes: CustomizationSettings,
  ) {
    super();
  }
}

@CommandHandler(OverrideSiteSpaceCustomization)
export class OverrideSiteSpaceCustomizationHandler extends CustomizationWrite implements ICommandHandler<OverrideSiteSpaceCustomization> {
  async execute({ caller, organizationId, siteId, siteSpaceId, changes }: OverrideSiteSpaceCustomization) {
    await this.allowed(caller, organizationId, siteId, siteSpaceId);
    await this.aggregates.handle(
      customizationStream(siteId),
      customizationDecider,
      { type: 'OverrideSiteSpaceCustomization', siteId, organizationId, siteSpaceId, changes },
      caller,
    );
    return this.reads.siteSpace(siteId, siteSpaceId);
  }
}

/** Answers whether an override was removed (205) or there was none (204). */
export class RemoveSiteSpaceCustomization extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly siteSpaceId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveSiteSpaceCustomization)
export class RemoveSiteSpaceCustomizationHandler extends CustomizationWrite implements ICommandHandler<RemoveSiteSpaceCustomization> {
  async execute({ caller, organizationId, siteId, siteSpaceId }: RemoveSiteSpaceCustomization) {
    await this.allowed(caller, organizationId, siteId, siteSpaceId);
    const { events } = await this.aggregates.handle(
      customizationStream(siteId),
      customizationDecider,
      { type: 'RemoveSiteSpaceCustomization', siteId, organizationId, siteSpaceId },
      caller,
    );
    return events.length > 0;
  }
}

export const customizationCommandHandlers = [ReplaceSiteCustomizationHandler, OverrideSiteSpaceCustomizationHandler, RemoveSiteSpaceCustomizationHandler];
