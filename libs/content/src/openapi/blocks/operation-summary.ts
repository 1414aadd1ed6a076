import { OpenAPIBlockRequest } from './openapi-block';
import { Listed, OpenAPIPrintout, PrintedBody, PrintedOperation, PrintedParameter, PrintedResponse, PrintedSchema } from './openapi-printout';
import { listed, schemaProperties, schemaType } from './schema-summary';
import { isObject, own, ownString, SpecObject, SpecWalk } from './spec-walk';

/** Parameters and responses printed per operation; schemas per block. */
export const MAX_PARAMETERS = 100;
export const MAX_RESPONSES = 50;
export const MAX_SCHEMAS = 50;
/** A description longer than this is cut (a spec's descriptions may be whole pages of Markdown). */
const MAX_DESCRIPTION = 2000;
/** The methods of a path item (its other keys, `parameters`, `summary`, `servers`, are no operations). */
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The spec a block names, as its latest processed version holds it: its slug and parsed document. */
export interface SpecDocument {
  slug: string;
  document: SpecObject;
}

/**
 * What a page's OpenAPI block prints from its spec's document (null: the organization has no processed spec
 * of that slug): the operation at `path` and `method` (2.0, 3.0 and 3.1), a 3.1 webhook, or named schemas,
 * with their local `$ref`s followed. What the document lacks is one line saying so, never an error: a page
 * prints whatever its spec became. The work is bounded by the walk (SpecWalk) and the MAX_ lists.
 */
export function describeOpenAPIBlock(spec: SpecDocument | null, request: OpenAPIBlockRequest): OpenAPIPrintout {
  if (spec === null) return unavailable(`The OpenAPI spec "${request.spec}" is not available: the organization has no processed spec of that name.`);
  const walk = new SpecWalk(spec.document);
  const method = 'method' in request ? request.method.toLowerCase() : '';
  switch (request.type) {
    case 'openapi-operation': {
      const title = `${method.toUpperCase()} ${request.path}`;
      const pathItem = walk.follow(own(own(spec.document, 'paths'), request.path)).value;
      const operation = METHODS.has(method) ? own(pathItem, method) : undefined;
      if (!isObject(operation)) return unavailable(`The operation ${title} is not in the OpenAPI spec "${spec.slug}".`);
      return describeOperation(walk, title, pathItem, operation);
    }
    case 'openapi-webhook': {
      const title = `Webhook ${request.name}: ${method.toUpperCase()}`;
      const pathItem = walk.follow(own(own(spec.document, 'webhooks'), request.name)).value;
      const operation = METHODS.has(method) ? own(pathItem, method) : undefined;
      if (!isObject(operation)) return unavailable(`The webhook ${request.name} (${method.toUpperCase()}) is not in the OpenAPI spec "${spec.slug}".`);
      return describeOperation(walk, title, pathItem, operation);
    }
    case 'openapi-schemas':
      return describeSchemas(walk, request.schemas);
  }
}

const unavailable = (message: string): OpenAPIPrintout => ({ kind: 'unavailable', message });

function describeOperation(walk: SpecWalk, title: string, pathItem: unknown, operation: SpecObject): PrintedOperation {
  const body = walk.follow(own(operation, 'requestBody')).value;
  return {
    kind: 'operation',
    title,
    ...text('summary', ownString(operation, 'summary') ?? ownString(pathItem, 'summary')),
    ...text('description', ownString(operation, 'description') ?? ownString(pathItem, 'description')),
    deprecated: own(operation, 'deprecated') === true,
    parameters: parameters(walk, pathItem, operation),
    ...(isObject(body) ? { body: requestBody(walk, body) } : {}),
    responses: responses(walk, operation),
  };
}

/**
 * The path item's parameters and the operation's, an operation's replacing the path's of the same name and
 * place. Every entry is followed (the walk bounds them), only the printed ones are described.
 */
function parameters(walk: SpecWalk, pathItem: unknown, operation: SpecObject): Listed<PrintedParameter> {
  const byPlace = new Map<string, SpecObject>();
  for (const list of [own(pathItem, 'parameters'), own(operation, 'parameters')]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = walk.follow(entry).value;
      const [name, place] = [ownString(parameter, 'name'), ownString(parameter, 'in')];
      if (isObject(parameter) && name !== undefined && place !== undefined) byPlace.set(`${place}\n${name}`, parameter);
    }
  }
  const { items, omitted } = listed([...byPlace.values()], MAX_PARAMETERS);
  const printed = items.map((parameter): PrintedParameter => {
    const place = ownString(parameter, 'in')!;
    return {
      name: ownString(parameter, 'name')!,
      in: place,
      required: own(parameter, 'required') === true || place === 'path',
      type: parameterType(walk, parameter),
      ...text('description', ownString(parameter, 'description')),
    };
  });
  return { items: printed, omitted };
}

/** 3.x: its `schema` (or its `content`'s); 2.0: its `schema` (a body) or its own `type`, `format` and `items`. */
function parameterType(walk: SpecWalk, parameter: SpecObject): string {
  const schema = own(parameter, 'schema') ?? firstSchema(walk, own(parameter, 'content'));
  return schema !== undefined ? schemaType(walk, schema) : schemaType(walk, parameter);
}

function requestBody(walk: SpecWalk, body: SpecObject): PrintedBody {
  const content = own(body, 'content');
  const schema = firstSchema(walk, content);
  return {
    required: own(body, 'required') === true,
    ...text('description', ownString(body, 'description')),
    mediaTypes: isObject(content) ? Object.keys(content) : [],
    ...(schema !== undefined ? { type: schemaType(walk, schema) } : {}),
    properties: schema !== undefined ? schemaProperties(walk, schema) : { items: [], omitted: 0 },
  };
}

/**
 * Each response by status, in the document's order: 3.x names its media types in `content`; a 2.0 response
 * has a `schema` and takes its media types from `produces` (the operation's, else the document's).
 */
function responses(walk: SpecWalk, operation: SpecObject): Listed<PrintedResponse> {
  const declared = own(operation, 'responses');
  if (!isObject(declared)) return { items: [], omitted: 0 };
  const produces = own(operation, 'produces') ?? own(walk.document, 'produces');
  const statuses = Object.keys(declared);
  const items = statuses.slice(0, MAX_RESPONSES).map((status): PrintedResponse => {
    const response = walk.follow(declared[status]).value;
    const content = own(response, 'content');
    const schema = own(response, 'schema') ?? firstSchema(walk, content);
    const mediaTypes = isObject(content) ? Object.keys(content) : schema !== undefined && Array.isArray(produces) ? produces.filter((type): type is string => typeof type === 'string') : [];
    return { status, ...text('description', ownString(response, 'description')), mediaTypes, ...(schema !== undefined ? { type: schemaType(walk, schema) } : {}) };
  });
  return { items, omitted: statuses.length - items.length };
}

/** The schema of the first media type of a `content` map that has one. */
function firstSchema(walk: SpecWalk, content: unknown): unknown {
  if (!isObject(content)) return undefined;
  for (const mediaType of Object.keys(content)) {
    const schema = own(walk.follow(content[mediaType]).value, 'schema');
    if (schema !== undefined) return schema;
  }
  return undefined;
}

/** Named schemas: 3.x `components.schemas`, 2.0 `definitions`. */
function describeSchemas(walk: SpecWalk, names: string[]): OpenAPIPrintout {
  const container = own(own(walk.document, 'components'), 'schemas') ?? own(walk.document, 'definitions');
  const missing: string[] = [];
  const schemas: PrintedSchema[] = [];
  for (const name of names.slice(0, MAX_SCHEMAS)) {
    const declared = own(container, name);
    const schema = walk.follow(declared).value;
    if (!isObject(schema)) {
      missing.push(name);
      continue;
    }
    // A schema that is a reference to another is of that other's type, by its name.
    schemas.push({ name, type: schemaType(walk, declared), ...text('description', ownString(schema, 'description')), properties: schemaProperties(walk, schema) });
  }
  return { kind: 'schemas', schemas: { items: schemas, omitted: Math.max(0, names.length - MAX_SCHEMAS) }, missing };
}

/** A field of text when the document gives one, cut to MAX_DESCRIPTION. */
function text<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  const trimmed = value?.trim();
  if (!trimmed) return {};
  return { [key]: trimmed.length > MAX_DESCRIPTION ? `${trimmed.slice(0, MAX_DESCRIPTION)}…` : trimmed } as Partial<Record<K, string>>;
}
