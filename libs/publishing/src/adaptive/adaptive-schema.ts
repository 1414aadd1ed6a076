import Ajv, { ErrorObject } from 'ajv';
import { Invalid } from '@folio/platform/domain/errors';
import { AdaptiveClaim, AdaptiveSchema, AdaptiveUnsignedClaims } from './adaptive-schema.events';

/**
 * What a site's adaptive schema may be, and what can be read from one. Pure: the meta-schema is
 * compiled once, when the module loads.
 */

/** A claim's name: an identifier, so `visitor.claims.<claim>` is a plain member path. */
export const CLAIM_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
/** Claims one schema may declare, signed and unsigned together. */
export const MAX_CLAIMS = 100;
/** A claim's description: a label for authors, not a document. */
const MAX_DESCRIPTION = 1024;
/** The client spec's one allowed description of `properties.unsigned`. */
export const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
/** The client spec's one allowed `$schema`. */
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** How many reasons one refusal lists (as the HTTP validation does). */
const MAX_MESSAGES = 20;

/** What a site that never set a schema has: no claims. */
export const EMPTY_ADAPTIVE_SCHEMA: AdaptiveSchema = { type: 'object', properties: {}, additionalProperties: false };

/** Names that lead into an object's prototype: the expression interpreter refuses them as properties, so no claim has them. */
const RESERVED = ['__proto__', 'constructor', 'prototype'];
const claimName = { type: 'string', pattern: CLAIM_NAME, not: { enum: RESERVED } };

const claim = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'boolean' },
    description: { type: 'string', maxLength: MAX_DESCRIPTION },
  },
  required: ['type'],
  additionalProperties: false,
};

const unsigned = {
  type: 'object',
  properties: {
    type: { type: 'string', const: 'object' },
    description: { type: 'string', const: UNSIGNED_DESCRIPTION },
    properties: { type: 'object', propertyNames: claimName, maxProperties: MAX_CLAIMS, additionalProperties: claim },
    additionalProperties: { type: 'boolean', const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
};

/** The meta-schema (JSON Schema draft-07, as the client spec's `$schema`): an object schema of boolean claims. */
export const ADAPTIVE_META_SCHEMA = {
  type: 'object',
  properties: {
    $schema: { type: 'string', const: DRAFT_07 },
    type: { type: 'string', const: 'object' },
    properties: {
      type: 'object',
      propertyNames: claimName,
      maxProperties: MAX_CLAIMS + 1,
      properties: { unsigned },
      additionalProperties: claim,
    },
    additionalProperties: { type: 'boolean', const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
} as const;

const ajv = new Ajv({ strict: true, allErrors: true });
const validateMeta = ajv.compile<AdaptiveSchema>(ADAPTIVE_META_SCHEMA);

/** `/properties/beta/type` as `jsonSchema.properties.beta.type`. */
function pathOf(instancePath: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return ['jsonSchema', ...parts].join('.');
}

/** One ajv error as a person reads it: where, and what is wrong there. */
function describe(error: ErrorObject): string {
  const at = pathOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at} has an unknown property ${JSON.stringify(params.additionalProperty)}`;
    case 'required':
      return `${at} needs ${JSON.stringify(params.missingProperty)}`;
    case 'const':
      return `${at} must be ${JSON.stringify(params.allowedValue)}`;
    case 'propertyNames':
      return `${at}: ${JSON.stringify(params.propertyName)} is not a claim name (an identifier matching ${CLAIM_NAME}, not ${RESERVED.join(', ')})`;
    case 'maxProperties':
      return `${at} has more than ${MAX_CLAIMS} claims`;
    default:
      return `${at} ${error.message}`;
  }
}

/**
 * The errors worth naming: a bad claim name is named once (by `propertyNames`, not again by the pattern
 * or the `not` inside it), and a message said twice is said once.
 */
function messagesOf(errors: ErrorObject[]): string[] {
  const kept = errors.filter((e) => !(e.keyword !== 'propertyNames' && (e.params as { propertyName?: unknown }).propertyName !== undefined) && !e.schemaPath.includes('/propertyNames/'));
  return [...new Set(kept.map(describe))];
}

/**
 * The signed and the unsigned claims of a valid schema, in their order. `properties.unsigned` is the
 * unsigned claims' object, never a claim.
 */
export function claimsOf(schema: AdaptiveSchema): { signed: [string, AdaptiveClaim][]; unsigned: [string, AdaptiveClaim][] } {
  const signed = Object.entries(schema.properties).filter(([name]) => name !== 'unsigned') as [string, AdaptiveClaim][];
  const group = schema.properties.unsigned as AdaptiveUnsignedClaims | undefined;
  return { signed, unsigned: Object.entries(group?.properties ?? {}) };
}

/**
 * `value` as an adaptive schema, or Invalid naming every fault (up to 20): the meta-schema's, then
 * what it cannot say (the number of claims in all). Nothing else is accepted (`required` included: the
 * client spec's SiteAdaptiveJSONSchema has no such field, and a claim a visitor lacks is simply false).
 */
export function validateAdaptiveSchema(value: unknown): AdaptiveSchema {
  if (!validateMeta(value)) {
    const messages = messagesOf(validateMeta.errors ?? []);
    const shown = messages.slice(0, MAX_MESSAGES).join('; ');
    throw new Invalid(messages.length > MAX_MESSAGES ? `${shown}; and ${messages.length - MAX_MESSAGES} more` : shown);
  }
  const { signed, unsigned } = claimsOf(value);
  if (signed.length + unsigned.length > MAX_CLAIMS) throw new Invalid(`jsonSchema has ${signed.length + unsigned.length} claims; at most ${MAX_CLAIMS}`);
  return value;
}

/** A template condition: what an author may start a condition from. */
export type TemplateCondition = { description: string; condition: string };

/** One condition per claim, signed then unsigned, in the schema's order; a claim's description when it has one. */
export function templateConditions(schema: AdaptiveSchema): TemplateCondition[] {
  const { signed, unsigned } = claimsOf(schema);
  return [
    ...signed.map(([name, c]) => ({ description: c.description || `Visitor is ${name}`, condition: `visitor.claims.${name}` })),
    ...unsigned.map(([name, c]) => ({ description: c.description || `Visitor is ${name} (unsigned claim)`, condition: `visitor.claims.unsigned.${name}` })),
  ];
}
