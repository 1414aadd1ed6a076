/**
 * The audit trail of organizations' OpenAPI specs, a content aggregate. Identity records them from the
 * log as it does sites: it names only the fields it reads of those events (never renamed, by the house
 * rules), so it needs nothing of the content context. Every action targets the spec and names its slug;
 * a new version is an action (what readers of the spec see changes), its processing's other steps are not.
 */
interface OpenAPISpecData {
  specId: string;
  slug?: string;
  [field: string]: unknown;
}

type Change = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type Entry = { action: string; describe: (data: OpenAPISpecData) => Change };

const ENTRIES: Record<string, Entry> = {
  OpenAPISpecCreated: { action: 'openapi_spec.created', describe: (d) => ({ before: null, after: { slug: d.slug, visibility: 'private' } }) },
  OpenAPISpecVersionAdded: {
    action: 'openapi_spec.version_added',
    describe: (d) => ({ before: null, after: { slug: d.slug, versionId: d.versionId, openapiVersion: d.openapiVersion, ...(d.sourceURL !== undefined ? { sourceURL: d.sourceURL } : {}) } }),
  },
  OpenAPISpecVisibilityChanged: {
    action: 'openapi_spec.visibility_changed',
    describe: (d) => ({ before: { slug: d.slug, visibility: d.before }, after: { slug: d.slug, visibility: d.visibility } }),
  },
  OpenAPISpecDeleted: { action: 'openapi_spec.deleted', describe: (d) => ({ before: { slug: d.slug }, after: null }) },
};

/** The OpenAPI spec event types the audit records, with their action names and what each changed. */
export const OPENAPI_SPEC_AUDIT = Object.fromEntries(
  Object.entries(ENTRIES).map(([type, { action, describe }]) => [
    type,
    { action, describe: (data: OpenAPISpecData) => ({ targetType: 'openapi-spec', targetId: data.specId, ...describe(data) }) },
  ]),
);
