import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { CallerParam } from '@folio/platform/http/caller.decorator';
import { PdfQuery } from './pdf.dto';
import { GetChangeRequestPdf, GetSpacePdf } from './pdf.query';

/** PDF exports: `{ url }` of a PDF of the content, valid one hour. */
@Controller('spaces/:spaceId')
export class PdfController {
  constructor(private readonly queries: QueryBus) {}

  @Get('pdf')
  space(@CallerParam() c: Caller, @Param('spaceId') s: string, @Query() q: PdfQuery) {
    return this.queries.execute(new GetSpacePdf(c, s, { page: q.page, only: q.only ?? false }));
  }

  @Get('change-requests/:changeRequestId/pdf')
  changeRequest(@CallerParam() c: Caller, @Param('spaceId') s: string, @Param('changeRequestId') cr: string, @Query() q: PdfQuery) {
    return this.queries.execute(new GetChangeRequestPdf(c, s, cr, { page: q.page, only: q.only ?? false }));
  }
}
