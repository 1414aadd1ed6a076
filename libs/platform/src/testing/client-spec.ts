/**
 * The official client's spec (node_modules/@gitbook/api) compiled by ajv, for tests anywhere: e2e specs
 * check responses against it (test/support/openapi.ts), unit specs check values against its schemas.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

export const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));

export const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// The spec's own format: "a Unicode codepoint or character of the emoji". Empty (no emoji) or not, it
// is a string of at most 50 characters, which the schema's maxLength already checks.
ajv.addFormat('emoji', /^[\s\S]{0,50}$/u);
// Likewise "the name of the icon": any name, its length checked by the schema's maxLength.
ajv.addFormat('icon', /^[\s\S]{0,50}$/u);
ajv.addSchema(spec, 'spec');

export const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Fails the test with ajv's errors unless `value` is valid against the spec's schema `name` (components/schemas). */
export function expectMatchesSchema(name: string, value: unknown) {
  if (!spec.components.schemas[name]) throw new Error(`the client's spec has no schema ${name}`);
  const ref = `spec#/${pointer('components', 'schemas', name)}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!validate(value)) throw new Error(`${name} does not match the client's spec:\n${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(value, null, 2)}`);
}
