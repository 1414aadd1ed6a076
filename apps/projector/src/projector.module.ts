import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { HealthController } from '@folio/platform/health/health.controller';
import { MetricsController } from '@folio/platform/metrics/metrics.controller';
import { ErrorBodyFilter } from '@folio/platform/http/exception.filter';
import { PlatformModule } from '@folio/platform/platform.module';
import { IdentityQueriesModule } from '@folio/identity/identity-queries.module';
import { ContentModule } from '@folio/content/content.module';
import { CollaborationModule } from '@folio/collaboration/collaboration.module';
import { PublishingModule } from '@folio/publishing/publishing.module';
import { InsightsModule } from '@folio/insights/insights.module';
import { IntegrationsModule } from '@folio/integrations/integrations.module';
import { allProjections } from '../../api/src/projections';

/**
 * The distributed-mode projector: the stores, the projection runner (started on bootstrap and stopped on
 * shutdown by the platform's lifecycle) and the work that belongs with the one process that projects:
 * the 7-day space purge (ContentModule's scheduler) and what follows it (a purged space's comments and site spaces),
 * Git Sync's imports, exports and pushes (ContentModule's processes, which need git here). Run one instance; the API replicas follow its
 * checkpoints. Its only route is `GET /health` (the API's check: stores up, projections at the head of
 * the log within 1 s), so a container healthcheck sees a projector that is stuck or behind, not only
 * one that has exited.
 */
@Module({
  imports: [
    CqrsModule.forRoot(),
    PlatformModule.forRoot({ projections: allProjections, runProjections: () => true }),
    // What the processes here ask identity (Git Sync's, which act as a user: memberships, profiles, merge rules).
    IdentityQueriesModule,
    ContentModule,
    CollaborationModule,
    PublishingModule,
    InsightsModule,
    IntegrationsModule,
  ],
  controllers: [HealthController, MetricsController],
  providers: [{ provide: APP_FILTER, useClass: ErrorBodyFilter }],
})
export class ProjectorModule {}
