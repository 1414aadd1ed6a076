import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@folio/platform/platform.module';
import { projectsLocally } from '@folio/platform/stores';
import { IdentityModule } from '@folio/identity/identity.module';
import { GitSyncModule } from '@folio/content/gitsync/gitsync.module';
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
    // `import space` / `export space`: the services and the handlers they run, not the content routes (which
    // need the server secret the CLI never loads) nor content's process managers (one process runs those).
    GitSyncModule,
  ],
})
export class CliModule {}
