import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@folio/platform/platform.module';
import { ContentModule } from '@folio/content/content.module';
import { allProjections } from '../../api/src/projections';

/**
 * The distributed-mode projector: no HTTP, only the stores, the projection runner (started on bootstrap
 * and stopped on shutdown by the platform's lifecycle) and the work that belongs with the one process
 * that projects: the 7-day space purge (ContentModule's scheduler). Run one instance; the API replicas
 * follow its checkpoints.
 */
@Module({
  imports: [
    CqrsModule.forRoot(),
    PlatformModule.forRoot({ projections: allProjections, runProjections: () => true }),
    ContentModule,
  ],
})
export class ProjectorModule {}
