import { validationProblems } from '@folio/content/openapi/parsing/spec-validation';
import { DOCS_PATH, OPENAPI_PATH } from '@folio/platform/http/api-docs/api-docs';
import { knownRoutes } from '@folio/platform/http/method-not-allowed';
import { startServer, TestServer } from '../support/server';

type Operation = { operationId: string; tags?: string[]; security?: unknown[]; parameters?: Schema[]; requestBody?: Schema; responses: Record<string, unknown> };
type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(document: Document): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method): [string, Operation] => [`${method.toUpperCase()} ${path}`, item[method]]),
  );
}

describe("Folio's own API description", () => {
  let server: TestServer;
  let document: Document;
  let byRoute: Map<string, Operation>;
  beforeAll(async () => {
    server = await startServer();
    const response = await fetch(`${server.url}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
    byRoute = new Map(operations(document));
  }, 60_000);
  afterAll(() => server.stop());

  it('is an OpenAPI 3.1 document the specs feature finds valid, served with no token', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(await validationProblems(document, document.openapi)).toEqual([]);
  }, 60_000);

  it('answers the same text again', async () => {
    const again = await fetch(`${server.url}${OPENAPI_PATH}`);
    expect(await again.text()).toBe(JSON.stringify(document));
  });

  it('describes every route Nest maps, by method and path template, and nothing else', () => {
    // Fastify's own table of what it serves (HEAD is Fastify's echo of each GET), less the docs themselves.
    const served = knownRoutes(server.app.getHttpAdapter().getInstance())
      .filter(({ method, url }) => method !== 'HEAD' && url !== OPENAPI_PATH && url !== DOCS_PATH && !url.startsWith(`${DOCS_PATH}/`))
      // A trailing wildcard is templated as path-to-regexp names it.
      .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}')}`);
    expect(served.length).toBeGreaterThan(200);
    expect([...byRoute.keys()].sort()).toEqual([...new Set(served)].sort());
  });

  it('names each operation once, <Controller>_<method>, tagged with its controller', () => {
    const ids = [...byRoute.values()].map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(byRoute.get('POST /v1/orgs/{organizationId}/spaces')).toMatchObject({ operationId: 'SpaceController_create', tags: ['Space'] });
    for (const operation of byRoute.values()) expect(operation.tags).toHaveLength(1);
  });

  it('asks for the bearer token everywhere but on the public routes', () => {
    expect((document as unknown as Schema).components.securitySchemes.token).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect((document as unknown as Schema).security).toEqual([{ token: [] }]);
    expect(byRoute.get('GET /health')?.security).toEqual([]);
    expect(byRoute.get('GET /v1/user')?.security).toBeUndefined();
  });

  it('describes path parameters, query parameters and bodies from the DTOs and their validation rules', () => {
    const list = byRoute.get('GET /v1/orgs/{organizationId}/spaces')!;
    expect(list.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'organizationId', in: 'path', required: true }),
        expect.objectContaining({ name: 'page', in: 'query', required: false, schema: expect.objectContaining({ type: 'string', maxLength: 1024 }) }),
        expect.objectContaining({ name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 1000 }) }),
      ]),
    );
    const create = byRoute.get('POST /v1/orgs/{organizationId}/spaces')!;
    expect(create.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateSpaceBody' });
    const body = document.components.schemas.CreateSpaceBody;
    expect(body.required ?? []).toEqual([]);
    expect(body.properties.title).toEqual(expect.objectContaining({ type: 'string', maxLength: 50 }));
    expect(body.properties.editMode).toEqual(expect.objectContaining({ enum: ['live', 'locked'] }));
    expect(body.properties.language.enum).toContain('pt-br');
    // `@IsOptional` takes null (3.1 says so with a type list), `@IsOptionalNonNull` does not; nested DTOs by reference.
    const update = document.components.schemas.UpdateSpaceBody;
    expect(update.properties.emoji).toEqual({ type: ['string', 'null'], maxLength: 50 });
    expect(update.properties.title).toEqual({ type: 'string', maxLength: 50 });
    expect(update.properties.mergeRules).toEqual({ $ref: '#/components/schemas/InheritableMergeRulesBody' });
    // Every body a route declares has properties: none is an empty shell for want of metadata.
    const named = [...byRoute.values()].flatMap((op) => {
      const ref = op.requestBody?.content?.['application/json']?.schema?.$ref as string | undefined;
      return ref ? [ref.split('/').pop()!] : [];
    });
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => Object.keys(document.components.schemas[name].properties ?? {}).length === 0)).toEqual([]);
  });

  it('gives each operation its success status', () => {
    expect(Object.keys(byRoute.get('POST /v1/orgs/{organizationId}/spaces')!.responses)).toEqual(['201']);
    expect(Object.keys(byRoute.get('DELETE /v1/spaces/{spaceId}')!.responses)).toEqual(['204']);
    expect(Object.keys(byRoute.get('POST /v1/spaces/{spaceId}/restore')!.responses)).toEqual(['200']);
  });

  it('serves the docs UI at /docs from its own assets, no other host', async () => {
    const page = await fetch(`${server.url}${DOCS_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const references = [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(references).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-ui-bundle\.js$/), expect.stringMatching(/swagger-ui\.css$/)]));
    const expected: Array<[RegExp, RegExp]> = [
      [/\.js$/, /^application\/javascript/],
      [/\.css$/, /^text\/css/],
      [/\.png$/, /^image\/png/],
    ];
    for (const reference of references) {
      const url = new URL(reference, `${server.url}${DOCS_PATH}`); // as the browser resolves it, against the page
      expect(url.origin).toBe(server.url);
      expect(url.pathname.startsWith(`${DOCS_PATH}/`)).toBe(true);
      const asset = await fetch(url);
      expect([reference, asset.status]).toEqual([reference, 200]);
      const type = expected.find(([extension]) => extension.test(url.pathname))?.[1];
      expect(asset.headers.get('content-type')).toMatch(type ?? /./);
      const text = await asset.text();
      if (url.pathname.endsWith('swagger-ui-init.js')) expect(text).toContain('"SpaceController_create"');
    }
  }, 30_000);
});
