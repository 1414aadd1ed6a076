import { Inject, Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { parseSpec } from './parse-spec';
import { SpecParse } from './spec-parse';

/**
 * How long parsing and validating one document may take in a thread. A 5 MB document takes 1 to 2.5 s,
 * JSON or YAML (bench/openapi-parse.ts); past this the text is refused (TooLarge) and the thread ended.
 */
export const SPEC_PARSE_TIME_LIMIT_MS = 60_000;

/** Resolved when first needed: tests that parse on the calling thread never need the build. */
const worker = () => workerFile(__dirname, 'spec.worker');

/**
 * Parsing and validating an OpenAPI document's text (parseSpec), always in a worker thread of the
 * platform's WorkerPool: even a small document's validation compiles the OpenAPI schema, tens of
 * milliseconds the event loop should not hold. Without a pool (null: unit tests of the code that uses it)
 * it is done on the calling thread.
 */
@Injectable()
export class SpecParsing {
  constructor(@Inject(WorkerPool) private readonly pool: WorkerPool | null) {}

  parse(text: string): Promise<SpecParse> {
    if (!this.pool) return parseSpec(text);
    return this.pool.run<SpecParse>(worker(), 'parse', text, { what: 'Parsing the OpenAPI document', timeoutMs: SPEC_PARSE_TIME_LIMIT_MS });
  }
}
