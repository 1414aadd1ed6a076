import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { RawJson } from '@folio/platform/http/raw-json';
import { ContentAt, ContentReads } from './content-reads';
import { EMPTY_DOCUMENT } from './page-views';
import { PageReadOptions } from './revision-page.resource';
import { reusableContentResource, ReusableContentResource } from './reusable-content.resource';

export class GetReusableContent extends Query<ReusableContentResource> {
  constructor(
    readonly caller: Caller,
    readonly spaceId: string,
    readonly at: ContentAt,
    readonly reusableContentId: string,
    readonly options: PageReadOptions,
  ) {
    super();
  }
}

/** A reusable content's document (the spec's JSONDocument): the empty document for an empty one. */
export class GetReusableContentDocument extends Query<RawJson> {
  constructor(readonly caller: Caller, readonly spaceId: string, readonly at: ContentAt, readonly reusableContentId: string) {
    super();
  }
}

async function entryOf(contents: ContentReads, { caller, spaceId, at, reusableContentId }: GetReusableContent | GetReusableContentDocument) {
  const { snapshot } = await contents.open(caller, spaceId, at);
  const entry = await snapshot.reusableContent(reusableContentId);
  if (!entry) throw new NotFound('reusable content');
  return { snapshot, entry };
}

@QueryHandler(GetReusableContent)
export class GetReusableContentHandler implements IQueryHandler<GetReusableContent> {
  constructor(private readonly contents: ContentReads) {}

  async execute(query: GetReusableContent) {
    return reusableContentResource((await entryOf(this.contents, query)).entry, query.options);
  }
}

@QueryHandler(GetReusableContentDocument)
export class GetReusableContentDocumentHandler implements IQueryHandler<GetReusableContentDocument> {
  constructor(private readonly contents: ContentReads) {}

  /** The stored bytes as they are, spliced into the response (never parsed on the event loop to be written again). */
  async execute(query: GetReusableContentDocument) {
    const { snapshot, entry } = await entryOf(this.contents, query);
    const bytes = await snapshot.documentBytes(entry);
    return bytes ? new RawJson(bytes) : EMPTY_DOCUMENT;
  }
}

export const reusableContentQueryHandlers = [GetReusableContentHandler, GetReusableContentDocumentHandler];
