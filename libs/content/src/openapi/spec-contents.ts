/** The processed content of an organization's OpenAPI spec, as a page's OpenAPI blocks use it. */
export interface LatestSpecContent {
  specId: string;
  slug: string;
  /** The latest version that parsed. */
  versionId: string;
  visibility: 'private' | 'public';
  /** That version's parsed document. */
  document: Record<string, unknown>;
}

/**
 * The specs a page's `openapi-*` blocks name by slug, resolved in the page's organization: what the
 * links read (an unknown slug is a `broken` link) and the PDF (an operation printed from the document)
 * ask. Implemented by the specs' reads (openapi/), used by links/ and pdf/.
 */
export abstract class OpenAPISpecContents {
  /** The slugs among `slugs` that name a spec of the organization with a processed version. */
  abstract resolvable(organizationId: string, slugs: readonly string[]): Promise<Set<string>>;
  /** The spec's latest processed version and its document; null for an unknown slug or a spec not processed yet. */
  abstract latest(organizationId: string, slug: string): Promise<LatestSpecContent | null>;
}
