import { Module } from '@nestjs/common';
import { ContentModule } from '../content.module';
import { ContentReads } from '../revisions/content-reads';
import { FolderExport } from './folder-export';
import { FolderImport } from './folder-import';

/**
 * A space in and out as a Git Sync folder, for the CLI: the import and export services (the API's content
 * routes module provides them itself, beside the handlers they use), without the routes and the server
 * secret the API's modules need. The import's `merge` runs MergeChangeRequest, which the CLI registers.
 */
@Module({
  imports: [ContentModule],
  providers: [FolderImport, FolderExport, ContentReads],
  exports: [FolderImport, FolderExport],
})
export class GitSyncModule {}
