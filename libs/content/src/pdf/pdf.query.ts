import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { requestTrees } from '../change-requests/request-trees';
import { FileUrls } from '../files/file-urls';
import { ContentReads } from '../revisions/content-reads';
import { SpaceReads } from '../spaces/space.reads';
import { ContentTrees } from '@folio/kernel/tree/content-trees';
import { changedPages, pagesToPrint, PrintSelection } from './pages-to-print';
import { PdfPrinter } from './pdf-printer';

/**
 * What the PDF routes answer: a signed download URL of the PDF, served by Folio (GET /v1/files/<hash>) for
 * an hour: whoever may read the content may hand the link on, as with its files. The PDF is stored as a
 * content object, so printing the same content again stores nothing new.
 */
export interface PdfUrl {
  url: string;
}

export class GetSpacePdf extends Query<PdfUrl> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly selection: PrintSelection,
  ) {
    super();
  }
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

/** Prints main's content (its pages, or one page with or without its subpages), for whoever may read the space. */
@QueryHandler(GetSpacePdf)
export class GetSpacePdfHandler implements IQueryHandler<GetSpacePdf> {
  constructor(
    private readonly spaces: SpaceReads,
    private readonly contents: ContentReads,
    private readonly printer: PdfPrinter,
    private readonly urls: FileUrls,
  ) {}

  async execute({ caller, spaceId, selection }: GetSpacePdf): Promise<PdfUrl> {
    const { space } = await this.spaces.visible(caller, spaceId);
    const { revision, snapshot, app } = await this.contents.open(caller, spaceId, { kind: 'main' });
    const pages = await pagesToPrint(snapshot, selection);
    const object = await this.printer.print({ spaceId, organizationId: space.organizationId, snapshot, app, title: space.title, createdAt: revision.createdAt }, pages);
    return { url: this.urls.downloadUrl({ object, name: `space-${spaceId}.pdf`, contentType: 'application/pdf' }) };
  }
}

/**
 * Prints what the request changed: the pages of its head that differ from its base, or one page of the head
 * with or without its subpages (changed or not) when `page` is given.
 */
@QueryHandler(GetChangeRequestPdf)
export class GetChangeRequestPdfHandler implements IQueryHandler<GetChangeRequestPdf> {
  constructor(
    private readonly changeRequests: ChangeRequestReads,
    private readonly contents: ContentReads,
    private readonly trees: ContentTrees,
    private readonly printer: PdfPrinter,
    private readonly urls: FileUrls,
  ) {}

  async execute({ caller, spaceId, changeRequestId, selection }: GetChangeRequestPdf): Promise<PdfUrl> {
    const { changeRequest, space } = await this.changeRequests.get(spaceId, changeRequestId, caller);
    const { revision, snapshot, app } = await this.contents.open(caller, spaceId, { kind: 'change-request', changeRequest: changeRequest.id });
    const pages = await pagesToPrint(snapshot, selection, async () => {
      const { base, head } = await requestTrees(this.trees, changeRequest);
      return changedPages(base, head);
    });
    const title = changeRequest.subject || `Change request #${changeRequest.number}`;
    const object = await this.printer.print({ spaceId, organizationId: space.organizationId, snapshot, app, title, createdAt: revision.createdAt }, pages);
    return { url: this.urls.downloadUrl({ object, name: `change-request-${changeRequest.number}.pdf`, contentType: 'application/pdf' }) };
  }
}
