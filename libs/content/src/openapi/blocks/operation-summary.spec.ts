import { parse } from 'yaml';
import { describeOpenAPIBlock, MAX_PARAMETERS } from './operation-summary';
import { OpenAPIBlockRequest } from './openapi-block';
import { atPointer, MAX_VISITS, SpecObject } from './spec-walk';

const operation = (path: string, method: string, spec = 'petstore'): OpenAPIBlockRequest => ({ type: 'openapi-operation', spec, path, method });
const describe_ = (document: SpecObject, request: OpenAPIBlockRequest) => describeOpenAPIBlock({ slug: 'petstore', document }, request);

/** A 3.1 document in YAML, as a team writes one: path-level parameters, shared responses, a webhook. */
const PETS_31 = parse(`
openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{petId}:
    parameters:
      - $ref: '#/components/parameters/PetId'
    get:
      summary: Get a pet
      description: Answers one pet by its id.
      parameters:
        - name: fields
          in: query
          description: Fields to answer
          schema: { type: array, items: { type: string } }
        - name: X-Trace
          in: header
          required: true
          schema: { type: [string, 'null'] }
      responses:
        '200':
          description: The pet
          content:
            application/json: { schema: { $ref: '#/components/schemas/Pet' } }
            application/xml: { schema: { $ref: '#/components/schemas/Pet' } }
        '404': { $ref: '#/components/responses/NotFound' }
        default:
          description: Anything else
webhooks:
  newPet:
    post:
      summary: A pet was added
      requestBody:
        content:
          application/json: { schema: { $ref: '#/components/schemas/Pet' } }
      responses:
        '200': { description: Received }
components:
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { type: integer, format: int64 } }
  responses:
    NotFound:
      description: No such pet
      content:
        application/problem+json: { schema: { type: object } }
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string }
        tag: { oneOf: [{ type: string }, { type: 'null' }] }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        pets: { type: array, items: { $ref: '#/components/schemas/Pet' } }
`) as SpecObject;

describe('describeOpenAPIBlock', () => {
  it('prints a 3.1 operation: method and path, summary, path-level and own parameters, responses by status with media types', () => {
    expect(describe_(PETS_31, operation('/pets/{petId}', 'GET'))).toEqual({
      kind: 'operation',
      title: 'GET /pets/{petId}',
      summary: 'Get a pet',
      description: 'Answers one pet by its id.',
      deprecated: false,
      parameters: {
        items: [
          { name: 'petId', in: 'path', required: true, type: 'integer (int64)' },
          { name: 'fields', in: 'query', required: false, type: 'array of string', description: 'Fields to answer' },
          { name: 'X-Trace', in: 'header', required: true, type: 'string | null' },
        ],
        omitted: 0,
      },
      responses: {
        items: [
          { status: '200', description: 'The pet', mediaTypes: ['application/json', 'application/xml'], type: 'Pet' },
          { status: '404', description: 'No such pet', mediaTypes: ['application/problem+json'], type: 'object' },
          { status: 'default', description: 'Anything else', mediaTypes: [] },
        ],
        omitted: 0,
      },
    });
  });

  it('prints a 3.1 webhook with its payload, and named schemas whose references go in a circle (Pet → Owner → Pet)', () => {
    expect(describe_(PETS_31, { type: 'openapi-webhook', spec: 'petstore', name: 'newPet', method: 'post' })).toMatchObject({
      kind: 'operation',
      title: 'Webhook newPet: POST',
      summary: 'A pet was added',
      body: {
        required: false,
        mediaTypes: ['application/json'],
        type: 'Pet',
        properties: {
          items: [
            { name: 'id', type: 'integer (int64)', required: true },
            { name: 'name', type: 'string', required: true },
            { name: 'tag', type: 'string | null', required: false },
            { name: 'owner', type: 'Owner', required: false },
          ],
          omitted: 0,
        },
      },
      responses: { items: [{ status: '200', description: 'Received', mediaTypes: [] }], omitted: 0 },
    });
    expect(describe_(PETS_31, { type: 'openapi-schemas', spec: 'petstore', schemas: ['Owner', 'Nope'] })).toEqual({
      kind: 'schemas',
      schemas: { items: [{ name: 'Owner', type: 'object', properties: { items: [{ name: 'pets', type: 'array of Pet', required: false }], omitted: 0 } }], omitted: 0 },
      missing: ['Nope'],
    });
  });

  it('prints a 3.0 operation: a request body by reference, allOf merged, nullable, an operation parameter replacing the path one', () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/pets': {
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          post: {
            deprecated: true,
            parameters: [{ name: 'limit', in: 'query', required: true, description: 'Overrides the path', schema: { type: 'integer', format: 'int32' } }],
            requestBody: { $ref: '#/components/requestBodies/NewPet' },
            responses: { '201': { description: 'Created', content: { 'application/json': { schema: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object' }] } } } } } },
          },
        },
      },
      components: {
        requestBodies: { NewPet: { required: true, description: 'The pet to add', content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Base' }, { required: ['name'], properties: { name: { type: 'string', nullable: true } } }] } } } } },
        schemas: { Base: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['cat', 'dog'] } } } },
      },
    };
    expect(describe_(document, operation('/pets', 'post'))).toEqual({
      kind: 'operation',
      title: 'POST /pets',
      deprecated: true,
      parameters: { items: [{ name: 'limit', in: 'query', required: true, type: 'integer (int32)', description: 'Overrides the path' }], omitted: 0 },
      body: {
        required: true,
        description: 'The pet to add',
        mediaTypes: ['application/json'],
        type: 'Base & object',
        properties: {
          items: [
            { name: 'kind', type: 'string', required: true },
            { name: 'name', type: 'string | null', required: true },
          ],
          omitted: 0,
        },
      },
      responses: { items: [{ status: '201', description: 'Created', mediaTypes: ['application/json'], type: 'array of Base & object' }], omitted: 0 },
    });
  });

  it('prints a 2.0 operation: a body parameter with its schema, typed parameters, responses with a schema and the produced media types', () => {
    const document = {
      swagger: '2.0',
      produces: ['application/json'],
      paths: {
        '/pets': {
          post: {
            summary: 'Add a pet',
            parameters: [
              { name: 'pet', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } },
              { name: 'tags', in: 'query', type: 'array', items: { type: 'string' } },
              { $ref: '#/parameters/Trace' },
            ],
            responses: { '200': { description: 'Added', schema: { $ref: '#/definitions/Pet' } }, '405': { description: 'Invalid input' } },
          },
        },
      },
      parameters: { Trace: { name: 'trace', in: 'header', type: 'string', format: 'uuid' } },
      definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, photoUrls: { type: 'array', items: { type: 'string' } } } } },
    };
    expect(describe_(document, operation('/pets', 'post'))).toEqual({
      kind: 'operation',
      title: 'POST /pets',
      summary: 'Add a pet',
      deprecated: false,
      parameters: {
        items: [
          { name: 'pet', in: 'body', required: true, type: 'Pet' },
          { name: 'tags', in: 'query', required: false, type: 'array of string' },
          { name: 'trace', in: 'header', required: false, type: 'string (uuid)' },
        ],
        omitted: 0,
      },
      responses: {
        items: [
          { status: '200', description: 'Added', mediaTypes: ['application/json'], type: 'Pet' },
          { status: '405', description: 'Invalid input', mediaTypes: [] },
        ],
        omitted: 0,
      },
    });
    expect(describe_(document, { type: 'openapi-schemas', spec: 'petstore', schemas: ['Pet'] })).toMatchObject({
      schemas: { items: [{ name: 'Pet', type: 'object', properties: { items: [{ name: 'name', type: 'string', required: true }, { name: 'photoUrls', type: 'array of string', required: false }] } }] },
    });
  });

  it('says where a reference leads nowhere or in a circle, and stops there', () => {
    const document = {
      openapi: '3.0.0',
      paths: {
        '/loop': {
          get: {
            parameters: [{ $ref: '#/components/parameters/A' }, { name: 'q', in: 'query', schema: { $ref: '#/components/schemas/Gone' } }],
            responses: { '200': { description: 'Self', content: { 'application/json': { schema: { $ref: '#/components/schemas/Self' } } } } },
          },
        },
      },
      components: {
        parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } },
        schemas: { Self: { $ref: '#/components/schemas/Self' } },
      },
    };
    const printout = describe_(document, operation('/loop', 'get'));
    expect(printout).toMatchObject({
      // The parameter in a circle has no name to print: it is left out.
      parameters: { items: [{ name: 'q', type: 'unresolved reference #/components/schemas/Gone' }], omitted: 0 },
      responses: { items: [{ status: '200', type: 'circular reference #/components/schemas/Self' }] },
    });
  });

  it('prints one line when the spec, the operation, the method or the webhook is missing', () => {
    expect(describeOpenAPIBlock(null, operation('/pets', 'get', 'nope'))).toEqual({
      kind: 'unavailable',
      message: 'The OpenAPI spec "nope" is not available: the organization has no processed spec of that name.',
    });
    expect(describe_(PETS_31, operation('/owners', 'get'))).toEqual({ kind: 'unavailable', message: 'The operation GET /owners is not in the OpenAPI spec "petstore".' });
    expect(describe_(PETS_31, operation('/pets/{petId}', 'delete'))).toMatchObject({ kind: 'unavailable' });
    // A path item's other keys are no operations.
    expect(describe_(PETS_31, operation('/pets/{petId}', 'parameters'))).toMatchObject({ kind: 'unavailable' });
    expect(describe_(PETS_31, { type: 'openapi-webhook', spec: 'petstore', name: 'oldPet', method: 'post' })).toEqual({
      kind: 'unavailable',
      message: 'The webhook oldPet (POST) is not in the OpenAPI spec "petstore".',
    });
  });

  it('prints the first parameters of a long list and counts the rest; a document built to explode stays within its visits', () => {
    const many = Array.from({ length: MAX_PARAMETERS + 30 }, (_, i) => ({ name: `p${i}`, in: 'query', schema: { type: 'string' } }));
    const long = describe_({ paths: { '/many': { get: { parameters: many, responses: {} } } } }, operation('/many', 'get'));
    expect(long).toMatchObject({ parameters: { omitted: 30 } });
    expect(long.kind === 'operation' && long.parameters.items.length).toBe(MAX_PARAMETERS);

    // Each schema is a oneOf of five references to the next: spelled out in full it would be 5^10 types a parameter.
    const schemas = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`S${i}`, { oneOf: Array.from({ length: 5 }, () => ({ $ref: `#/components/schemas/S${i + 1}` })) }]));
    const wide = Array.from({ length: 30 }, (_, i) => ({ name: `w${i}`, in: 'query', schema: { oneOf: [{ oneOf: [{ $ref: '#/components/schemas/S0' }] }] } }));
    const document = { paths: { '/wide': { get: { parameters: wide, responses: {} } } }, components: { schemas } };
    const printout = describe_(document, operation('/wide', 'get'));
    expect(printout.kind === 'operation' && printout.parameters.items).toHaveLength(30);
    expect(JSON.stringify(printout).length).toBeLessThan(MAX_VISITS * 40);
  });
});

describe('atPointer', () => {
  const document = { paths: { '/a/{b}': { get: { tags: ['x', 'y'] } } }, 'm~n': 1 };

  it('follows escaped tokens, percent-encoding and array indexes', () => {
    expect(atPointer(document, '#/paths/~1a~1%7Bb%7D/get/tags/1')).toBe('y');
    expect(atPointer(document, '#/m~0n')).toBe(1);
    expect(atPointer(document, '#')).toBe(document);
  });

  it('finds nothing outside the document: prototype keys, external files, bad indexes, bad encoding', () => {
    for (const ref of ['#/constructor', '#/__proto__', '#/paths/hasOwnProperty', 'other.yaml#/a', '#/paths/~1a~1{b}/get/tags/01', '#/%E0%A4%A', '#paths']) {
      expect({ ref, found: atPointer(document, ref) }).toEqual({ ref, found: undefined });
    }
  });
});
