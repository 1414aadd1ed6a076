import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { DEFAULT_LIMIT, decodeCursor, encodeCursor, ListEnvelope, listEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { fileLinkKey, FileLinks } from '../files/file-links';
import { revisionFileResource, RevisionFileResource } from '../files/revision-file.resource';
import { ContentAt, ContentReads, OpenContent } from './content-reads';
import { DocumentFormat } from './content-read.dto';
import { mergedFrom } from './merged-from';
import { pageDocument, pageView } from './page-views';
import { answerKey, JsonAnswer, ReaderAnswers } from './reader-answers';
import { RenderedTrees } from './rendered-trees';
import { DocumentWork } from '../documents/document-work';
import { PageMetaLinks } from '@folio/kernel/tree/tree.model';
import { PageReadOptions, revisionPageResource } from './revision-page.resource';
import { reusableContentResource } from './reusable-content.resource';
import { gitOf, revisionResource, revisionSummaryResource } from './revision.resource';

/** A page asked for by id or by its path in the tree. */
export type PageLookup = { id: string } | { path: string };

export class GetContentRevision extends Query<JsonAnswer> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly options: PageReadOptions) {
    super();
  }
}

export class ListContentPages extends Query<JsonAnswer> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly options: PageReadOptions) {
    super();
  }
}

export class GetContentPage extends Query<JsonAnswer> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly at: ContentAt,
    readonly page: PageLookup,
    readonly format: DocumentFormat,
    readonly options: PageReadOptions,
  ) {
    super();
  }
}

/** A document page's bare document (the spec's JSONDocument), as stored. */
export class GetPageDocument extends Query<JsonAnswer> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly pageId: string) {
    super();
  }
}

/** A page's canonical and alternate links (the spec's RevisionPageMetaLinks). */
export class GetPageMetaLinks extends Query<PageMetaLinks> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly pageId: string) {
    super();
  }
}

export class ListContentFiles extends Query<ListEnvelope<RevisionFileResource>> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly list: ListQuery, readonly options: PageReadOptions) {
    super();
  }
}

export class GetContentFile extends Query<RevisionFileResource> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly fileId: string, readonly options: PageReadOptions) {
    super();
  }
}

export class ListRevisions extends Query<ListEnvelope<ReturnType<typeof revisionSummaryResource>>> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly list: ListQuery) {
    super();
  }
}

/** The pages of the tree, every body in the default form (`document`): the spec admits no page without one. */
async function treePages(rendered: RenderedTrees, content: Pick<OpenContent, 'snapshot' | 'app'>, options: PageReadOptions) {
  return (await rendered.pages(content.snapshot)).map((view) => revisionPageResource(view, content.app, options));
}

@QueryHandler(GetContentRevision)
export class GetContentRevisionHandler implements IQueryHandler<GetContentRevision> {
  constructor(
    private readonly contents: ContentReads,
    private readonly rendered: RenderedTrees,
    private readonly links: FileLinks,
    private readonly answers: ReaderAnswers,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  /**
   * Kept by revision, options and file URL form. `mergedFrom` (the merged request as its route answers it:
   * its counts move, and it is read as the caller) and `git` (a Git Sync push names it later) are not kept:
   * they are read and added to each answer.
   */
  async execute({ caller, spaceId, at, options }: GetContentRevision) {
    const { revision, ...content } = await this.contents.open(caller, spaceId, at);
    const { snapshot } = content;
    const form = await this.links.formFor(revision);
    const key = answerKey('revision', content.app, revision.id, options.metadata, fileLinkKey(form));
    const answer = await this.answers.answer(key, async () => {
      const [pages, files, reusableContents, variables] = await Promise.all([
        treePages(this.rendered, content, options),
        snapshot.files().then((entries) => entries.map((entry) => revisionFileResource(entry, this.links.url(form, entry), options))),
        snapshot.reusableContents().then((entries) => entries.map((entry) => reusableContentResource(entry, options))),
        snapshot.variables(),
      ]);
      return revisionResource(revision, { pages, files, reusableContents, variables }, this.config);
    });
    const merged = await mergedFrom(this.queries, caller, revision);
    return answer.send({ ...gitOf(revision, options), ...(merged ? { mergedFrom: merged } : {}) });
  }
}

@QueryHandler(ListContentPages)
export class ListContentPagesHandler implements IQueryHandler<ListContentPages> {
  constructor(private readonly contents: ContentReads, private readonly rendered: RenderedTrees, private readonly answers: ReaderAnswers) {}

  async execute({ caller, spaceId, at, options }: ListContentPages) {
    const content = await this.contents.open(caller, spaceId, at);
    const key = answerKey('pages', content.app, content.revision.id, options.metadata);
    return (await this.answers.answer(key, async () => ({ pages: await treePages(this.rendered, content, options) }))).send();
  }
}

@QueryHandler(GetContentPage)
export class GetContentPageHandler implements IQueryHandler<GetContentPage> {
  constructor(private readonly contents: ContentReads, private readonly documents: DocumentWork, private readonly answers: ReaderAnswers) {}

  /** Kept by revision, page (as asked: by id or path), format and options: a page of a revision never changes. */
  async execute({ caller, spaceId, at, page, format, options }: GetContentPage) {
    const content = await this.contents.open(caller, spaceId, at);
    const { snapshot } = content;
    const asked = 'id' in page ? `id:${page.id}` : `path:${page.path}`;
    const key = answerKey('page', content.app, content.revision.id, asked, format, options.metadata);
    const answer = await this.answers.answer(key, async () => {
      const node = 'id' in page ? await snapshot.page(page.id) : await snapshot.pageByPath(page.path);
      if (!node) throw new NotFound('page');
      const path = 'path' in page ? page.path : await snapshot.pathOf(node.id);
      const as = format === 'markdown' ? { format, documents: this.documents } : { format };
      return revisionPageResource(await pageView(snapshot, node, path, as), content.app, options);
    });
    return answer.send();
  }
}

@QueryHandler(GetPageDocument)
export class GetPageDocumentHandler implements IQueryHandler<GetPageDocument> {
  constructor(private readonly contents: ContentReads, private readonly answers: ReaderAnswers) {}

  /**
   * A group or link page has no document: as missing as a page that is not there (GitBook answers 404 too).
   * Kept by revision and page like the page read: what a renderer asks on every page view.
   */
  async execute({ caller, spaceId, at, pageId }: GetPageDocument) {
    const content = await this.contents.open(caller, spaceId, at);
    const answer = await this.answers.answer(answerKey('page-document', content.app, content.revision.id, pageId), async () => {
      const node = await content.snapshot.page(pageId);
      const document = node ? await pageDocument(content.snapshot, node) : null;
      if (!document) throw new NotFound('page document');
      return document;
    });
    return answer.send();
  }
}

@QueryHandler(GetPageMetaLinks)
export class GetPageMetaLinksHandler implements IQueryHandler<GetPageMetaLinks> {
  constructor(private readonly contents: ContentReads) {}

  /** Any page type; a page that sets none answers `{}` (both fields are optional in the spec). */
  async execute({ caller, spaceId, at, pageId }: GetPageMetaLinks) {
    const node = await (await this.contents.open(caller, spaceId, at)).snapshot.page(pageId);
    if (!node) throw new NotFound('page');
    const { canonical, alternates } = node.metaLinks ?? {};
    return { ...(canonical ? { canonical } : {}), ...(alternates ? { alternates } : {}) };
  }
}

@QueryHandler(ListContentFiles)
export class ListContentFilesHandler implements IQueryHandler<ListContentFiles> {
  constructor(private readonly contents: ContentReads, private readonly links: FileLinks) {}

  /** In file id order, a page at a time after the last id of the previous page (a cursor stays valid as the content changes). */
  async execute({ caller, spaceId, at, list, options }: ListContentFiles) {
    const content = await this.contents.open(caller, spaceId, at);
    const binding = `content-files:${spaceId}`;
    const after = list.page ? decodeCursor(list.page, binding).id : undefined;
    const limit = list.limit ?? DEFAULT_LIMIT;
    const files = (await content.snapshot.files()).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rest = after === undefined ? files : files.filter((file) => file.id > after);
    const items = rest.slice(0, limit);
    const next = rest.length > limit ? { page: encodeCursor({ value: items[items.length - 1].id, id: items[items.length - 1].id }, binding) } : undefined;
    const form = await this.links.formFor(content.revision);
    return listEnvelope(
      items.map((entry) => revisionFileResource(entry, this.links.url(form, entry), options)),
      next,
    );
  }
}

@QueryHandler(GetContentFile)
export class GetContentFileHandler implements IQueryHandler<GetContentFile> {
  constructor(private readonly contents: ContentReads, private readonly links: FileLinks) {}

  async execute({ caller, spaceId, at, fileId, options }: GetContentFile) {
    const content = await this.contents.open(caller, spaceId, at);
    const entry = await content.snapshot.file(fileId);
    if (!entry) throw new NotFound('file');
    return revisionFileResource(entry, this.links.url(await this.links.formFor(content.revision), entry), options);
  }
}

@QueryHandler(ListRevisions)
export class ListRevisionsHandler implements IQueryHandler<ListRevisions> {
  constructor(private readonly contents: ContentReads, @Inject(CONFIG) private readonly config: FolioConfig) {}

  async execute({ caller, spaceId, list }: ListRevisions) {
    const page = await this.contents.history(caller, spaceId, list);
    return listEnvelope(
      page.items.map((revision) => revisionSummaryResource(revision, this.config)),
      page.next,
    );
  }
}

export const contentQueryHandlers = [
  GetContentRevisionHandler,
  ListContentPagesHandler,
  GetContentPageHandler,
  GetPageDocumentHandler,
  GetPageMetaLinksHandler,
  ListContentFilesHandler,
  GetContentFileHandler,
  ListRevisionsHandler,
];
