import { CatalogueEntry, EventData, pick } from './catalogue-entry';

/**
 * The content context's OpenAPI spec events (OpenAPISpecEvent), by the fields they carry. A version is
 * announced by id and OpenAPI version, never its text or source; a processing that failed by its error
 * code and count (a successful one is announced as its version). Submissions are left out.
 */
const spec = (d: EventData) => pick(d, 'specId', 'slug');

function processingFailed(d: EventData): EventData | null {
  const outcome = typeof d.outcome === 'object' && d.outcome !== null ? (d.outcome as EventData) : null;
  if (!outcome || outcome.ok !== false) return null;
  return { ...pick(d, 'specId', 'submissionId'), ...pick(outcome, 'errorCode', 'errorCount') };
}

export const OPENAPI_SPEC_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['OpenAPISpecCreated', { name: 'openapi_spec.created', view: (d) => ({ ...spec(d), ...pick(d, 'createdBy') }) }],
  ['OpenAPISpecVersionAdded', { name: 'openapi_spec.version_added', view: (d) => ({ ...spec(d), ...pick(d, 'versionId', 'openapiVersion') }) }],
  ['OpenAPISpecProcessed', { name: 'openapi_spec.processing_failed', view: processingFailed }],
  ['OpenAPISpecVisibilityChanged', { name: 'openapi_spec.visibility_changed', view: (d) => ({ ...spec(d), ...pick(d, 'visibility', 'before') }) }],
  ['OpenAPISpecDeleted', { name: 'openapi_spec.deleted', view: (d) => ({ ...spec(d), ...pick(d, 'deletedBy') }) }],
] satisfies [string, CatalogueEntry][]);
