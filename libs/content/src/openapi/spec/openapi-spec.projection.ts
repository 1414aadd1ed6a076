import { comparePositions } from '@folio/platform/event-store/event-store.port';
import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { SpecFormat, SpecProblem } from '../parsing/spec-parse';
import { OpenAPISpecEvent, OpenAPISpecVisibility, ProcessErrorCode, StoredBytes } from './openapi-spec.events';

export const OPENAPI_SPECS = 'openapiSpecs';
export const OPENAPI_SPEC_VERSIONS = 'openapiSpecVersions';

/** One document per live spec, keyed by its id; found by `slugKey` (the slug case-folded, as its reservation is). */
export interface OpenAPISpecDoc {
  id: string;
  organizationId: string;
  slug: string;
  slugKey: string;
  createdAt: string;
  updatedAt: string;
  /** The latest submission's URL; absent when it was a text. */
  sourceURL?: string;
  processingState: 'pending' | 'progress' | 'complete';
  visibility: OpenAPISpecVisibility;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: ProcessErrorCode;
  lastProcessedErrors?: SpecProblem[];
  lastProcessedErrorCount: number;
  /** Log position of the last event applied: a replayed one changes nothing. */
  logPosition: string;
  [key: string]: unknown;
}

/** One document per version, keyed by its id. */
export interface OpenAPISpecVersionDoc {
  id: string;
  specId: string;
  organizationId: string;
  createdAt: string;
  text: StoredBytes;
  format: SpecFormat;
  openapiVersion: string;
  document: StoredBytes;
  sourceURL?: string;
  [key: string]: unknown;
}

export const slugKey = (slug: string) => slug.toLowerCase();

/** The spec's document, changed by `changes` unless the event was applied already (or the spec is gone). */
async function update(tx: ReadTransaction, specId: string, position: string, changes: Partial<OpenAPISpecDoc>) {
  const doc = await tx.get<OpenAPISpecDoc>(OPENAPI_SPECS, specId);
  if (!doc || comparePositions(position, doc.logPosition) <= 0) return;
  await tx.patch(OPENAPI_SPECS, specId, { ...changes, logPosition: position });
}

/**
 * The organizations' OpenAPI specs and their versions (newest first by `createdAt`), from the specs'
 * streams. A deleted spec takes its versions along (their stored objects stay: the store counts no references).
 */
export const openapiSpecProjection = defineProjection<OpenAPISpecEvent>(
  'content-openapi-specs',
  [
    { name: OPENAPI_SPECS, indexes: [['organizationId', 'slugKey'], ['organizationId', 'createdAt']] },
    { name: OPENAPI_SPEC_VERSIONS, indexes: [['specId', 'createdAt']] },
  ],
  {
    OpenAPISpecCreated: async ({ data, position }, tx) => {
      if (await tx.get(OPENAPI_SPECS, data.specId)) return;
      const doc: OpenAPISpecDoc = {
        id: data.specId,
        organizationId: data.organizationId,
        slug: data.slug,
        slugKey: slugKey(data.slug),
        createdAt: data.createdAt,
        updatedAt: data.createdAt,
        processingState: 'pending',
        visibility: 'private',
        lastProcessedErrorCount: 0,
        logPosition: position,
      };
      await tx.upsert(OPENAPI_SPECS, doc);
    },
    OpenAPISpecSubmitted: ({ data, position }, tx) =>
      update(tx, data.specId, position, {
        sourceURL: data.source.kind === 'url' ? data.source.url : undefined,
        processingState: 'pending',
        updatedAt: data.submittedAt,
      }),
    OpenAPISpecProcessingStarted: ({ data, position }, tx) => update(tx, data.specId, position, { processingState: 'progress' }),
    OpenAPISpecVersionAdded: async ({ data, position }, tx) => {
      const version: OpenAPISpecVersionDoc = {
        id: data.versionId,
        specId: data.specId,
        organizationId: data.organizationId,
        createdAt: data.createdAt,
        text: data.text,
        format: data.format,
        openapiVersion: data.openapiVersion,
        document: data.document,
        ...(data.sourceURL !== undefined ? { sourceURL: data.sourceURL } : {}),
      };
      await tx.upsert(OPENAPI_SPEC_VERSIONS, version);
      await update(tx, data.specId, position, { lastVersion: data.versionId, updatedAt: data.createdAt });
    },
    OpenAPISpecProcessed: ({ data: { specId, outcome, processedAt }, position }, tx) =>
      update(tx, specId, position, {
        processingState: 'complete',
        lastProcessedAt: processedAt,
        updatedAt: processedAt,
        lastProcessErrorCode: outcome.ok ? undefined : outcome.errorCode,
        lastProcessedErrors: outcome.ok ? undefined : outcome.errors,
        lastProcessedErrorCount: outcome.ok ? 0 : outcome.errorCount,
      }),
    OpenAPISpecVisibilityChanged: ({ data, position }, tx) => update(tx, data.specId, position, { visibility: data.visibility, updatedAt: data.changedAt }),
    OpenAPISpecDeleted: async ({ data }, tx) => {
      await tx.delete(OPENAPI_SPECS, data.specId);
      await tx.deleteMany(OPENAPI_SPEC_VERSIONS, { specId: data.specId });
    },
  },
);
