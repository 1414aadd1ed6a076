import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@folio/platform/platform.module';
import { projectsLocally } from '@folio/platform/stores';
import { IdentityModule } from '@folio/identity/identity.module';
import { ContentModule } from '@folio/content/content.module';
import { GitSyncModule } from '@folio/content/gitsync/gitsync.module';
import { MergeChangeRequestHandler } from '@folio/content/change-requests/merging/merge.commands';
import { MergeGate } from '@folio/content/change-requests/merging/merge-gate';
import { MergeInputLoader } from '@folio/content/change-requests/merging/merge-inputs';
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
    ContentModule,
    GitSyncModule,
  ],
  // `import space --merge` merges as the API does; the API's content routes module (which registers these) needs the server secret, which the CLI never loads.
  providers: [MergeChangeRequestHandler, MergeGate, MergeInputLoader],
})
export class CliModule {}
