// An OpenAPI spec of 5 MB created through the API (`POST /v1/orgs/{id}/openapi` with its text), timed from
// the request until the spec reads `processingState: complete`: what a team waits for after an upload.
// The processor stores the text, parses it in a worker (SpecParsing), stores the document and records a
// version. Target: under 3 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { killAll } from './children';
import { createOrganization, startFolio } from './folio';
import { ms } from './report';

export const OPENAPI_TARGET_MS = 3000;
const TARGET_BYTES = 5_000_000;
const RUNS = 3;
/** How often the bench asks whether the processing is done: small beside the target. */
const POLL_MS = 10;

export interface OpenAPIProcessingFigures {
  bytes: number;
  paths: number;
  runsMs: number[];
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/**
 * An OpenAPI 3.0 JSON document of about `bytes`: resources each with a list, a get and a schema using a
 * shared one by `$ref`, as a large real API is (many operations, local references throughout). `run`
 * makes each document's text differ.
 */
export function generatedSpec(bytes: number, run: number): { text: string; paths: number } {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { Error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } } };
  const document = { openapi: '3.0.3', info: { title: `Bench API ${run}`, version: '1.0.0' }, paths, components: { schemas } };
  let size = JSON.stringify(document).length;
  let n = 0;
  while (size < bytes) {
    const name = `Resource${n}`;
    const error = { description: 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    const one = { description: `One ${name}`, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    paths[`/resources-${n}`] = {
      get: { operationId: `list${name}`, parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 1000 } }], responses: { '200': one, default: error } },
    };
    paths[`/resources-${n}/{id}`] = {
      get: { operationId: `get${name}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': one, '404': error } },
    };
    schemas[name] = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, title: { type: 'string', maxLength: 200 }, createdAt: { type: 'string', format: 'date-time' } } };
    size += JSON.stringify(paths[`/resources-${n}`]).length + JSON.stringify(paths[`/resources-${n}/{id}`]).length + JSON.stringify(schemas[name]).length + 80;
    n++;
  }
  return { text: JSON.stringify(document, null, 1), paths: 2 * n };
}

export async function measureOpenAPIProcessing(tempDir: string): Promise<OpenAPIProcessingFigures> {
  const folio = await startFolio(join(tempDir, 'openapi-processing'));
  const organizationId = await createOrganization(folio, 'Bench OpenAPI');
  const runsMs: number[] = [];
  let figures = { bytes: 0, paths: 0 };
  try {
    for (let run = 0; run < RUNS; run++) {
      const { text, paths } = generatedSpec(TARGET_BYTES, run);
      figures = { bytes: Buffer.byteLength(text), paths };
      log(`OpenAPI processing: run ${run + 1} of ${RUNS}, ${figures.bytes} bytes, ${paths} paths`);
      const slug = `bench-${run}`;
      const started = performance.now();
      await folio.call('POST', `/v1/orgs/${organizationId}/openapi`, { slug, source: { text } });
      for (;;) {
        const spec = JSON.parse((await folio.call('GET', `/v1/orgs/${organizationId}/openapi/${slug}`)).text) as { processingState: string; lastProcessErrorCode?: string; lastProcessedErrors?: unknown };
        if (spec.processingState === 'complete') {
          if (spec.lastProcessErrorCode) throw new Error(`the bench's spec did not process: ${spec.lastProcessErrorCode} ${JSON.stringify(spec.lastProcessedErrors)}`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      runsMs.push(performance.now() - started);
    }
  } finally {
    await folio.stop();
  }
  return { ...figures, runsMs };
}

export function openAPIProcessingReport({ bytes, paths, runsMs }: OpenAPIProcessingFigures): string {
  const median = [...runsMs].sort((a, b) => a - b)[Math.floor(runsMs.length / 2)];
  return `OpenAPI processing — a ${(bytes / 1e6).toFixed(1)} MB spec (${paths} paths) created through the API until complete: median ${ms(median)} of ${runsMs.map(ms).join(', ')} (target: under ${ms(OPENAPI_TARGET_MS)})`;
}

if (require.main === module) {
  const tempDir = mkdtempSync(join(tmpdir(), 'folio-bench-openapi-'));
  measureOpenAPIProcessing(tempDir)
    .then((figures) => process.stdout.write(openAPIProcessingReport(figures) + '\n'))
    .catch((error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => {
      killAll();
      rmSync(tempDir, { recursive: true, force: true });
    });
}
