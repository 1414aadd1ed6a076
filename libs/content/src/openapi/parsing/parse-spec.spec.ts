import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { BRANCHES_20_JSON, CATALOG_31_YAML, HOLDS_30_JSON } from '@folio/content/testing/openapi-documents';
import { childOf, segmentsOf } from './json-pointer';
import { parseSpec } from './parse-spec';
import { MAX_REPORTED_PROBLEMS, SpecParse, SpecProblem } from './spec-parse';

/** The 1-based line of the first line of `text` holding `marker` (after the `after` marker, when given). */
function lineOf(text: string, marker: string, after?: string): number {
  const lines = text.split('\n');
  const start = after === undefined ? 0 : lines.findIndex((line) => line.includes(after));
  const index = lines.findIndex((line, at) => at >= start && line.includes(marker));
  if (index === -1) throw new Error(`${marker} is not in the text`);
  return index + 1;
}

/** The value at `pointer` in a parsed document. */
function valueAt(parse: SpecParse, pointer: string): unknown {
  if (!parse.ok) throw new Error(`expected a document, got ${JSON.stringify(parse.errors)}`);
  let value: unknown = parse.document;
  for (const segment of segmentsOf(pointer)) {
    const child = childOf(value, segment);
    if (!child.found) throw new Error(`${pointer} is not in the document`);
    value = child.value;
  }
  return value;
}

function problemsOf(parse: SpecParse): SpecProblem[] {
  if (parse.ok) throw new Error(`expected problems, the document parsed`);
  return parse.errors;
}

describe('parseSpec', () => {
  it('reads a valid OpenAPI 3.1 YAML document as it is written: $refs kept, a circular schema fine, plain JSON data', async () => {
    const parse = await parseSpec(CATALOG_31_YAML);
    if (!parse.ok) throw new Error(JSON.stringify(parse.errors));
    expect(parse).toMatchObject({ format: 'yaml', openapiVersion: '3.1.0' });
    expect(valueAt(parse, '/paths/~1books~1{bookId}/get/responses/200/content/application~1json/schema')).toEqual({ $ref: '#/components/schemas/Book' });
    expect(valueAt(parse, '/components/schemas/Category/properties/parent')).toEqual({ $ref: '#/components/schemas/Category' });
    // YAML 1.2: a date is text, as JSON keeps it.
    expect(valueAt(parse, '/components/schemas/Book/properties/published/examples')).toEqual(['1999-04-01']);
    expect(JSON.parse(JSON.stringify(parse.document))).toEqual(parse.document);
  });

  it('gives a YAML document and its JSON twin the same document', async () => {
    // YAML 1.2 core scalars, aliases and merge keys; the twin written from another reader's data (yaml's).
    const values = "  x-values: [0b101, 0o17, 0x1F, -12, +7, 1.5e3, -.5, 012, ~, Null, TRUE, yes, '3', 2024-01-02, !!str 5]\n";
    const yamlText = CATALOG_31_YAML.replace('  version: 2.4.0\n', `  version: 2.4.0\n${values}`)
      .replace('    Cursor:\n      name: cursor', '    Cursor: &cursor\n      name: cursor')
      .replace('  responses:\n    NotFound:', '    Page:\n      <<: *cursor\n      name: page\n  responses:\n    NotFound:');
    const jsonText = JSON.stringify(parseYaml(yamlText, { version: '1.2', merge: true }), null, 2);
    const fromYaml = await parseSpec(yamlText);
    const fromJson = await parseSpec(jsonText);
    expect(fromYaml).toMatchObject({ ok: true, format: 'yaml' });
    expect(fromJson).toMatchObject({ ok: true, format: 'json' });
    expect(valueAt(fromYaml, '/info/x-values')).toEqual(['0b101', 15, 31, -12, 7, 1500, -0.5, 12, null, null, true, 'yes', '3', '2024-01-02', '5']);
    expect(valueAt(fromYaml, '')).toEqual(valueAt(fromJson, ''));
    // And the other way: JSON documents written as YAML by another writer.
    for (const json of [BRANCHES_20_JSON, HOLDS_30_JSON]) {
      const twin = await parseSpec(stringifyYaml(JSON.parse(json)));
      expect(twin).toMatchObject({ ok: true, format: 'yaml' });
      expect(valueAt(twin, '')).toEqual(valueAt(await parseSpec(json), ''));
    }
  });

  it('reads a valid Swagger 2.0 JSON document and a valid OpenAPI 3.0 JSON document', async () => {
    const swagger = await parseSpec(BRANCHES_20_JSON);
    expect(swagger).toMatchObject({ ok: true, format: 'json', openapiVersion: '2.0' });
    expect(valueAt(swagger, '/definitions/Week/items')).toEqual({ $ref: '#/definitions/Day' });
    const holds = await parseSpec(HOLDS_30_JSON);
    expect(holds).toMatchObject({ ok: true, format: 'json', openapiVersion: '3.0.3' });
    expect(valueAt(holds, '/components/schemas/Hold/allOf/0')).toEqual({ $ref: '#/components/schemas/HoldRequest' });
  });

  it('turns what YAML has and JSON has not into JSON, and refuses a number JSON cannot hold', async () => {
    const text = CATALOG_31_YAML.replace('          examples: [1999-04-01]', '          examples: [!!timestamp 1999-04-01, !!binary aGVsbG8=]');
    const parse = await parseSpec(text);
    expect(valueAt(parse, '/components/schemas/Book/properties/published/examples')).toEqual(['1999-04-01T00:00:00.000Z', 'aGVsbG8=']);
    const infinite = CATALOG_31_YAML.replace("          pattern: '^[a-z0-9-]+$'", '          maxLength: .inf');
    expect(problemsOf(await parseSpec(infinite))).toEqual([
      { code: 'not-json', message: 'Infinity is not a number JSON can hold', path: '/paths/~1books~1{bookId}/parameters/0/schema/maxLength', line: lineOf(infinite, 'maxLength: .inf') },
    ]);
  });

  it('names a local $ref that resolves to nothing, with the path and line where it is written', async () => {
    const text = HOLDS_30_JSON.replace('"$ref": "#/components/schemas/Hold" }', '"$ref": "#/components/schemas/Pet" }');
    const parse = await parseSpec(text);
    expect(parse).toEqual({
      ok: false,
      format: 'json',
      errorCount: 1,
      errors: [
        {
          code: 'missing-ref',
          message: '$ref "#/components/schemas/Pet" names nothing in the document',
          path: '/paths/~1holds/post/responses/201/content/application~1json/schema/$ref',
          line: lineOf(text, '#/components/schemas/Pet'),
        },
      ],
    });
  });

  it('places a YAML syntax error on its line', async () => {
    const text = CATALOG_31_YAML.replace('      summary: Books of the catalog, by title', '      summary: Books: of the catalog');
    const [problem, ...others] = problemsOf(await parseSpec(text));
    expect(problem).toMatchObject({ code: 'invalid-syntax', line: lineOf(text, 'summary: Books:') });
    expect(problem.message).toMatch(/^The document is not valid YAML: /);
    expect(others.every((other) => other.code === 'invalid-syntax')).toBe(true);
  });

  it('refuses a YAML mapping that repeats a key', async () => {
    const text = CATALOG_31_YAML.replace('  version: 2.4.0\n', '  version: 2.4.0\n  title: Again\n');
    expect(problemsOf(await parseSpec(text))).toEqual([expect.objectContaining({ code: 'invalid-syntax', line: lineOf(text, 'title: Again') })]);
  });

  it('reads a text that opens with { as strict JSON: a syntax error or a trailing comma is refused with its line', async () => {
    const missingColon = HOLDS_30_JSON.replace('"operationId": "placeHold"', '"operationId" "placeHold"');
    expect(problemsOf(await parseSpec(missingColon))).toEqual([
      { code: 'invalid-syntax', message: expect.stringMatching(/^The document is not valid JSON: /), line: lineOf(missingColon, '"operationId" "placeHold"') },
    ]);
    // YAML reads this (a flow mapping may end with a comma): as JSON it is not.
    const trailingComma = HOLDS_30_JSON.replace('"version": "0.9.0" }', '"version": "0.9.0", }');
    expect(problemsOf(await parseSpec(trailingComma))).toEqual([expect.objectContaining({ code: 'invalid-syntax', line: lineOf(trailingComma, '"version": "0.9.0", }') })]);
  });

  it('says where the OpenAPI schema is broken: a 3.0 response without a description, on its line', async () => {
    const text = HOLDS_30_JSON.replace('"409": { "description": "The reader already holds this book" }', '"409": { "content": {} }');
    expect(problemsOf(await parseSpec(text))).toEqual([
      {
        code: 'schema',
        message: "/paths/~1holds/post/responses/409 must have required property 'description'",
        path: '/paths/~1holds/post/responses/409',
        line: lineOf(text, '"409"'),
      },
    ]);
  });

  it('says where the schema of Swagger 2.0 and of OpenAPI 3.1 is broken', async () => {
    const swagger = BRANCHES_20_JSON.replace('"404": { "description": "No such branch" }', '"404": { "schema": { "type": "string" } }');
    expect(problemsOf(await parseSpec(swagger))).toEqual([
      expect.objectContaining({ code: 'schema', path: '/paths/~1branches~1{code}~1hours/get/responses/404', line: lineOf(swagger, '"404"') }),
    ]);
    const openapi = CATALOG_31_YAML.replace('      description: No such book', '      summary: No such book');
    expect(problemsOf(await parseSpec(openapi))).toEqual([
      expect.objectContaining({ code: 'schema', message: expect.stringContaining("must have required property 'description'"), path: '/components/responses/NotFound', line: lineOf(openapi, 'NotFound:') }),
    ]);
  });

  it('says where the OpenAPI schema is broken in YAML: paths that are not an object', async () => {
    const text = 'openapi: 3.0.2\ninfo:\n  title: Nothing yet\n  version: "1"\npaths: 3\n';
    expect(problemsOf(await parseSpec(text))).toEqual([{ code: 'schema', message: '/paths must be object', path: '/paths', line: 5 }]);
  });

  it('reports what the parser finds beyond the schemas (a path parameter not in the path), placed by the location it names', async () => {
    const text = BRANCHES_20_JSON.replace('"/branches/{code}/hours"', '"/branches/{branch}/hours"');
    const problems = problemsOf(await parseSpec(text));
    expect(problems).toContainEqual({
      code: 'invalid',
      message: expect.stringContaining('`/paths/branches/{branch}/hours/get` has a path parameter named `code`'),
      path: '/paths/~1branches~1{branch}~1hours/get',
      line: lineOf(text, '"get"', '/branches/{branch}/hours'),
    });
  });

  it('reports a duplicated operationId', async () => {
    const text = CATALOG_31_YAML.replace('operationId: getBook', 'operationId: listBooks');
    expect(problemsOf(await parseSpec(text))).toEqual([{ code: 'invalid', message: 'The operationId `listBooks` is duplicated and must be made unique.' }]);
  });

  describe('with a server that counts the requests it is sent', () => {
    let server: Server;
    let requests = 0;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        requests++;
        response.setHeader('content-type', 'application/json').end('{"type":"object"}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('refuses external $refs (a URL, a file) without requesting or reading them', async () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schemas/hold.json`;
      const text = HOLDS_30_JSON.replace('"$ref": "#/components/schemas/Hold" }', `"$ref": "${url}" }`).replace(
        '"$ref": "#/components/schemas/HoldRequest" }',
        '"$ref": "./hold-request.json#/HoldRequest" }',
      );
      const problems = problemsOf(await parseSpec(text));
      expect(problems).toEqual([
        {
          code: 'external-ref',
          message: `$ref "./hold-request.json#/HoldRequest" points outside the document: only local references (#/…) are resolved, nothing is fetched or read`,
          path: '/paths/~1holds/post/requestBody/content/application~1json/schema/$ref',
          line: lineOf(text, './hold-request.json'),
        },
        expect.objectContaining({ code: 'external-ref', message: expect.stringContaining(url), path: '/paths/~1holds/post/responses/201/content/application~1json/schema/$ref' }),
      ]);
      expect(requests).toBe(0);
    });
  });

  it('refuses documents that are not OpenAPI, saying what it found', async () => {
    expect(problemsOf(await parseSpec('{ "name": "catalog", "books": [] }'))).toEqual([
      { code: 'not-openapi', message: 'The document declares neither openapi (3.0.x, 3.1.x) nor swagger ("2.0"): its first fields are "name", "books"' },
    ]);
    expect(problemsOf(await parseSpec('- openapi: 3.1.0\n'))).toEqual([expect.objectContaining({ code: 'not-openapi', message: 'The document is a list, not an OpenAPI object' })]);
    expect(problemsOf(await parseSpec('just words\n'))).toEqual([expect.objectContaining({ code: 'not-openapi', message: 'The document is a string, not an OpenAPI object' })]);
    expect(problemsOf(await parseSpec(CATALOG_31_YAML.replace('openapi: 3.1.0', 'openapi: 3.2.0')))).toEqual([
      { code: 'unsupported-version', message: 'The document declares openapi "3.2.0": the versions read are 3.0.x and 3.1.x (and Swagger "2.0")', path: '/openapi', line: 1 },
    ]);
    // Unquoted, YAML reads 2.0 as the number 2.
    expect(problemsOf(await parseSpec('swagger: 2.0\ninfo: {title: t, version: "1"}\npaths: {}\n'))).toEqual([
      { code: 'unsupported-version', message: 'The document declares swagger 2: the only Swagger version read is "2.0"', path: '/swagger', line: 1 },
    ]);
  });

  it('keeps at most MAX_REPORTED_PROBLEMS problems and counts them all', async () => {
    const refs = Array.from({ length: 30 }, (_, index) => `        f${index}: { $ref: '#/components/schemas/Missing${index}' }`).join('\n');
    const text = `openapi: 3.1.0\ninfo: {title: Many, version: "1"}\ncomponents:\n  schemas:\n    Wide:\n      properties:\n${refs}\n`;
    const parse = await parseSpec(text);
    expect(parse).toMatchObject({ ok: false, errorCount: 30 });
    const problems = problemsOf(parse);
    expect(problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(problems[19]).toEqual({ code: 'missing-ref', message: '$ref "#/components/schemas/Missing19" names nothing in the document', path: '/components/schemas/Wide/properties/f19/$ref', line: 26 });

    const responses = Array.from({ length: 25 }, (_, index) => `        '${200 + index}': {}`).join('\n');
    const schemaErrors = await parseSpec(`openapi: 3.0.0\ninfo: {title: Many, version: "1"}\npaths:\n  /x:\n    get:\n      responses:\n${responses}\n`);
    expect(schemaErrors).toMatchObject({ ok: false, errorCount: 25 });
    expect(problemsOf(schemaErrors)).toHaveLength(MAX_REPORTED_PROBLEMS);
  });

  it('refuses YAML aliases that would expand without bound (a "billion laughs" document) before expanding them', async () => {
    const levels = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    }
    const text = `openapi: 3.1.0\ninfo: {title: Laughs, version: "1"}\nx-laughs:\n${levels.map((line) => `  ${line}`).join('\n')}\n`;
    expect(problemsOf(await parseSpec(text))).toEqual([{ code: 'excessive-aliases', message: expect.stringContaining("The document's YAML aliases cannot be expanded") }]);
  });

  it('refuses a large YAML node named by aliases so often that the document written as JSON would be many times its text', async () => {
    const uses = Array.from({ length: 200 }, (_, index) => `  f${index}: *long`).join('\n');
    const text = `openapi: 3.1.0\ninfo: {title: Long, version: "1"}\nx-long: &long "${'words '.repeat(2_000)}"\nx-uses:\n${uses}\n`;
    expect(problemsOf(await parseSpec(text))).toEqual([
      { code: 'excessive-aliases', message: "The document's YAML aliases expand it to more than 4 times the size of its text" },
    ]);
    // Named twice (written three times), the same node is fine.
    const few = text.split('\n').slice(0, 6).join('\n') + '\ncomponents: {schemas: {Word: {type: string}}}\n';
    expect(await parseSpec(few)).toMatchObject({ ok: true });
  });

  it('refuses a YAML alias inside the node it names: JSON cannot hold the cycle', async () => {
    const text = 'openapi: 3.1.0\ninfo: {title: Loop, version: "1"}\nx-loop: &loop\n  again: *loop\n';
    expect(problemsOf(await parseSpec(text))).toEqual([
      { code: 'not-json', message: 'A YAML alias is written inside the node it names: JSON cannot hold the cycle', path: '/x-loop/again', line: 4 },
    ]);
  });

  it("stops following $refs that multiply (a schema naming another nine times, nine levels deep) at the time limit, saying so", async () => {
    const levels = Array.from({ length: 9 }, (_, level) => {
      const properties = Array.from({ length: 9 }, (_, index) => `p${index}: {$ref: '#/components/schemas/L${level}'}`).join(', ');
      return `    L${level + 1}: {type: object, properties: {${properties}}}`;
    });
    const text = `openapi: 3.0.3\ninfo: {title: Refs, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n    L0: {type: string}\n${levels.join('\n')}\n`;
    expect(problemsOf(await parseSpec(text, { dereferenceTimeoutMs: 100 }))).toEqual([
      { code: 'invalid', message: 'The document could not be validated: following its $refs took more than 0.1 s (references of references multiply)' },
    ]);
  });

  it('expands a few YAML aliases and merge keys', async () => {
    const text = CATALOG_31_YAML.replace('    Cursor:\n      name: cursor', '    Cursor: &cursor\n      name: cursor').replace(
      '  responses:\n    NotFound:',
      '    Page:\n      <<: *cursor\n      name: page\n  responses:\n    NotFound:',
    );
    const parse = await parseSpec(text);
    expect(valueAt(parse, '/components/parameters/Page')).toEqual({ name: 'page', in: 'query', schema: { type: 'string' } });
  });
});
