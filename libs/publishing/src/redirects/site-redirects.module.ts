import { Module } from '@nestjs/common';
import { PublishingHttpModule, PublishingModule } from '../publishing.module';
import { siteRedirectCommandHandlers } from './site-redirect.commands';
import { SiteRedirectController } from './site-redirect.controller';
import { siteRedirectQueryHandlers } from './site-redirect.queries';
import { SiteRedirectReads } from './site-redirect.reads';
import { SiteRedirectTargets } from './site-redirect-targets';
import { SpaceRedirects } from './space-redirects';

/** Sites' redirects: their handlers, reads and routes (the API only). */
@Module({
  imports: [PublishingModule, PublishingHttpModule],
  providers: [...siteRedirectCommandHandlers, ...siteRedirectQueryHandlers, SiteRedirectReads, SiteRedirectTargets, SpaceRedirects],
  controllers: [SiteRedirectController],
})
export class SiteRedirectsHttpModule {}
