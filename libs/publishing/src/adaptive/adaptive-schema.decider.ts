import { Decider } from '@folio/platform/domain/decider';
import { validateAdaptiveSchema } from './adaptive-schema';
import { AdaptiveSchema, SiteAdaptiveSchemaEvent } from './adaptive-schema.events';

export type SiteAdaptiveSchemaState = { status: 'none' } | { status: 'set'; organizationId: string; jsonSchema: AdaptiveSchema };

export const initialState: SiteAdaptiveSchemaState = { status: 'none' };

/** `jsonSchema` as the request gave it: the decider judges it against the meta-schema. */
export type SiteAdaptiveSchemaCommand = { type: 'SetSiteAdaptiveSchema'; siteId: string; organizationId: string; jsonSchema: unknown; now: string };

export function evolve(state: SiteAdaptiveSchemaState, event: SiteAdaptiveSchemaEvent): SiteAdaptiveSchemaState {
  switch (event.type) {
    case 'SiteAdaptiveSchemaSet':
      return { status: 'set', organizationId: event.data.organizationId, jsonSchema: event.data.jsonSchema };
    default:
      return state;
  }
}

/**
 * Key order counts: it is the order of the template conditions. JSON bodies hold JSON values only, so
 * their serializations are equal exactly when the values are.
 */
const same = (a: AdaptiveSchema, b: AdaptiveSchema) => JSON.stringify(a) === JSON.stringify(b);

export function decide(command: SiteAdaptiveSchemaCommand, state: SiteAdaptiveSchemaState): SiteAdaptiveSchemaEvent[] {
  switch (command.type) {
    case 'SetSiteAdaptiveSchema': {
      const jsonSchema = validateAdaptiveSchema(command.jsonSchema);
      if (state.status === 'set' && same(state.jsonSchema, jsonSchema)) return [];
      return [{ type: 'SiteAdaptiveSchemaSet', data: { siteId: command.siteId, organizationId: command.organizationId, jsonSchema, updatedAt: command.now } }];
    }
  }
}

export const siteAdaptiveSchemaDecider: Decider<SiteAdaptiveSchemaCommand, SiteAdaptiveSchemaEvent, SiteAdaptiveSchemaState> = { initialState, evolve, decide };
