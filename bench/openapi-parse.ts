// Parsing and validating a 5 MB OpenAPI document (generated here: many paths, each reading and writing its
// own schema, which refers to another and to itself) through SpecParsing, in a worker thread as a spec's
// processing does. Target: under 3 s, as JSON; the same document as YAML is reported beside it.
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
  paths: number;
  /** Each run's time, the first one included (it starts the thread). */
  jsonMs: number[];
  yamlMs: number[];
  /** Each run's CPU time of the process (the thread's, the waiting main thread's being nil): the machine's load aside. */
  jsonCpuMs: number[];
  yamlCpuMs: number[];
}

/** A valid OpenAPI 3.0 document whose JSON text (two-space indented) is about `bytes` long. */
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

export async function measureOpenAPIParse(): Promise<OpenAPIParseFigures> {
  const document = bigOpenAPIDocument(DOCUMENT_BYTES);
  const json = JSON.stringify(document, null, 2);
  const yaml = stringifyYaml(document, { aliasDuplicateObjects: false });
  const pool = new WorkerPool({ threads: 1, maxQueue: 1 });
  try {
    const parsing = new SpecParsing(pool);
    const asJson = await timed(parsing, json);
    const asYaml = await timed(parsing, yaml);
    return { jsonBytes: json.length, yamlBytes: yaml.length, paths: Object.keys(document.paths).length, jsonMs: asJson.wall, yamlMs: asYaml.wall, jsonCpuMs: asJson.cpu, yamlCpuMs: asYaml.cpu };
  } finally {
    await pool.close();
  }
}

export function openAPIParseReport({ jsonBytes, yamlBytes, paths, jsonMs, yamlMs, jsonCpuMs, yamlCpuMs }: OpenAPIParseFigures): string {
  const runs = (times: number[], cpu: number[]) => times.map((time, run) => `${ms(time)} (CPU ${ms(cpu[run])})`).join(', ');
  return [
    `OpenAPI parse — ${num(paths)} paths, in a worker thread (${RUNS} runs, the first starts the thread):`,
    `  JSON, ${num(jsonBytes / 1e6, 1)} MB: ${runs(jsonMs, jsonCpuMs)} (target: under ${num(OPENAPI_PARSE_TARGET_MS)} ms)`,
    `  YAML, ${num(yamlBytes / 1e6, 1)} MB (the same document): ${runs(yamlMs, yamlCpuMs)}`,
  ].join('\n');
}

// Alone: `node dist/bench/openapi-parse.js` after a build.
if (require.main === module) runAlone('openapi-parse', measureOpenAPIParse, openAPIParseReport);
