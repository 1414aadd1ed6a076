import { Invalid } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { SiteAdaptiveSchemaCommand, siteAdaptiveSchemaDecider } from './adaptive-schema.decider';
import { AdaptiveSchema, SiteAdaptiveSchemaEvent } from './adaptive-schema.events';

const spec = deciderSpec(siteAdaptiveSchemaDecider);
const now = '2026-01-02T00:00:00.000Z';
const ids = { siteId: 'site1', organizationId: 'o1' };

const beta: AdaptiveSchema = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta testers' } }, additionalProperties: false };
const withTrial: AdaptiveSchema = {
  type: 'object',
  properties: {
    beta: { type: 'boolean' },
    unsigned: { type: 'object', properties: { trial: { type: 'boolean' } }, additionalProperties: false },
  },
  additionalProperties: false,
};

const set = (jsonSchema: unknown): SiteAdaptiveSchemaCommand => ({ type: 'SetSiteAdaptiveSchema', ...ids, jsonSchema, now });
const wasSet = (jsonSchema: AdaptiveSchema, updatedAt = now): SiteAdaptiveSchemaEvent => ({ type: 'SiteAdaptiveSchemaSet', data: { ...ids, jsonSchema, updatedAt } });

describe('site adaptive schema decider', () => {
  it('sets a first schema', () => spec.given([]).when(set(beta)).then([wasSet(beta)]));

  it('replaces a schema with another', () => spec.given([wasSet(beta, '2026-01-01T00:00:00.000Z')]).when(set(withTrial)).then([wasSet(withTrial)]));

  it('writes nothing when the same schema is set twice', () => spec.given([wasSet(withTrial, '2026-01-01T00:00:00.000Z')]).when(set(structuredClone(withTrial))).then([]));

  it('writes the same claims in another order: the order is the template conditions’', () => {
    const ab: AdaptiveSchema = { type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'boolean' } }, additionalProperties: false };
    const ba: AdaptiveSchema = { type: 'object', properties: { b: { type: 'boolean' }, a: { type: 'boolean' } }, additionalProperties: false };
    spec.given([wasSet(ab)]).when(set(ba)).then([wasSet(ba)]);
  });

  it('refuses a schema the meta-schema refuses, naming the fault', () =>
    spec.given([wasSet(beta)]).when(set({ type: 'object', properties: { plan: { type: 'string' } }, additionalProperties: false })).thenThrows(Invalid, 'jsonSchema.properties.plan.type must be "boolean"'));

  it('refuses what is not a schema at all', () => spec.given([]).when(set('beta')).thenThrows(Invalid, 'jsonSchema must be object'));
});
