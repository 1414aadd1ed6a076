/**
 * What parsing an OpenAPI document answers (parse-spec.ts computes it, in a worker thread through
 * SpecParsing): the document as parsed, or the problems that make it unusable, each saying what is wrong
 * and where (the JSON path and, where the text has lines, the line) as far as the parser tells.
 */
export type SpecFormat = 'json' | 'yaml';

/** One problem with a document: the spec's OpenAPIErrorObject (`message`, `code`) and where it is. */
export interface SpecProblem {
  message: string;
  /** A stable code for the kind of problem (`invalid-syntax`, `missing-ref`, `schema`, `external-ref`, …). */
  code?: string;
  /** JSON pointer of the offending value (`/paths/~1pets/get/responses`), when known. */
  path?: string;
  /** 1-based line in the text, when known. */
  line?: number;
}

/** At most this many problems are kept (OpenAPISpec.lastProcessedErrors); `errorCount` counts them all. */
export const MAX_REPORTED_PROBLEMS = 20;

export type SpecParse =
  | {
      ok: true;
      format: SpecFormat;
      /** `2.0`, `3.0.x` or `3.1.x`, as the document declares it. */
      openapiVersion: string;
      /** The document as parsed (its `$ref`s kept, each local one checked to resolve): the version's `filesystem`. */
      document: Record<string, unknown>;
    }
  | { ok: false; format: SpecFormat | null; errors: SpecProblem[]; errorCount: number };
