import { Decider } from '@folio/platform/domain/decider';
import { withEntry } from '@folio/platform/domain/with-entry';
import { applyOverride, DEFAULT_CUSTOMIZATION, mergeSettings, sameJson } from './customization-settings';
import { CustomizationEvent, CustomizationSettings } from './customization.events';

/** Every site has a customization from the start (the defaults): `settings` null until one is set. */
export interface CustomizationState {
  settings: CustomizationSettings | null;
  /** By site-space id (from the path: a Map, so `__proto__` is no override). */
  overrides: ReadonlyMap<string, CustomizationSettings>;
}

type Ref = { siteId: string; organizationId: string };

/** Settings and changes arrive validated (the API's schema); the decider only decides what changes. */
export type CustomizationCommand =
  | (Ref & { type: 'ReplaceSiteCustomization'; settings: CustomizationSettings; now: string })
  | (Ref & { type: 'OverrideSiteSpaceCustomization'; siteSpaceId: string; changes: CustomizationSettings; now: string })
  | (Ref & { type: 'RemoveSiteSpaceCustomization'; siteSpaceId: string; now: string });

export const initialState: CustomizationState = { settings: null, overrides: new Map() };

export function evolve(state: CustomizationState, event: CustomizationEvent): CustomizationState {
  switch (event.type) {
    case 'SiteCustomizationReplaced':
      return { ...state, settings: event.data.settings };
    case 'SiteSpaceCustomizationOverridden':
      return { ...state, overrides: withEntry(state.overrides, event.data.siteSpaceId, event.data.override) };
    case 'SiteSpaceCustomizationRemoved':
      return { ...state, overrides: withEntry(state.overrides, event.data.siteSpaceId, undefined) };
  }
}

export function decide(command: CustomizationCommand, state: CustomizationState): CustomizationEvent[] {
  const ref = { siteId: command.siteId, organizationId: command.organizationId };
  switch (command.type) {
    case 'ReplaceSiteCustomization':
      // Settings that read the same (the defaults given explicitly, or left out) change nothing.
      if (state.settings !== null && sameJson(effective(state.settings), effective(command.settings))) return [];
      return [{ type: 'SiteCustomizationReplaced', data: { ...ref, settings: command.settings, replacedAt: command.now } }];
    case 'OverrideSiteSpaceCustomization': {
      const current = state.overrides.get(command.siteSpaceId);
      const override = applyOverride(current ?? {}, command.changes);
      // Nothing set, or nothing that differs: nothing is written.
      if (current === undefined ? Object.keys(override).length === 0 : sameJson(current, override)) return [];
      return [{ type: 'SiteSpaceCustomizationOverridden', data: { ...ref, siteSpaceId: command.siteSpaceId, override, overriddenAt: command.now } }];
    }
    case 'RemoveSiteSpaceCustomization':
      if (!state.overrides.has(command.siteSpaceId)) return [];
      return [{ type: 'SiteSpaceCustomizationRemoved', data: { ...ref, siteSpaceId: command.siteSpaceId, removedAt: command.now } }];
  }
}

const effective = (settings: CustomizationSettings) => mergeSettings(DEFAULT_CUSTOMIZATION, settings);

export const customizationDecider: Decider<CustomizationCommand, CustomizationEvent, CustomizationState> = { initialState, evolve, decide };
