import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { UNSIGNED_DESCRIPTION } from './adaptive-schema';
import { AdaptiveSchema } from './adaptive-schema.events';
import { SiteAdaptiveSchemaDoc } from './adaptive-schema.projection';
import { siteAdaptiveSchemaResource, templateConditionsResource, wireSchema } from './adaptive-schema.resource';

/** The official client's spec, as the e2e tests check responses against it (test/support/openapi.ts). */
const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(spec, 'spec');
function expectSchema(name: string, value: unknown) {
  const validate = ajv.getSchema(`spec#/components/schemas/${name}`)!;
  expect({ valid: validate(value), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
}

const site = { createdAt: '2026-01-01T00:00:00.000Z' };
const schema: AdaptiveSchema = {
  type: 'object',
  properties: {
    beta: { type: 'boolean' },
    unsigned: { type: 'object', properties: { trial: { type: 'boolean', description: 'On a trial' } }, additionalProperties: false },
    staff: { type: 'boolean', description: 'Works here' },
  },
  additionalProperties: false,
};
const doc: SiteAdaptiveSchemaDoc = { id: 'site1', organizationId: 'o1', jsonSchema: schema, updatedAt: '2026-01-05T00:00:00.000Z', position: '7' };

describe('site adaptive schema resource', () => {
  it('answers the empty schema as of the site’s creation for a site that never set one', () => {
    const resource = siteAdaptiveSchemaResource(null, site);
    expect(resource).toEqual({ object: 'site-adaptive-schema', jsonSchema: { type: 'object', properties: {}, additionalProperties: false }, updatedAt: site.createdAt });
    expectSchema('SiteAdaptiveSchema', resource);
  });

  it('answers a set schema as the spec shapes it: every claim described, the unsigned group with the spec’s text', () => {
    const resource = siteAdaptiveSchemaResource(doc, site);
    expect(resource).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: {
        type: 'object',
        properties: {
          beta: { type: 'boolean', description: '' },
          unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: { trial: { type: 'boolean', description: 'On a trial' } }, additionalProperties: false },
          staff: { type: 'boolean', description: 'Works here' },
        },
        additionalProperties: false,
      },
      updatedAt: doc.updatedAt,
    });
    expect(Object.keys(resource.jsonSchema.properties)).toEqual(['beta', 'unsigned', 'staff']);
    expectSchema('SiteAdaptiveSchema', resource);
  });

  it('keeps the $schema set beside the claims', () => {
    const withMore: AdaptiveSchema = { $schema: 'http://json-schema.org/draft-07/schema#', ...schema };
    expect(wireSchema(withMore)).toMatchObject({ $schema: withMore.$schema });
  });

  it('lists the template conditions of the schema, or none', () => {
    expect(templateConditionsResource(doc).items.map((i) => i.condition)).toEqual(['visitor.claims.beta', 'visitor.claims.staff', 'visitor.claims.unsigned.trial']);
    for (const item of templateConditionsResource(doc).items) expectSchema('SiteAdaptiveTemplateCondition', item);
    expect(templateConditionsResource(null)).toEqual({ items: [] });
  });
});
