import { Module } from '@nestjs/common';
import { AdaptiveModule } from './adaptive/adaptive.module';
import { SiteAccess } from './sites/site-access';
import { SiteViews } from './sites/site-views';
import { siteCommandHandlers } from './sites/site.commands';
import { SiteController } from './sites/site.controller';
import { SiteStructureController } from './sites/site-structure.controller';
import { siteQueryHandlers } from './sites/site.queries';
import { SiteReads } from './sites/site.reads';

/** Docs sites: their handlers and reads. Content and identity are asked through their public queries. */
@Module({
  imports: [AdaptiveModule],
  providers: [...siteCommandHandlers, ...siteQueryHandlers, SiteReads, SiteAccess, SiteViews],
})
export class PublishingModule {}

/** The routes: the API only. */
@Module({
  imports: [PublishingModule],
  controllers: [SiteController, SiteStructureController],
})
export class PublishingHttpModule {}
