// Parsing and validating a 5 MB OpenAPI document (generated here: many paths, each reading and writing its
// own schema, which refers to another and to itself) through SpecParsing, in a worker thread as a spec's
// processing does. Target: under 3 s, as JSON and as YAML (a larger document: YAML is terser, so the same
// document is a third shorter in YAML; this one's YAML text is 5 MB).
import { performance } from 'node:perf_hooks';
import { stringify as stringifyYaml } from 'yaml';
import { WorkerPool } from '@folio/platform/workers/worker-pool';
import { SpecParsing } from '@folio/content/openapi/parsing/spec-parsing';
import { runAlone } from './alone';
import { ms, num } from './report';

export const OPENAPI_PARSE_TARGET_MS = 3_000;
const DOCUMENT_BYTES = 5_000_000;
const RUNS = 3;

export interface OpenAPIParseFigures {
  jsonBytes: number;
  yamlBytes: number;
  jsonPaths: number;
  yamlPaths: number;
  /** Each run's time, the first one included (it starts the thread). */
  jsonMs: number[];
  yamlMs: number[];
  /** Each run's CPU time of the process (the thread's, the waiting main thread's being nil): the machine's load aside. */
  jsonCpuMs: number[];
  yamlCpuMs: number[];
}

/** A valid OpenAPI 3.0 document whose JSON text (two-space indented) is about `bytes` long (at least, by up to 100 paths). */
export function bigOpenAPIDocument(bytes: number): { paths: Record<string, unknown> } & Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  const document = { openapi: '3.0.3', info: { title: 'Generated warehouse API', version: '1.0.0' }, paths, components: { schemas } };
  for (let index = 0; JSON.stringify(document, null, 2).length < bytes; ) {
    for (const end = index + 100; index < end; index++) {
      const name = `Item${index}`;
      const ref = { $ref: `#/components/schemas/${name}` };
      const json = { 'application/json': { schema: ref } };
      schemas[name] = {
        type: 'object',
        required: ['id'],
        description: `Stock item ${index}, counted per warehouse and shelf.`,
        properties: {
          id: { type: 'string', format: 'uuid' },
          label: { type: 'string', maxLength: 200 },
          quantity: { type: 'integer', minimum: 0 },
          tags: { type: 'array', items: { type: 'string' } },
          replaces: ref,
          related: { $ref: `#/components/schemas/Item${Math.max(0, index - 1)}` },
        },
      };
      paths[`/items${index}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: `getItem${index}`,
          parameters: [{ name: 'expand', in: 'query', schema: { type: 'boolean' } }],
          responses: { '200': { description: 'The item', content: json }, '404': { description: 'No such item' } },
        },
        put: { operationId: `putItem${index}`, requestBody: { required: true, content: json }, responses: { '200': { description: 'Updated', content: json } } },
      };
    }
  }
  return document;
}

async function timed(parsing: SpecParsing, text: string): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const parse = await parsing.parse(text);
    const used = process.cpuUsage(cpuStart);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
    if (!parse.ok) throw new Error(`the generated document did not parse: ${JSON.stringify(parse.errors.slice(0, 3))}`);
  }
  return { wall, cpu };
}

const asYaml = (document: unknown) => stringifyYaml(document, { aliasDuplicateObjects: false });

/** A document whose YAML text is at least `bytes` long: its JSON is sized by the JSON-to-YAML ratio of a small one (writing YAML is too slow to size by trial). */
function bigYamlDocument(bytes: number): { document: ReturnType<typeof bigOpenAPIDocument>; yaml: string } {
  const sample = bigOpenAPIDocument(200_000);
  let jsonBytes = (bytes * JSON.stringify(sample, null, 2).length) / asYaml(sample).length;
  for (;;) {
    const document = bigOpenAPIDocument(jsonBytes);
    const yaml = asYaml(document);
    if (yaml.length >= bytes) return { document, yaml };
    jsonBytes *= 1.02;
  }
}

export async function measureOpenAPIParse(): Promise<OpenAPIParseFigures> {
  const document = bigOpenAPIDocument(DOCUMENT_BYTES);
  const json = JSON.stringify(document, null, 2);
  const { document: yamlDocument, yaml } = bigYamlDocument(DOCUMENT_BYTES);
  const pool = new WorkerPool({ threads: 1, maxQueue: 1 });
  try {
    const parsing = new SpecParsing(pool);
    const fromJson = await timed(parsing, json);
    const fromYaml = await timed(parsing, yaml);
    return {
      jsonBytes: json.length,
      yamlBytes: yaml.length,
      jsonPaths: Object.keys(document.paths).length,
      yamlPaths: Object.keys(yamlDocument.paths).length,
      jsonMs: fromJson.wall,
      yamlMs: fromYaml.wall,
      jsonCpuMs: fromJson.cpu,
      yamlCpuMs: fromYaml.cpu,
    };
  } finally {
    await pool.close();
  }
}

export function openAPIParseReport({ jsonBytes, yamlBytes, jsonPaths, yamlPaths, jsonMs, yamlMs, jsonCpuMs, yamlCpuMs }: OpenAPIParseFigures): string {
  const runs = (times: number[], cpu: number[]) => times.map((time, run) => `${ms(time)} (CPU ${ms(cpu[run])})`).join(', ');
  return [
    `OpenAPI parse — in a worker thread (${RUNS} runs, the first starts the thread), target: under ${num(OPENAPI_PARSE_TARGET_MS)} ms:`,
    `  JSON, ${num(jsonBytes / 1e6, 1)} MB, ${num(jsonPaths)} paths: ${runs(jsonMs, jsonCpuMs)}`,
    `  YAML, ${num(yamlBytes / 1e6, 1)} MB, ${num(yamlPaths)} paths: ${runs(yamlMs, yamlCpuMs)}`,
  ].join('\n');
}

// Alone: `node dist/bench/openapi-parse.js` after a build.
if (require.main === module) runAlone('openapi-parse', measureOpenAPIParse, openAPIParseReport);
