import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { WorkerPool } from '@folio/platform/workers/worker-pool';
import { CATALOG_31_YAML, HOLDS_30_JSON } from '../../testing/openapi-documents';
import { parseSpec } from './parse-spec';
import { SpecParsing } from './spec-parsing';

// Worker threads run the built code: build it when a source is newer (as the e2e setup does).
const BUILD_TIMEOUT_MS = 300_000;

describe('SpecParsing', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    execFileSync(process.execPath, [join(__dirname, '../../../../../scripts/build-if-needed.js')], { stdio: 'inherit' });
  }, BUILD_TIMEOUT_MS);
  beforeEach(() => (pool = new WorkerPool({ threads: 1, maxQueue: 2 })));
  afterEach(() => pool.close());

  it('parses a document in a worker thread of the pool, answering what parseSpec answers', async () => {
    const run = jest.spyOn(pool, 'run');
    const parse = await new SpecParsing(pool).parse(CATALOG_31_YAML);
    expect(run).toHaveBeenCalledWith(expect.stringMatching(/dist\/libs\/content\/src\/openapi\/parsing\/spec\.worker\.js$/), 'parse', CATALOG_31_YAML, expect.objectContaining({ timeoutMs: 60_000 }));
    expect(parse).toEqual(await parseSpec(CATALOG_31_YAML));
    expect(parse).toMatchObject({ ok: true, format: 'yaml', openapiVersion: '3.1.0' });
  }, 30_000);

  it("brings a document's problems back from the thread", async () => {
    const text = HOLDS_30_JSON.replace('"$ref": "#/components/schemas/Hold" }', '"$ref": "#/components/schemas/Pet" }');
    expect(await new SpecParsing(pool).parse(text)).toEqual({
      ok: false,
      format: 'json',
      errorCount: 1,
      errors: [expect.objectContaining({ code: 'missing-ref', path: '/paths/~1holds/post/responses/201/content/application~1json/schema/$ref' })],
    });
  }, 30_000);

  it('parses on the calling thread without a pool', async () => {
    expect(await new SpecParsing(null).parse(HOLDS_30_JSON)).toMatchObject({ ok: true, format: 'json', openapiVersion: '3.0.3' });
  });
});
