import { Inject, Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { RawJson } from '@folio/platform/http/raw-json';
import { listEnvelope, ListEnvelope, ListQuery } from '@folio/platform/http/pagination';
import { SpecFormat } from '../parsing/spec-parse';
import { OpenAPISpecAccess } from './openapi-spec-access';
import { OpenAPISpecDoc } from './openapi-spec.projection';
import { OpenAPISpecReads } from './openapi-spec.reads';
import { OpenAPISpecResource, openapiSpecResource, OpenAPISpecVersionResource, openapiSpecVersionResource, publicTextUrl } from './openapi-spec.resource';
import { SpecTexts } from './spec-texts';

/** A spec's text as submitted or fetched (OpenAPISpecRawContent). */
export interface RawSpecText {
  text: string;
  format: SpecFormat;
}

/** What the spec reads share: the caller's access to the organization's specs (404 for a stranger), the resources. */
@Injectable()
abstract class SpecRead {
  constructor(
    protected readonly access: OpenAPISpecAccess,
    protected readonly reads: OpenAPISpecReads,
    protected readonly texts: SpecTexts,
    @Inject(CONFIG) protected readonly config: FolioConfig,
  ) {}

  /** The spec a member asks for (404 for a stranger or an unknown slug). */
  protected async spec(caller: Caller, organizationId: string, slug: string) {
    const permissions = await this.access.permissions(caller, organizationId);
    return { spec: await this.reads.spec(organizationId, slug), permissions };
  }

  protected async raw(spec: OpenAPISpecDoc, versionId: string): Promise<RawSpecText> {
    const version = await this.reads.version(spec, versionId);
    return { text: (await this.texts.bytes(version.text)).toString('utf8'), format: version.format };
  }
}

export class ListOpenAPISpecs extends Query<ListEnvelope<OpenAPISpecResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly list: ListQuery) {
    super();
  }
}

@QueryHandler(ListOpenAPISpecs)
export class ListOpenAPISpecsHandler extends SpecRead implements IQueryHandler<ListOpenAPISpecs> {
  async execute({ caller, organizationId, list }: ListOpenAPISpecs) {
    const permissions = await this.access.permissions(caller, organizationId);
    const page = await this.reads.list(organizationId, list);
    return listEnvelope(
      page.items.map((spec) => openapiSpecResource(this.config, spec, permissions)),
      page.next,
    );
  }
}

export class GetOpenAPISpec extends Query<OpenAPISpecResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string) {
    super();
  }
}

@QueryHandler(GetOpenAPISpec)
export class GetOpenAPISpecHandler extends SpecRead implements IQueryHandler<GetOpenAPISpec> {
  async execute({ caller, organizationId, slug }: GetOpenAPISpec) {
    const { spec, permissions } = await this.spec(caller, organizationId, slug);
    return openapiSpecResource(this.config, spec, permissions);
  }
}

export class ListOpenAPISpecVersions extends Query<ListEnvelope<OpenAPISpecVersionResource>> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly list: ListQuery) {
    super();
  }
}

@QueryHandler(ListOpenAPISpecVersions)
export class ListOpenAPISpecVersionsHandler extends SpecRead implements IQueryHandler<ListOpenAPISpecVersions> {
  async execute({ caller, organizationId, slug, list }: ListOpenAPISpecVersions) {
    const { spec } = await this.spec(caller, organizationId, slug);
    const page = await this.reads.versions(spec, list);
    return listEnvelope(
      page.items.map((version) => openapiSpecVersionResource(this.config, spec, version)),
      page.next,
    );
  }
}

/** A version by id, or `latest`. */
export class GetOpenAPISpecVersion extends Query<OpenAPISpecVersionResource> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly versionId: string) {
    super();
  }
}

@QueryHandler(GetOpenAPISpecVersion)
export class GetOpenAPISpecVersionHandler extends SpecRead implements IQueryHandler<GetOpenAPISpecVersion> {
  async execute({ caller, organizationId, slug, versionId }: GetOpenAPISpecVersion) {
    const { spec } = await this.spec(caller, organizationId, slug);
    return openapiSpecVersionResource(this.config, spec, await this.reads.version(spec, versionId));
  }
}

/**
 * A version's OpenAPISpecContent: its parsed document (spliced in as stored) and where its text is read.
 * A site token's reader may ask it of a `public` spec of its site's organization (404 for anything else).
 */
export class GetOpenAPISpecContent extends Query<{ filesystem: RawJson; urls: { source: string; public: string | null } }> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly versionId: string) {
    super();
  }
}

@QueryHandler(GetOpenAPISpecContent)
export class GetOpenAPISpecContentHandler extends SpecRead implements IQueryHandler<GetOpenAPISpecContent> {
  async execute({ caller, organizationId, slug, versionId }: GetOpenAPISpecContent) {
    const spec = caller.reader
      ? this.access.assertReaderMay(caller, await this.reads.bySlug(organizationId, slug))
      : (await this.spec(caller, organizationId, slug)).spec;
    const version = await this.reads.version(spec, versionId);
    const { url } = openapiSpecVersionResource(this.config, spec, version);
    return { filesystem: await this.texts.documentJson(version.document), urls: { source: url, public: publicTextUrl(this.config, spec, version.id) } };
  }
}

export class GetOpenAPISpecRaw extends Query<RawSpecText> {
  constructor(readonly caller: Caller, readonly organizationId: string, readonly slug: string, readonly versionId: string) {
    super();
  }
}

@QueryHandler(GetOpenAPISpecRaw)
export class GetOpenAPISpecRawHandler extends SpecRead implements IQueryHandler<GetOpenAPISpecRaw> {
  async execute({ caller, organizationId, slug, versionId }: GetOpenAPISpecRaw) {
    const { spec } = await this.spec(caller, organizationId, slug);
    return this.raw(spec, versionId);
  }
}

/** A `public` spec's text for anyone, without a token; 404 for a private or unknown one. */
export class GetPublicOpenAPISpecText extends Query<RawSpecText> {
  constructor(readonly organizationId: string, readonly slug: string, readonly versionId: string) {
    super();
  }
}

@QueryHandler(GetPublicOpenAPISpecText)
export class GetPublicOpenAPISpecTextHandler extends SpecRead implements IQueryHandler<GetPublicOpenAPISpecText> {
  async execute({ organizationId, slug, versionId }: GetPublicOpenAPISpecText) {
    const spec = await this.reads.bySlug(organizationId, slug);
    if (spec?.visibility !== 'public') throw new NotFound('OpenAPI spec');
    return this.raw(spec, versionId);
  }
}

export const openapiSpecQueryHandlers = [
  ListOpenAPISpecsHandler,
  GetOpenAPISpecHandler,
  ListOpenAPISpecVersionsHandler,
  GetOpenAPISpecVersionHandler,
  GetOpenAPISpecContentHandler,
  GetOpenAPISpecRawHandler,
  GetPublicOpenAPISpecTextHandler,
];
