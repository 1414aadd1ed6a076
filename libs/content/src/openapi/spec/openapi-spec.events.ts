import { SpecFormat, SpecProblem } from '../parsing/spec-parse';

/**
 * An organization's OpenAPI spec, one stream per spec. A write records a submission (its source: a URL
 * to fetch, or a text already in the content-object store) and the processor (spec-processing.ts)
 * records what became of it: started, then processed, with a new version when the text parsed and
 * differs from the latest version's. Events carry object hashes, never the bytes of a text or document.
 */

/** Where the content-object store holds a text or a document (storeFileBytes: chunked past 4 MiB). */
export type StoredBytes = { object: string; size: number; chunked?: true };

/** What a write submitted: a URL (its text known once fetched), or a text already stored. */
export type SpecSource = { kind: 'url'; url: string } | { kind: 'text'; text: StoredBytes };

export type OpenAPISpecVisibility = 'private' | 'public';

export type ProcessErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';

/** A processing's result: a text that parsed (its stored text and document), or why none did. */
export type ProcessOutcome =
  | { ok: true; text: StoredBytes; format: SpecFormat; openapiVersion: string; document: StoredBytes }
  | { ok: false; errorCode: ProcessErrorCode; errors: SpecProblem[]; errorCount: number };

type SpecRef = { specId: string; organizationId: string };

export type OpenAPISpecEvent =
  | { type: 'OpenAPISpecCreated'; data: SpecRef & { slug: string; createdBy: string; createdAt: string } }
  | { type: 'OpenAPISpecSubmitted'; data: SpecRef & { submissionId: string; source: SpecSource; submittedBy: string; submittedAt: string } }
  | { type: 'OpenAPISpecProcessingStarted'; data: SpecRef & { submissionId: string; startedAt: string } }
  | {
      type: 'OpenAPISpecVersionAdded';
      data: SpecRef & {
        versionId: string;
        submissionId: string;
        slug: string;
        text: StoredBytes;
        format: SpecFormat;
        openapiVersion: string;
        document: StoredBytes;
        /** The URL the text was fetched from; absent for a submitted text. */
        sourceURL?: string;
        createdAt: string;
      };
    }
  | { type: 'OpenAPISpecProcessed'; data: SpecRef & { submissionId: string; outcome: ProcessOutcome; processedAt: string } }
  | { type: 'OpenAPISpecVisibilityChanged'; data: SpecRef & { slug: string; visibility: OpenAPISpecVisibility; before: OpenAPISpecVisibility; changedBy: string; changedAt: string } }
  | { type: 'OpenAPISpecDeleted'; data: SpecRef & { slug: string; deletedBy: string; deletedAt: string } };

export const openapiSpecStream = (specId: string) => `openapiSpec-${specId}`;
