import { ajv, pointer, spec } from '@folio/platform/testing/client-spec';

export { expectMatchesSchema } from '@folio/platform/testing/client-spec';

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
