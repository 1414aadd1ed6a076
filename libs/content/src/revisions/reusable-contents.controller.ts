import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ForReaders } from '@folio/platform/http/for-readers.decorator';
import { atChangeRequest, atMain, atRevision } from './content-reads';
import { ContentQuery, DocumentQuery, readOptions } from './content-read.dto';
import { GetReusableContent, GetReusableContentDocument } from './reusable-content.queries';

/**
 * Reusable contents of main, a revision and a change request's head, as the spec defines them; the spec has
 * `/document` only under a revision: main's and a request's are Folio's additions, the same read. 404 for a
 * space the caller may not read, a revision or request the space lacks, an id the content lacks.
 */
@Controller('spaces/:spaceId')
export class ReusableContentsController {
  constructor(private readonly queries: QueryBus) {}

  @ForReaders()
  @Get('content/reusable-contents/:reusableContentId')
  main(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('reusableContentId') id: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetReusableContent(c, s, atMain(), id, readOptions(q)));
  }

  @ForReaders()
  @Get('content/reusable-contents/:reusableContentId/document')
  mainDocument(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('reusableContentId') id: string, @Query() _q: DocumentQuery) {
    return this.queries.execute(new GetReusableContentDocument(c, s, atMain(), id));
  }

  @ForReaders()
  @Get('revisions/:revisionId/reusable-contents/:reusableContentId')
  revision(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('revisionId') r: string, @Param('reusableContentId') id: string, @Query() q: ContentQuery) {
    return this.queries.execute(new GetReusableContent(c, s, atRevision(r), id, readOptions(q)));
  }

  @ForReaders()
  @Get('revisions/:revisionId/reusable-contents/:reusableContentId/document')
  revisionDocument(
    @CallerParam() c: Caller,
    @Param('spaceId') s: string,
    @Param('revisionId') r: string,
    @Param('reusableContentId') id: string,
    @Query() _q: DocumentQuery,
  ) {
    return this.queries.execute(new GetReusableContentDocument(c, s, atRevision(r), id));
  }

  @Get('change-requests/:changeRequestId/content/reusable-contents/:reusableContentId')
  changeRequest(
    @CallerParam() c: Caller,
    @Param('spaceId') s: string,
    @Param('changeRequestId') cr: string,
    @Param('reusableContentId') id: string,
    @Query() q: ContentQuery,
  ) {
    return this.queries.execute(new GetReusableContent(c, s, atChangeRequest(cr), id, readOptions(q)));
  }

  @Get('change-requests/:changeRequestId/content/reusable-contents/:reusableContentId/document')
  changeRequestDocument(
    @CallerParam() c: Caller,
    @Param('spaceId') s: string,
    @Param('changeRequestId') cr: string,
    @Param('reusableContentId') id: string,
    @Query() _q: DocumentQuery,
  ) {
    return this.queries.execute(new GetReusableContentDocument(c, s, atChangeRequest(cr), id));
  }
}
