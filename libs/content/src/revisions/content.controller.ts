import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { atChangeRequest as changeRequest, atMain as main, atRevision as revision } from './content-reads';
import { ContentFilesQuery, ContentQuery, DocumentQuery, PageQuery, readOptions } from './content-read.dto';
import { GetContentFile, GetContentPage, GetContentRevision, GetPageDocument, GetPageMetaLinks, ListContentFiles, ListContentPages, ListRevisions } from './content.queries';

/** A page path as the route's wildcard holds it, without the slashes around it. */
const pagePath = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * Content reads: main's (`/spaces/{id}/content…`), a revision's (`/spaces/{id}/revisions/{revisionId}…`)
 * and a change request's head (`/spaces/{id}/change-requests/{cr}/content…`). The three families differ
 * only in the `ContentAt` they hand to the same queries. Query parameters the answer does not depend on
 * (`computed`, …) are still validated by their DTOs.
 */
@Controller('spaces/:spaceId')
export class ContentController {
  constructor(private readonly queries: QueryBus) {}

  @Get('revisions')
  history(@CallerParam() caller: Caller, @Param('spaceId') spaceId: string, @Query() list: ListQuery) {
    return this.queries.execute(new ListRevisions(caller, spaceId, list));
  }

  @ForReaders()
  @Get('content')
  mainRevision(@CallerParam() c: Caller, @Param('spaceId') s: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetContentRevision(c, s, main(), readOptions(q)));
  }

  @ForReaders()
  @Get('content/pages')
  mainPages(@CallerParam() c: Caller, @Param('spaceId') s: string, @Query() q: ContentQuery) {
    return this.queries.execute(new ListContentPages(c, s, main(), readOptions(q)));
  }

  @ForReaders()
  @Get('content/page/:pageId')
  mainPage(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('pageId') pageId: string, @Query() q: PageQuery) {
    return this.queries.execute(new GetContentPage(c, s, main(), { id: pageId }, q.format ?? 'document', readOptions(q)));
  }

  @ForReaders()
  @Get('content/page/:pageId/meta-links')
  mainPageMetaLinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('pageId') pageId: string) {
    return this.queries.execute(new GetPageMetaLinks(c, s, main(), pageId));
  }

  @ForReaders()
  @Get('content/path/*')
  mainPath(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('*') path: string, @Query() q: PageQuery) {
    return this.queries.execute(new GetContentPage(c, s, main(), { path: pagePath(path) }, q.format ?? 'document', readOptions(q)));
  }

  @ForReaders()
  @Get('content/files')
  mainFiles(@CallerParam() c: Caller, @Param('spaceId') s: string, @Query() q: ContentFilesQuery) {
    return this.queries.execute(new ListContentFiles(c, s, main(), q, readOptions(q)));
  }

  @ForReaders()
  @Get('content/files/:fileId')
  mainFile(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('fileId') fileId: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetContentFile(c, s, main(), fileId, readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId')
  revision(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetContentRevision(c, s, revision(r), readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId/pages')
  revisionPages(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Query() q: ContentQuery) {
    return this.queries.execute(new ListContentPages(c, s, revision(r), readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId/page/:pageId')
  revisionPage(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('pageId') pageId: string, @Query() q: PageQuery) {
    return this.queries.execute(new GetContentPage(c, s, revision(r), { id: pageId }, q.format ?? 'document', readOptions(q)));
  }

  /** `evaluated` and `dereferenced` are checked and change nothing (see DocumentQuery). */
  @ForReaders()
  @Get('revisions/:revisionId/page/:pageId/document')
  revisionPageDocument(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('pageId') pageId: string, @Query() _q: DocumentQuery) {
    return this.queries.execute(new GetPageDocument(c, s, revision(r), pageId));
  }

  @ForReaders()
  @Get('revisions/:revisionId/page/:pageId/meta-links')
  revisionPageMetaLinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('pageId') pageId: string) {
    return this.queries.execute(new GetPageMetaLinks(c, s, revision(r), pageId));
  }

  @ForReaders()
  @Get('revisions/:revisionId/path/*')
  revisionPath(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('*') path: string, @Query() q: PageQuery) {
    return this.queries.execute(new GetContentPage(c, s, revision(r), { path: pagePath(path) }, q.format ?? 'document', readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId/files')
  revisionFiles(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Query() q: ContentFilesQuery) {
    return this.queries.execute(new ListContentFiles(c, s, revision(r), q, readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId/files/:fileId')
  revisionFile(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('fileId') fileId: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetContentFile(c, s, revision(r), fileId, readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content')
  changeRequestRevision(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetContentRevision(c, s, changeRequest(cr), readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/pages')
  changeRequestPages(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: ContentQuery) {
    return this.queries.execute(new ListContentPages(c, s, changeRequest(cr), readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId')
  changeRequestPage(
    @CallerParam() c: Caller,
    @Param('spaceId') s: string,
    @Param('changeRequestId') cr: string,
    @Param('pageId') pageId: string,
    @Query() q: PageQuery,
  ) {
    return this.queries.execute(new GetContentPage(c, s, changeRequest(cr), { id: pageId }, q.format ?? 'document', readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/meta-links')
  changeRequestPageMetaLinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Param('pageId') pageId: string) {
    return this.queries.execute(new GetPageMetaLinks(c, s, changeRequest(cr), pageId));
  }

  @Get('change-requests/:changeRequestId/content/path/*')
  changeRequestPath(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Param('*') path: string, @Query() q: PageQuery) {
    return this.queries.execute(new GetContentPage(c, s, changeRequest(cr), { path: pagePath(path) }, q.format ?? 'document', readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/files')
  changeRequestFiles(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: ContentFilesQuery) {
    return this.queries.execute(new ListContentFiles(c, s, changeRequest(cr), q, readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/files/:fileId')
  changeRequestFile(
    @CallerParam() c: Caller,
    @Param('spaceId') s: string,
    @Param('changeRequestId') cr: string,
    @Param('fileId') fileId: string,
    @Query() q: ContentQuery,
  ) {
    return this.queries.execute(new GetContentFile(c, s, changeRequest(cr), fileId, readOptions(q)));
  }
}
