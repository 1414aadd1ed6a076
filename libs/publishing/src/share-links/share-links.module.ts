import { Module } from '@nestjs/common';
import { SiteAddresses } from '../addresses/site-addresses';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { shareLinkCommandHandlers } from './share-link.commands';
import { ShareLinkController } from './share-link.controller';
import { shareLinkQueryHandlers } from './share-link.queries';
import { ShareLinkReads } from './share-link.reads';

/** Sites' share links: their handlers and reads (`ShareLinkReads.activeShareLink` for the published-content route). */
@Module({
  providers: [...shareLinkCommandHandlers, ...shareLinkQueryHandlers, ShareLinkReads, SiteReads, SiteAccess, SiteAddresses],
  exports: [ShareLinkReads],
})
export class ShareLinksModule {}

/** The routes: the API only. */
@Module({
  imports: [ShareLinksModule],
  controllers: [ShareLinkController],
})
export class ShareLinksHttpModule {}
