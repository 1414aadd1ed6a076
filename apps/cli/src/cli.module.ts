import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@folio/platform/platform.module';
import { projectsLocally } from '@folio/platform/stores';
import { IdentityModule } from '@folio/identity/identity.module';
import { allProjections } from '../../api/src/projections';

/**
 * The same command handlers as the API, without HTTP. In embedded mode the CLI projects its own appends
 * into the shared read store, so a running server accepts a new token as soon as the CLI returns; in
 * distributed mode it waits for the projector's checkpoint instead.
 */
@Module({
  imports: [
    CqrsModule.forRoot(),
    PlatformModule.forRoot({ projections: allProjections, runProjections: projectsLocally }),
    IdentityModule,
  ],
})
export class CliModule {}
