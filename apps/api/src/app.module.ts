import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { HealthController } from '@folio/platform/health/health.controller';
import { MetricsController } from '@folio/platform/metrics/metrics.controller';
import { AuthGuard } from '@folio/platform/http/auth.guard';
import { ErrorBodyFilter } from '@folio/platform/http/exception.filter';
import { PlatformModule } from '@folio/platform/platform.module';
import { projectsLocally } from '@folio/platform/stores';
import { IdentityHttpModule, IdentityModule } from '@folio/identity/identity.module';
import { SamlHttpModule, SamlModule } from '@folio/identity/saml/saml.module';
import { TeamsHttpModule, TeamsModule } from '@folio/identity/teams/teams.module';
import { ContentHttpModule, ContentModule } from '@folio/content/content.module';
import { CollaborationHttpModule, CollaborationModule } from '@folio/collaboration/collaboration.module';
import { PublishingHttpModule, PublishingModule } from '@folio/publishing/publishing.module';
import { InsightsHttpModule, InsightsModule } from '@folio/insights/insights.module';
import { IntegrationsHttpModule, IntegrationsModule } from '@folio/integrations/integrations.module';
import { AdaptiveHttpModule, AdaptiveModule } from '@folio/publishing/adaptive/adaptive.module';
import { ShareLinksHttpModule, ShareLinksModule } from '@folio/publishing/share-links/share-links.module';
import { SiteRedirectsHttpModule } from '@folio/publishing/redirects/site-redirects.module';
import { CustomizationHttpModule, CustomizationModule } from '@folio/publishing/customization/customization.module';
import { allProjections } from './projections';

@Module({
  imports: [
    CqrsModule.forRoot(),
    PlatformModule.forRoot({ projections: allProjections, runProjections: projectsLocally }),
    IdentityModule,
    IdentityHttpModule,
    TeamsModule,
    TeamsHttpModule,
    SamlModule,
    SamlHttpModule,
    ContentModule,
    ContentHttpModule,
    CollaborationModule,
    CollaborationHttpModule,
    PublishingModule,
    PublishingHttpModule,
    AdaptiveModule,
    AdaptiveHttpModule,
    ShareLinksModule,
    ShareLinksHttpModule,
    SiteRedirectsHttpModule,
    CustomizationModule,
    CustomizationHttpModule,
    InsightsModule,
    InsightsHttpModule,
    IntegrationsModule,
    IntegrationsHttpModule,
  ],
  controllers: [HealthController, MetricsController],
  providers: [
    { provide: APP_GUARD, useClass: AuthGuard },
    { provide: APP_FILTER, useClass: ErrorBodyFilter },
  ],
})
export class AppModule {}
