import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { SiteAddresses } from '../addresses/site-addresses';
import { SiteAccess } from '../sites/site-access';
import { SiteDoc } from '../sites/site.projection';
import { SiteReads } from '../sites/site.reads';
import { newShareKey } from './share-link-key';
import { shareLinkDecider } from './share-link.decider';
import { CreateShareLinkBody, UpdateShareLinkBody } from './share-link.dto';
import { shareLinkStream } from './share-link.events';
import { ShareLinkReads } from './share-link.reads';
import { ShareLinkResource, shareLinkResource } from './share-link.resource';

/**
 * What share-link writes share: the caller must be an admin of the organization (a stranger gets 404,
 * a member 403), then the site must be one of it (404). The rules are the decider's.
 */
@Injectable()
abstract class ShareLinkWrite {
  constructor(
    protected readonly aggregates: Aggregates,
    protected readonly access: SiteAccess,
    protected readonly sites: SiteReads,
    protected readonly reads: ShareLinkReads,
    protected readonly addresses: SiteAddresses,
  ) {}

  protected async site(caller: Caller, organizationId: string, siteId: string, what: string): Promise<SiteDoc> {
    await this.access.admin(caller, organizationId, what);
    return this.sites.site(organizationId, siteId);
  }

  protected async resource(site: SiteDoc, shareLinkId: string): Promise<ShareLinkResource> {
    return shareLinkResource(await this.reads.shareLink(site.id, shareLinkId), await this.addresses.of(site));
  }
}

export class CreateShareLink extends Command<ShareLinkResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly input: CreateShareLinkBody,
  ) {
    super();
  }
}

@CommandHandler(CreateShareLink)
export class CreateShareLinkHandler extends ShareLinkWrite implements ICommandHandler<CreateShareLink> {
  async execute({ caller, organizationId, siteId, input }: CreateShareLink) {
    const site = await this.site(caller, organizationId, siteId, 'create share links');
    const shareLinkId = newId();
    await this.aggregates.handle(
      shareLinkStream(shareLinkId),
      shareLinkDecider,
      { type: 'CreateShareLink', shareLinkId, siteId, organizationId, name: input.name, key: newShareKey(), actor: caller.userId },
      caller,
    );
    return this.resource(site, shareLinkId);
  }
}

export class UpdateShareLink extends Command<ShareLinkResource> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly shareLinkId: string,
    readonly input: UpdateShareLinkBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateShareLink)
export class UpdateShareLinkHandler extends ShareLinkWrite implements ICommandHandler<UpdateShareLink> {
  async execute({ caller, organizationId, siteId, shareLinkId, input }: UpdateShareLink) {
    const site = await this.site(caller, organizationId, siteId, 'change share links');
    const { name, active } = input;
    if (name === undefined && active === undefined) throw new Invalid('give name or active (or both)');
    await this.aggregates.handle(shareLinkStream(shareLinkId), shareLinkDecider, { type: 'UpdateShareLink', siteId, changes: { name, active } }, caller);
    return this.resource(site, shareLinkId);
  }
}

/** Answers whether a link was revoked (205) or there was none (204). */
export class DeleteShareLink extends Command<boolean> {
  constructor(
    readonly caller: Caller,
    readonly organizationId: string,
    readonly siteId: string,
    readonly shareLinkId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteShareLink)
export class DeleteShareLinkHandler extends ShareLinkWrite implements ICommandHandler<DeleteShareLink> {
  async execute({ caller, organizationId, siteId, shareLinkId }: DeleteShareLink) {
    await this.site(caller, organizationId, siteId, 'delete share links');
    const { events } = await this.aggregates.handle(
      shareLinkStream(shareLinkId),
      shareLinkDecider,
      { type: 'RevokeShareLink', siteId, actor: caller.userId },
      caller,
    );
    return events.length > 0;
  }
}

export const shareLinkCommandHandlers = [CreateShareLinkHandler, UpdateShareLinkHandler, DeleteShareLinkHandler];
