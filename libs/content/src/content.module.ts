import { CONTENT_OBJECT_STORE } from '@folio/platform/object-store/content-object-store.port';
import { forwardRef, Module } from '@nestjs/common';
import { ContentAccessHttpModule, ContentAccessModule } from './access/access.module';
import { CollectionCascade, CollectionCascadeProcess } from './cascade/collection-cascade';
import {
  CreateChangeRequestHandler,
  RemoveRequestedReviewerHandler,
  RequestReviewersHandler,
  SubmitReviewHandler,
  UpdateChangeRequestHandler,
} from './change-requests/change-request.commands';
import { ChangeRequestController } from './change-requests/change-request.controller';
import { ChangeRequestContentController } from './change-requests/content/change-request-content.controller';
import { UpdateChangeRequestContentHandler } from './change-requests/content/update-content.command';
import {
  GetChangeRequestHandler,
  GetReviewHandler,
  ListContributorsHandler,
  ListOrganizationChangeRequestsHandler,
  ListRequestedReviewersHandler,
  ListReviewsHandler,
  ListSpaceChangeRequestsHandler,
} from './change-requests/change-request.queries';
import { ChangeRequestReads } from './change-requests/change-request.reads';
import {
  CreateCollectionHandler,
  DeleteCollectionHandler,
  MoveCollectionHandler,
  TransferCollectionHandler,
  UpdateCollectionHandler,
} from './collections/collection.commands';
import { CollectionController } from './collections/collection.controller';
import { GetCollectionHandler, ListCollectionsHandler } from './collections/collection.queries';
import { CollectionReads } from './collections/collection.reads';
import { ChangesController } from './changes/changes.controller';
import { changesQueryHandlers } from './changes/changes.queries';
import { FilesModule } from './files/files.module';
import { OpenAPIHttpModule, OpenAPIModule } from './openapi/openapi.module';
import { FolderExport } from './gitsync/folder-export';
import { FolderImport } from './gitsync/folder-import';
import { GitSyncController } from './gitsync/remote/git-sync.controller';
import { GitSyncConnectionController } from './gitsync/remote/git-sync-connection.controller';
import { GitSyncHooksController } from './gitsync/remote/git-sync-hooks.controller';
import { gitSyncProcesses, gitSyncRemoteProviders } from './gitsync/remote/git-sync-remote.providers';
import { ExportZipHandler } from './gitsync/export-zip.query';
import { FolderZipController } from './gitsync/folder-zip.controller';
import { ImportZipHandler } from './gitsync/import-zip.command';
import { Siblings } from './ordering/siblings';
import { PdfController } from './pdf/pdf.controller';
import { PdfPrinter } from './pdf/pdf-printer';
import { PdfRenderer } from './pdf/pdf-renderer';
import { DocumentWork } from './documents/document-work';
import { GetChangeRequestPdfHandler, GetSpacePdfHandler } from './pdf/pdf.query';
import { LinkController } from './links/link.controller';
import { LinkIndex } from './links/link-index';
import { linkQueryHandlers } from './links/link.queries';
import { LinkStatuses } from './links/link-statuses';
import { LinkViews } from './links/link-views';
import { GetChangeRequestConflictsHandler } from './change-requests/merging/conflicts.query';
import { MergeCompletion } from './change-requests/merging/merge-completion';
import { MergeGate } from './change-requests/merging/merge-gate';
import { MergeInputLoader } from './change-requests/merging/merge-inputs';
import { MergeChangeRequestHandler } from './change-requests/merging/merge.commands';
import { MergeController } from './change-requests/merging/merge.controller';
import { UpdateFromMainHandler } from './change-requests/merging/update.commands';
import { ContentController } from './revisions/content.controller';
import { CheckCommentTargetHandler } from './revisions/comment-target.handler';
import { GetClusterChangeRequestsHandler } from './change-requests/cluster-change-requests.handler';
import { BlockKeyIndex } from './block-keys/block-key-index';
import { ContentReads } from './revisions/content-reads';
import { ReaderAnswers } from './revisions/reader-answers';
import { RenderedTrees } from './revisions/rendered-trees';
import { contentQueryHandlers } from './revisions/content.queries';
import { FindFolderRedirectHandler, LocateMainPagesHandler } from './revisions/publishing-questions.handler';
import { ReusableContentsController } from './revisions/reusable-contents.controller';
import { reusableContentQueryHandlers } from './revisions/reusable-content.queries';
import { PurgeExpiredSpacesHandler, SpacePurgeScheduler } from './spaces/space-retention';
import {
  CreateSpaceHandler,
  DeleteSpaceHandler,
  CopySpaceHandler,
  DuplicateSpaceHandler,
  MoveSpaceHandler,
  RestoreSpaceHandler,
  TransferSpaceHandler,
  UpdateSpaceHandler,
} from './spaces/space.commands';
import { CollectionSpacesController } from './spaces/collection-spaces.controller';
import { GetCommentScopeHandler } from './spaces/comment-scope.handler';
import { GetSpacesForSiteHandler } from './spaces/site-spaces.handler';
import { GetLiveSpacesHandler } from './spaces/live-spaces.handler';
import { SpaceController } from './spaces/space.controller';
import { GetSpaceHandler, ListSpacesHandler, ListSpacesInCollectionHandler } from './spaces/space.queries';
import { SpaceReads } from './spaces/space.reads';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { treesOf } from '@folio/kernel/tree/trees-of-store';
import { MemberSpacesController } from './spaces/member-spaces.controller';
import { ApplyTemplateToSpaceHandler } from './templates/apply-template.command';
import { TemplateController } from './templates/template.controller';
import { SearchController } from './search/search.controller';
import { SearchOrganizationContentHandler, SearchSpaceContentHandler, SearchSpacesHandler } from './search/search.queries';
import { ListMemberSpacesHandler } from './spaces/member-spaces.query';
import { TranslationsHttpModule, TranslationsModule } from './translations/translations.module';

const handlers = [
  CreateSpaceHandler,
  UpdateSpaceHandler,
  DeleteSpaceHandler,
  RestoreSpaceHandler,
  DuplicateSpaceHandler,
  CopySpaceHandler,
  MoveSpaceHandler,
  TransferSpaceHandler,
  PurgeExpiredSpacesHandler,
  GetSpaceHandler,
  ListSpacesHandler,
  ListSpacesInCollectionHandler,
  ListMemberSpacesHandler,
  CreateCollectionHandler,
  UpdateCollectionHandler,
  DeleteCollectionHandler,
  MoveCollectionHandler,
  TransferCollectionHandler,
  GetCollectionHandler,
  ListCollectionsHandler,
  CreateChangeRequestHandler,
  UpdateChangeRequestHandler,
  SubmitReviewHandler,
  RequestReviewersHandler,
  RemoveRequestedReviewerHandler,
  GetChangeRequestHandler,
  ListSpaceChangeRequestsHandler,
  ListOrganizationChangeRequestsHandler,
  ListReviewsHandler,
  GetReviewHandler,
  ListRequestedReviewersHandler,
  ListContributorsHandler,
  GetClusterChangeRequestsHandler,
  SearchSpaceContentHandler,
  SearchOrganizationContentHandler,
  SearchSpacesHandler,
  GetCommentScopeHandler,
  CheckCommentTargetHandler,
  GetSpacesForSiteHandler,
  GetLiveSpacesHandler,
];

/**
 * Spaces and collections: their handlers, reads, and the work of the process that projects (the
 * retention sweep, the collection cascade, merge completion, Git Sync's processes). Controllers: the API only.
 * What Git Sync's processes run is here too, so that the projector has it: the content reads, the folder
 * import and export, and the merge (none needs the server secret).
 */
@Module({
  imports: [ContentAccessModule, OpenAPIModule, forwardRef(() => TranslationsModule)],
  providers: [
    ...handlers,
    SpaceReads,
    CollectionReads,
    ChangeRequestReads,
    // The kernel is framework-free: its content trees are built here, over the store the platform provides.
    { provide: ContentTrees, useFactory: treesOf, inject: [CONTENT_OBJECT_STORE] },
    BlockKeyIndex,
    Siblings,
    CollectionCascade,
    SpacePurgeScheduler,
    CollectionCascadeProcess,
    MergeCompletion,
    DocumentWork,
    ContentReads,
    MergeInputLoader,
    MergeGate,
    MergeChangeRequestHandler,
    FolderImport,
    FolderExport,
    ...gitSyncProcesses,
  ],
  exports: [SpaceReads, CollectionReads, ChangeRequestReads, ContentTrees, DocumentWork, ContentReads, MergeInputLoader, MergeGate, FolderImport, FolderExport, OpenAPIModule],
})
export class ContentModule {}

/**
 * The routes. The content queries and the content writes live here rather than in ContentModule: they
 * answer files with signed download URLs and read files in (FilesModule needs the server secret, which
 * only the API loads).
 */
@Module({
  imports: [ContentModule, ContentAccessHttpModule, FilesModule, OpenAPIHttpModule, TranslationsHttpModule],
  providers: [
    RenderedTrees,
    ReaderAnswers,
    ...contentQueryHandlers,
    LocateMainPagesHandler,
    FindFolderRedirectHandler,
    ...reusableContentQueryHandlers,
    UpdateChangeRequestContentHandler,
    UpdateFromMainHandler,
    GetChangeRequestConflictsHandler,
    ...changesQueryHandlers,
    ApplyTemplateToSpaceHandler,
    PdfRenderer,
    PdfPrinter,
    GetChangeRequestPdfHandler,
    GetSpacePdfHandler,
    LinkIndex,
    LinkStatuses,
    LinkViews,
    ...linkQueryHandlers,
    ImportZipHandler,
    ExportZipHandler,
    ...gitSyncRemoteProviders,
  ],
  controllers: [
    SpaceController,
    CollectionController,
    CollectionSpacesController,
    MemberSpacesController,
    ChangeRequestController,
    ContentController,
    ReusableContentsController,
    ChangeRequestContentController,
    MergeController,
    ChangesController,
    TemplateController,
    PdfController,
    SearchController,
    LinkController,
    FolderZipController,
    GitSyncController,
    GitSyncConnectionController,
    GitSyncHooksController,
  ],
})
export class ContentHttpModule {}
