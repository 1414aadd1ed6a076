import { Module } from '@nestjs/common';
import { CONFIG } from '@folio/platform/config/config.token';
import { loadSecret, SECRET } from '@folio/platform/config/secret';
import { SiteTokenVerifier } from '@folio/platform/http/site-token-verifier';
import { SiteAddresses } from './addresses/site-addresses';
import { SiteNames } from './addresses/site-names';
import { CustomHostnames } from './addresses/custom-hostname';
import { CustomHostnameController } from './addresses/custom-hostname.controller';
import { AdaptiveModule } from './adaptive/adaptive.module';
import { CustomizationModule } from './customization/customization.module';
import { PublishedAnswers } from './published/published-answers';
import { GetPublishedSiteHandler } from './published/published-site.query';
import { PublishedStructures } from './published/published-structures';
import { ReaderStructures } from './published/reader-structures';
import { ReaderAccess, ReaderSpacesHandler } from './readers/reader-access';
import { PublishedUrlController } from './published/published-url.controller';
import { ResolvePublishedUrlHandler } from './published/resolve-url.query';
import { GetPublicSitesOfSpaceHandler } from './published/public-sites';
import { SiteTokens } from './readers/site-tokens';
import { ShareLinksModule } from './share-links/share-links.module';
import { SiteSearchController } from './site-search/site-search.controller';
import { siteSearchHandlers } from './site-search/site-search.query';
import { SiteSearchers } from './site-search/site-searchers';
import { SiteAccess } from './sites/site-access';
import { SiteSpaceDuplication } from './sites/site-space-duplication';
import { SiteSpacePurgeProcess } from './sites/site-space-purge';
import { SiteViews } from './sites/site-views';
import { siteCommandHandlers } from './sites/site.commands';
import { SiteController } from './sites/site.controller';
import { SiteStructureController } from './sites/site-structure.controller';
import { siteQueryHandlers } from './sites/site.queries';
import { SiteReads } from './sites/site.reads';
import { SiteVisitorAuth } from './visitor-auth/visitor-auth';
import { visitorAuthHandlers } from './visitor-auth/visitor-auth.commands';
import { VisitorAuthController } from './visitor-auth/visitor-auth.controller';

/**
 * Docs sites: their handlers and reads, and the work of the process that projects (a purged space's site
 * spaces, a site space's duplication resumed). Content and identity are asked through their public queries.
 */
@Module({
  imports: [AdaptiveModule],
  providers: [...siteCommandHandlers, ...siteQueryHandlers, GetPublicSitesOfSpaceHandler, SiteReads, SiteAccess, SiteViews, SiteAddresses, SiteNames, SiteSpacePurgeProcess, SiteSpaceDuplication],
  exports: [SiteReads, SiteAccess, SiteViews, SiteAddresses],
})
export class PublishingModule {}

/**
 * The routes: the API only. The published answers, the sites' visitor keys and the site tokens live here
 * with the server secret they derive from: only the API loads it, so the projector starts without it.
 */
@Module({
  imports: [PublishingModule, AdaptiveModule, ShareLinksModule, CustomizationModule],
  providers: [
    GetPublishedSiteHandler,
    ResolvePublishedUrlHandler,
    CustomHostnames,
    PublishedAnswers,
    PublishedStructures,
    ReaderStructures,
    ...siteSearchHandlers,
    SiteSearchers,
    ReaderAccess,
    ReaderSpacesHandler,
    ...visitorAuthHandlers,
    SiteVisitorAuth,
    SiteTokens,
    { provide: SiteTokenVerifier, useExisting: SiteTokens },
    { provide: SECRET, inject: [CONFIG], useFactory: loadSecret },
  ],
  controllers: [SiteController, SiteStructureController, VisitorAuthController, SiteSearchController, CustomHostnameController, PublishedUrlController],
  // The API's guard checks site tokens with the verifier (see platform/http/auth.guard.ts); the redirects ask ReaderAccess.
  exports: [SiteTokenVerifier, ReaderAccess],
})
export class PublishingHttpModule {}
