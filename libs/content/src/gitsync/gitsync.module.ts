import { Module } from '@nestjs/common';
import { CONTENT_OBJECT_STORE } from '@folio/platform/object-store/content-object-store.port';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { treesOf } from '@folio/kernel/tree/trees-of-store';
import { ContentAccessModule } from '../access/access.module';
import { CreateChangeRequestHandler } from '../change-requests/change-request.commands';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { MergeGate } from '../change-requests/merging/merge-gate';
import { MergeInputLoader } from '../change-requests/merging/merge-inputs';
import { MergeChangeRequestHandler } from '../change-requests/merging/merge.commands';
import { CollectionReads } from '../collections/collection.reads';
import { DocumentWork } from '../documents/document-work';
import { Siblings } from '../ordering/siblings';
import { ContentReads } from '../revisions/content-reads';
import { CreateSpaceHandler } from '../spaces/space.commands';
import { SpaceReads } from '../spaces/space.reads';
import { FolderExport } from './folder-export';
import { FolderImport } from './folder-import';

/**
 * A space in and out as a Git Sync folder, for the CLI and the tools built on it (`npm run fidelity`, the
 * benchmark): the import and export services and exactly the handlers they run (a change request's creation and
 * merge; a space's creation, for a Folio of their own), without ContentModule's process managers (the collection
 * cascade, merge completion, the purge sweep), which must run in one process only, the API's or the projector's.
 * The API's content routes module provides the services itself, beside the handlers it already has: never import
 * this module beside ContentModule (its handlers would be registered twice).
 */
@Module({
  imports: [ContentAccessModule],
  providers: [
    FolderImport,
    FolderExport,
    ContentReads,
    ChangeRequestReads,
    SpaceReads,
    CollectionReads,
    Siblings,
    DocumentWork,
    { provide: ContentTrees, useFactory: treesOf, inject: [CONTENT_OBJECT_STORE] },
    CreateChangeRequestHandler,
    CreateSpaceHandler,
    MergeChangeRequestHandler,
    MergeInputLoader,
    MergeGate,
  ],
  exports: [FolderImport, FolderExport],
})
export class GitSyncModule {}
