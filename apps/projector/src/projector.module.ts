import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@folio/platform/platform.module';
import { allProjections } from '../../api/src/projections';

/**
 * The distributed-mode projector: no HTTP, no command handlers, only the stores and the projection
 * runner (started on bootstrap and stopped on shutdown by the platform's lifecycle). Run one instance;
 * the API replicas follow its checkpoints.
 */
@Module({
  imports: [CqrsModule.forRoot(), PlatformModule.forRoot({ projections: allProjections, runProjections: () => true })],
})
export class ProjectorModule {}
