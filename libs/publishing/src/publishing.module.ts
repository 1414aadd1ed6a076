import { Module } from '@nestjs/common';
import { AdaptiveModule } from './adaptive/adaptive.module';
import { CustomizationModule } from './customization/customization.module';
import { PublishedAnswers } from './published/published-answers';
import { GetPublishedSiteHandler } from './published/published-site.query';
import { ShareLinksModule } from './share-links/share-links.module';
import { SiteAccess } from './sites/site-access';
import { SiteSpacePurgeProcess } from './sites/site-space-purge';
import { SiteViews } from './sites/site-views';
import { siteCommandHandlers } from './sites/site.commands';
import { SiteController } from './sites/site.controller';
import { SiteStructureController } from './sites/site-structure.controller';
import { siteQueryHandlers } from './sites/site.queries';
import { SiteReads } from './sites/site.reads';

/**
 * Docs sites: their handlers and reads, and the work of the process that projects (a purged space's site
 * spaces). Content and identity are asked through their public queries.
 */
@Module({
  imports: [AdaptiveModule, ShareLinksModule, CustomizationModule],
  providers: [...siteCommandHandlers, ...siteQueryHandlers, GetPublishedSiteHandler, PublishedAnswers, SiteReads, SiteAccess, SiteViews, SiteSpacePurgeProcess],
})
export class PublishingModule {}

/** The routes: the API only. */
@Module({
  imports: [PublishingModule],
  controllers: [SiteController, SiteStructureController],
})
export class PublishingHttpModule {}
