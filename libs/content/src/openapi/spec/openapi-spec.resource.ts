import { FolioConfig } from '@folio/platform/config/config';
import { SpecPermissions } from './openapi-spec-access';
import { OpenAPISpecDoc, OpenAPISpecVersionDoc } from './openapi-spec.projection';

type Urls = Pick<FolioConfig, 'publicUrl' | 'appUrl'>;

const specLocation = (config: Urls, spec: OpenAPISpecDoc) => `${config.publicUrl}/v1/orgs/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`;

/** Where anyone reads a `public` spec's raw text without a token (an addition: GET /v1/openapi-public/…); null while private. */
export function publicTextUrl(config: Urls, spec: OpenAPISpecDoc, versionId = 'latest'): string | null {
  return spec.visibility === 'public' ? `${config.publicUrl}/v1/openapi-public/${spec.organizationId}/${encodeURIComponent(spec.slug)}/${versionId}` : null;
}

/** The spec's OpenAPISpec; `published` (the public text) only while it is public. */
export function openapiSpecResource(config: Urls, spec: OpenAPISpecDoc, permissions: SpecPermissions) {
  const published = publicTextUrl(config, spec);
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...(spec.sourceURL !== undefined ? { sourceURL: spec.sourceURL } : {}),
    processingState: spec.processingState,
    visibility: spec.visibility,
    ...(spec.lastVersion !== undefined ? { lastVersion: spec.lastVersion } : {}),
    ...(spec.lastProcessedAt !== undefined ? { lastProcessedAt: spec.lastProcessedAt } : {}),
    ...(spec.lastProcessErrorCode !== undefined ? { lastProcessErrorCode: spec.lastProcessErrorCode } : {}),
    ...(spec.lastProcessedErrors !== undefined ? { lastProcessedErrors: spec.lastProcessedErrors } : {}),
    lastProcessedErrorCount: spec.lastProcessedErrorCount,
    permissions,
    urls: {
      location: specLocation(config, spec),
      app: `${config.appUrl}/o/${spec.organizationId}/openapi/${encodeURIComponent(spec.slug)}`,
      ...(published !== null ? { published } : {}),
    },
  };
}

/**
 * The version's OpenAPISpecVersion. Its `url` is where its text is read: the URL it was fetched from, or
 * for a submitted text Folio's `…/versions/{id}/content/raw` (an addition beside the spec's `latest` one).
 */
export function openapiSpecVersionResource(config: Urls, spec: OpenAPISpecDoc, version: OpenAPISpecVersionDoc) {
  const location = `${specLocation(config, spec)}/versions/${version.id}`;
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: version.createdAt,
    url: version.sourceURL ?? `${location}/content/raw`,
    urls: { location },
  };
}

export type OpenAPISpecResource = ReturnType<typeof openapiSpecResource>;
export type OpenAPISpecVersionResource = ReturnType<typeof openapiSpecVersionResource>;
