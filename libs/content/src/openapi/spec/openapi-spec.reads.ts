import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { LatestSpecContent, OpenAPISpecContents } from '../spec-contents';
import { OPENAPI_SPEC_VERSIONS, OPENAPI_SPECS, OpenAPISpecDoc, OpenAPISpecVersionDoc, slugKey } from './openapi-spec.projection';
import { SpecTexts } from './spec-texts';

const NEWEST_FIRST = { field: 'createdAt', direction: 'desc' } as const;

/**
 * Reads of the specs' read models: a spec by its slug in its organization, the lists, a version (`latest`
 * or by id) of a spec. Also what a page's OpenAPI blocks ask (OpenAPISpecContents, for links/ and pdf/).
 */
@Injectable()
export class OpenAPISpecReads extends OpenAPISpecContents {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly texts: SpecTexts,
  ) {
    super();
  }

  async bySlug(organizationId: string, slug: string): Promise<OpenAPISpecDoc | null> {
    const { items } = await this.reads.find<OpenAPISpecDoc>(OPENAPI_SPECS, { filter: { organizationId, slugKey: slugKey(slug) }, limit: 1 });
    return items[0] ?? null;
  }

  async spec(organizationId: string, slug: string): Promise<OpenAPISpecDoc> {
    const spec = await this.bySlug(organizationId, slug);
    if (!spec) throw new NotFound('OpenAPI spec');
    return spec;
  }

  list(organizationId: string, list: ListQuery) {
    return findPage<OpenAPISpecDoc>(this.reads, OPENAPI_SPECS, { filter: { organizationId }, sort: NEWEST_FIRST }, list);
  }

  versions(spec: OpenAPISpecDoc, list: ListQuery) {
    return findPage<OpenAPISpecVersionDoc>(this.reads, OPENAPI_SPEC_VERSIONS, { filter: { specId: spec.id }, sort: NEWEST_FIRST }, list);
  }

  /** The spec's version `versionId`, or its latest with `latest` (404 before its first version). */
  async version(spec: OpenAPISpecDoc, versionId: string): Promise<OpenAPISpecVersionDoc> {
    const id = versionId === 'latest' ? spec.lastVersion : versionId;
    const version = id === undefined ? null : await this.reads.get<OpenAPISpecVersionDoc>(OPENAPI_SPEC_VERSIONS, id);
    if (!version || version.specId !== spec.id) throw new NotFound('OpenAPI spec version');
    return version;
  }

  async resolvable(organizationId: string, slugs: readonly string[]): Promise<Set<string>> {
    const keys = [...new Set(slugs.map(slugKey))];
    if (keys.length === 0) return new Set();
    const { items } = await this.reads.find<OpenAPISpecDoc>(OPENAPI_SPECS, { filter: { organizationId, slugKey: { $in: keys } }, limit: keys.length });
    const processed = new Set(items.filter((spec) => spec.lastVersion !== undefined).map((spec) => spec.slugKey));
    return new Set(slugs.filter((slug) => processed.has(slugKey(slug))));
  }

  async latest(organizationId: string, slug: string): Promise<LatestSpecContent | null> {
    const spec = await this.bySlug(organizationId, slug);
    if (spec?.lastVersion === undefined) return null;
    const version = await this.version(spec, spec.lastVersion);
    const document = JSON.parse((await this.texts.bytes(version.document)).toString('utf8')) as Record<string, unknown>;
    return { specId: spec.id, slug: spec.slug, versionId: version.id, visibility: spec.visibility, document };
  }
}
