import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { ListQuery } from '@folio/platform/http/pagination';
import { LinksQuery } from './link.dto';
import { ListBacklinks, ListPageLinks, ListSpaceLinks } from './link.queries';
import { LinksAt } from './link-views';

const main = (): LinksAt => ({ kind: 'main' });
const changeRequest = (id: string): LinksAt => ({ kind: 'change-request', changeRequest: id });

/**
 * Links and backlinks of main's content and of a change request's head (the seed's routes; the request's
 * whole-content listing is Folio's, beside main's `GET /spaces/{id}/links`).
 */
@Controller('spaces/:spaceId')
export class LinkController {
  constructor(private readonly queries: QueryBus) {}

  @Get('links')
  space(@CallerParam() c: Caller, @Param('spaceId') s: string, @Query() q: LinksQuery) {
    return this.queries.execute(new ListSpaceLinks(c, s, main(), q.status, q));
  }

  @Get('content/page/:pageId/links')
  page(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('pageId') pageId: string, @Query() q: LinksQuery) {
    return this.queries.execute(new ListPageLinks(c, s, main(), pageId, q.status, q));
  }

  @Get('content/page/:pageId/backlinks')
  pageBacklinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('pageId') page: string, @Query() q: ListQuery) {
    return this.queries.execute(new ListBacklinks(c, s, main(), { page }, q));
  }

  @Get('content/files/:fileId/backlinks')
  fileBacklinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('fileId') file: string, @Query() q: ListQuery) {
    return this.queries.execute(new ListBacklinks(c, s, main(), { file }, q));
  }

  @Get('change-requests/:changeRequestId/links')
  changeRequestSpace(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: LinksQuery) {
    return this.queries.execute(new ListSpaceLinks(c, s, changeRequest(cr), q.status, q));
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/links')
  changeRequestPage(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Param('pageId') pageId: string, @Query() q: LinksQuery) {
    return this.queries.execute(new ListPageLinks(c, s, changeRequest(cr), pageId, q.status, q));
  }

  @Get('change-requests/:changeRequestId/content/page/:pageId/backlinks')
  changeRequestPageBacklinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Param('pageId') page: string, @Query() q: ListQuery) {
    return this.queries.execute(new ListBacklinks(c, s, changeRequest(cr), { page }, q));
  }

  @Get('change-requests/:changeRequestId/content/files/:fileId/backlinks')
  changeRequestFileBacklinks(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Param('fileId') file: string, @Query() q: ListQuery) {
    return this.queries.execute(new ListBacklinks(c, s, changeRequest(cr), { file }, q));
  }
}
