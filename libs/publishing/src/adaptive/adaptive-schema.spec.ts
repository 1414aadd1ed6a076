import { Invalid } from '@folio/platform/domain/errors';
import { claimsOf, MAX_CLAIMS, templateConditions, UNSIGNED_DESCRIPTION, validateAdaptiveSchema } from './adaptive-schema';
import { AdaptiveSchema } from './adaptive-schema.events';

const schema = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: 'object', properties, additionalProperties: false, ...more });
const claims = (n: number, prefix = 'c') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: 'boolean' }]));
const unsignedOf = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: 'object', properties, additionalProperties: false, ...more });

/** The message validateAdaptiveSchema refuses `value` with. */
function refusal(value: unknown): string {
  try {
    validateAdaptiveSchema(value);
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('validateAdaptiveSchema', () => {
  it.each([
    ['the empty schema', schema({})],
    ['boolean claims, with and without descriptions', schema({ beta: { type: 'boolean', description: 'Beta testers' }, _staff2: { type: 'boolean' } })],
    ['unsigned claims', schema({ unsigned: unsignedOf({ trial: { type: 'boolean' } }) })],
    ['the spec’s unsigned description and $schema', schema({ unsigned: unsignedOf({}, { description: UNSIGNED_DESCRIPTION }) }, { $schema: 'http://json-schema.org/draft-07/schema#' })],
    [`${MAX_CLAIMS} claims`, schema({ ...claims(60), unsigned: unsignedOf(claims(40, 'u')) })],
    ['a 64-character claim name', schema({ [`a${'b'.repeat(63)}`]: { type: 'boolean' } })],
  ])('accepts %s', (_name, value) => {
    expect(validateAdaptiveSchema(value)).toBe(value);
  });

  it.each([
    ['null', null, 'jsonSchema must be object'],
    ['an array', [], 'jsonSchema must be object'],
    ['another type', schema({}, { type: 'array' }), 'jsonSchema.type must be "object"'],
    ['no properties', { type: 'object', additionalProperties: false }, 'jsonSchema needs "properties"'],
    ['additional properties allowed', schema({}, { additionalProperties: true }), 'jsonSchema.additionalProperties must be false'],
    ['no additionalProperties', { type: 'object', properties: {} }, 'jsonSchema needs "additionalProperties"'],
    ['an unknown keyword', schema({}, { title: 'Visitor' }), 'jsonSchema has an unknown property "title"'],
    ['another $schema', schema({}, { $schema: 'https://json-schema.org/draft/2020-12/schema' }), 'jsonSchema.$schema must be "http://json-schema.org/draft-07/schema#"'],
    ['a string claim', schema({ plan: { type: 'string' } }), 'jsonSchema.properties.plan.type must be "boolean"'],
    ['a claim without a type', schema({ beta: { description: 'x' } }), 'jsonSchema.properties.beta needs "type"'],
    ['a claim with a default', schema({ beta: { type: 'boolean', default: true } }), 'jsonSchema.properties.beta has an unknown property "default"'],
    ['a description not a string', schema({ beta: { type: 'boolean', description: 7 } }), 'jsonSchema.properties.beta.description must be string'],
    ['a claim name with a dash', schema({ 'is-beta': { type: 'boolean' } }), 'jsonSchema.properties: "is-beta" is not a claim name'],
    ['a claim name starting with a digit', schema({ '1st': { type: 'boolean' } }), '"1st" is not a claim name'],
    ['a 65-character claim name', schema({ [`a${'b'.repeat(64)}`]: { type: 'boolean' } }), 'is not a claim name'],
    ['a claim named constructor', schema({ constructor: { type: 'boolean' } }), '"constructor" is not a claim name'],
    ['a claim named __proto__', JSON.parse('{"type":"object","properties":{"__proto__":{"type":"boolean"}},"additionalProperties":false}'), '"__proto__" is not a claim name'],
    ['unsigned not an object schema', schema({ unsigned: { type: 'boolean' } }), 'jsonSchema.properties.unsigned.type must be "object"'],
    ['unsigned allowing more', schema({ unsigned: unsignedOf({}, { additionalProperties: true }) }), 'jsonSchema.properties.unsigned.additionalProperties must be false'],
    ['unsigned with another description', schema({ unsigned: unsignedOf({}, { description: 'Mine' }) }), `jsonSchema.properties.unsigned.description must be "${UNSIGNED_DESCRIPTION}"`],
    ['a nested unsigned group', schema({ unsigned: unsignedOf({ deeper: unsignedOf({}) }) }), 'jsonSchema.properties.unsigned.properties.deeper.type must be "boolean"'],
    ['a bad unsigned claim name', schema({ unsigned: unsignedOf({ 'a.b': { type: 'boolean' } }) }), '"a.b" is not a claim name'],
    [`${MAX_CLAIMS + 1} claims in all`, schema({ ...claims(60), unsigned: unsignedOf(claims(41, 'u')) }), `jsonSchema has ${MAX_CLAIMS + 1} claims; at most ${MAX_CLAIMS}`],
    [`${MAX_CLAIMS + 1} unsigned claims`, schema({ unsigned: unsignedOf(claims(MAX_CLAIMS + 1)) }), `jsonSchema.properties.unsigned.properties has more than ${MAX_CLAIMS} claims`],
    [`${MAX_CLAIMS + 2} signed claims`, schema(claims(MAX_CLAIMS + 2)), `jsonSchema.properties has more than ${MAX_CLAIMS} claims`],
    ['required claims (not in the client spec)', schema({ beta: { type: 'boolean' } }, { required: ['beta'] }), 'jsonSchema has an unknown property "required"'],
  ])('refuses %s', (_name, value, message) => {
    expect(refusal(value)).toContain(message);
  });

  it('names every fault, each once', () => {
    expect(refusal(schema({ 'a-b': { type: 'boolean' }, plan: { type: 'string' } }, { additionalProperties: true }))).toBe(
      [
        'jsonSchema.properties: "a-b" is not a claim name (an identifier matching ^[A-Za-z_][A-Za-z0-9_]{0,63}$, not __proto__, constructor, prototype)',
        'jsonSchema.properties.plan.type must be "boolean"',
        'jsonSchema.additionalProperties must be false',
      ].join('; '),
    );
  });

  it('lists at most 20 faults', () => {
    const message = refusal(schema(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`c${i}`, { type: 'string' }]))));
    expect(message.split('; ')).toHaveLength(21);
    expect(message).toMatch(/; and 10 more$/);
  });
});

describe('claims and template conditions', () => {
  const valid: AdaptiveSchema = {
    type: 'object',
    properties: {
      beta: { type: 'boolean' },
      unsigned: { type: 'object', properties: { trial: { type: 'boolean', description: 'On a trial' }, beta: { type: 'boolean' } }, additionalProperties: false },
      staff: { type: 'boolean', description: 'Works here' },
    },
    additionalProperties: false,
  };

  it('separates the signed claims from the unsigned ones, in order', () => {
    const { signed, unsigned } = claimsOf(valid);
    expect(signed.map(([name]) => name)).toEqual(['beta', 'staff']);
    expect(unsigned.map(([name]) => name)).toEqual(['trial', 'beta']);
  });

  it('offers one condition per claim, with its description or one made from its name', () => {
    expect(templateConditions(valid)).toEqual([
      { description: 'Visitor is beta', condition: 'visitor.claims.beta' },
      { description: 'Works here', condition: 'visitor.claims.staff' },
      { description: 'On a trial', condition: 'visitor.claims.unsigned.trial' },
      { description: 'Visitor is beta (unsigned claim)', condition: 'visitor.claims.unsigned.beta' },
    ]);
  });

  it('offers none for the empty schema', () => expect(templateConditions({ type: 'object', properties: {}, additionalProperties: false })).toEqual([]));
});
