import { openapiBlockKey, OpenAPIBlockRequest } from '../openapi/blocks/openapi-block';
import { LatestSpecContent, OpenAPISpecContents } from '../openapi/spec-contents';
import { MAX_PRINTED_OPENAPI_BLOCKS, OpenAPIPrintouts } from './openapi-printouts';

/** One spec, `hooks`, of the organization `o1`, with a webhook per name asked; reads are counted. */
class HookSpecs extends OpenAPISpecContents {
  reads = 0;

  async resolvable(): Promise<Set<string>> {
    throw new Error('the PDF reads the specs’ documents');
  }

  async latest(organizationId: string, slug: string): Promise<LatestSpecContent | null> {
    this.reads++;
    if (organizationId !== 'o1' || slug !== 'hooks') return null;
    const webhooks = Object.fromEntries(Array.from({ length: MAX_PRINTED_OPENAPI_BLOCKS + 5 }, (_, i) => [`h${i}`, { post: { summary: `Hook ${i}` } }]));
    return { specId: 's1', slug, versionId: 'v1', visibility: 'private', document: { openapi: '3.1.0', webhooks } };
  }
}

const hook = (i: number): OpenAPIBlockRequest => ({ type: 'openapi-webhook', spec: 'hooks', name: `h${i}`, method: 'post' });

describe('OpenAPIPrintouts', () => {
  it('reads each spec once per PDF and describes each distinct block once, up to its limit; the rest say so', async () => {
    const specs = new HookSpecs();
    const printouts = new OpenAPIPrintouts(specs, 'o1');
    const first = await printouts.of([hook(0), hook(0), hook(1)]);
    expect([...first.keys()]).toEqual([openapiBlockKey(hook(0)), openapiBlockKey(hook(1))]);
    expect(first.get(openapiBlockKey(hook(1)))).toMatchObject({ kind: 'operation', title: 'Webhook h1: POST', summary: 'Hook 1' });

    const rest = Array.from({ length: MAX_PRINTED_OPENAPI_BLOCKS + 3 }, (_, i) => hook(i));
    const page = await printouts.of(rest);
    // The blocks already described keep their printout; the first past the limit is not described.
    expect(page.get(openapiBlockKey(hook(0)))).toBe(first.get(openapiBlockKey(hook(0))));
    expect(page.get(openapiBlockKey(hook(MAX_PRINTED_OPENAPI_BLOCKS - 1)))).toMatchObject({ kind: 'operation' });
    expect(page.get(openapiBlockKey(hook(MAX_PRINTED_OPENAPI_BLOCKS)))).toEqual({
      kind: 'unavailable',
      message: `A PDF describes at most ${MAX_PRINTED_OPENAPI_BLOCKS} OpenAPI blocks: this one is not.`,
    });
    expect(specs.reads).toBe(1);
  });

  it('asks for the specs of the PDF’s organization: a slug it has not is one line', async () => {
    const printout = (await new OpenAPIPrintouts(new HookSpecs(), 'o2').of([hook(0)])).get(openapiBlockKey(hook(0)));
    expect(printout).toEqual({ kind: 'unavailable', message: 'The OpenAPI spec "hooks" is not available: the organization has no processed spec of that name.' });
  });
});
