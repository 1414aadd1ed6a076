import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { FileUrls } from '../files/file-urls';
import { ContentReads } from '../revisions/content-reads';
import { pagesToPrint, PrintSelection } from './pages-to-print';
import { PdfPrinter } from './pdf-printer';

/** What the PDF routes answer: a download URL of the PDF, valid one hour. */
export interface PdfUrl {
  url: string;
}

export class GetChangeRequestPdf extends Query<PdfUrl> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly changeRequestId: string,
    readonly selection: PrintSelection,
  ) {
    super();
  }
}

/**
 * Prints the request's head (its pages, or one page with or without its subpages) and answers a signed
 * download URL of the PDF, served by Folio (GET /v1/files/<hash>) for an hour: whoever may read the request
 * may hand the link on, as with its files. The PDF is stored as a content object, so printing the same head
 * again stores nothing new.
 */
@QueryHandler(GetChangeRequestPdf)
export class GetChangeRequestPdfHandler implements IQueryHandler<GetChangeRequestPdf> {
  constructor(
    private readonly changeRequests: ChangeRequestReads,
    private readonly contents: ContentReads,
    private readonly printer: PdfPrinter,
    private readonly urls: FileUrls,
  ) {}

  async execute({ caller, spaceId, changeRequestId, selection }: GetChangeRequestPdf): Promise<PdfUrl> {
    const { changeRequest } = await this.changeRequests.get(spaceId, changeRequestId, caller);
    const { revision, snapshot, app } = await this.contents.open(caller, spaceId, { kind: 'change-request', changeRequest: changeRequest.id });
    const pages = await pagesToPrint(snapshot, selection);
    const title = changeRequest.subject || `Change request #${changeRequest.number}`;
    const object = await this.printer.print({ spaceId, snapshot, app, title, createdAt: revision.createdAt }, pages);
    return { url: this.urls.downloadUrl({ object, name: `change-request-${changeRequest.number}.pdf`, contentType: 'application/pdf' }) };
  }
}
