import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

/** The official client's own spec, read from node_modules: responses are checked against it. */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// The spec's own format: "a Unicode codepoint or character of the emoji". Empty (no emoji) or not, it
// is a string of at most 50 characters, which the schema's maxLength already checks.
ajv.addFormat('emoji', /^[\s\S]{0,50}$/u);
// Likewise "the name of the icon": any name, its length checked by the schema's maxLength.
ajv.addFormat('icon', /^[\s\S]{0,50}$/u);
ajv.addSchema(spec, 'spec');

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function responseSchemaRef(method: string, path: string, status: number): string {
  const operation = spec.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the client's spec has no ${method} ${path}`);
  let response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) throw new Error(`the client's spec has no ${status} response for ${method} ${path}`);
  if (response.$ref) response = spec.components.responses[response.$ref.split('/').pop()];
  if (!response.content?.['application/json']) return '';
  const base = operation.responses[String(status)]?.$ref
    ? `spec#/${pointer('components', 'responses', operation.responses[String(status)].$ref.split('/').pop())}`
    : `spec#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status))}`;
  return `${base}/content/application~1json/schema`;
}

/** Fails the test with ajv's errors unless `body` is what the spec says `METHOD path` answers with `status`. */
export function expectMatchesSpec(method: string, path: string, status: number, body: unknown) {
  const ref = responseSchemaRef(method, path, status);
  if (!ref) {
    expect(body === undefined || body === null || body === '').toBe(true);
    return;
  }
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const valid = validate(body);
  if (!valid) {
    throw new Error(
      `${method} ${path} ${status} does not match the client's spec:\n${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(body, null, 2)}`,
    );
  }
}

/** Fails the test with ajv's errors unless `value` is valid against the spec's schema `name` (components/schemas). */
export function expectMatchesSchema(name: string, value: unknown) {
  if (!spec.components.schemas[name]) throw new Error(`the client's spec has no schema ${name}`);
  const ref = `spec#/${pointer('components', 'schemas', name)}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!validate(value)) throw new Error(`${name} does not match the client's spec:\n${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(value, null, 2)}`);
}
