import { Decider } from '@folio/platform/domain/decider';
import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { SAMLProviderEvent, SAMLProviderSettings } from './saml-provider.events';

export const SAML_LABEL_MAX = 30;

export type SAMLProviderState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; samlProviderId: string; organizationId: string; settings: SAMLProviderSettings };

/**
 * Commands name the organization they come through: a provider is found only inside its own
 * organization, so an id from another organization is as unknown as a made-up one.
 */
export type SAMLProviderCommand =
  | { type: 'CreateSAMLProvider'; samlProviderId: string; organizationId: string; settings: SAMLProviderSettings; now: string }
  | { type: 'UpdateSAMLProvider'; organizationId: string; changes: Partial<SAMLProviderSettings>; now: string }
  | { type: 'DeleteSAMLProvider'; organizationId: string; now: string };

export const samlProviderDecider: Decider<SAMLProviderCommand, SAMLProviderEvent, SAMLProviderState> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'SAMLProviderCreated': {
        const { samlProviderId, organizationId, createdAt: _createdAt, ...settings } = event.data;
        return { status: 'active', samlProviderId, organizationId, settings };
      }
      case 'SAMLProviderUpdated':
        if (state.status === 'none') return state;
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      case 'SAMLProviderDeleted':
        if (state.status === 'none') return state;
        return { ...state, status: 'deleted' };
    }
  },

  decide(command, state) {
    if (command.type === 'CreateSAMLProvider') {
      if (state.status !== 'none') throw new Conflict('SAML provider already exists');
      const { samlProviderId, organizationId, settings, now } = command;
      assertLabel(settings.label);
      return [{ type: 'SAMLProviderCreated', data: { samlProviderId, organizationId, ...settings, createdAt: now } }];
    }
    if (state.status === 'none' || state.organizationId !== command.organizationId) throw new NotFound('SAML provider');
    const { samlProviderId, organizationId } = state;
    switch (command.type) {
      case 'UpdateSAMLProvider': {
        if (state.status !== 'active') throw new NotFound('SAML provider');
        const changes: Partial<SAMLProviderSettings> = {};
        const before: Partial<SAMLProviderSettings> = {};
        for (const [key, value] of Object.entries(command.changes) as [keyof SAMLProviderSettings, unknown][]) {
          if (value === undefined || value === state.settings[key]) continue;
          Object.assign(changes, { [key]: value });
          Object.assign(before, { [key]: state.settings[key] });
        }
        if (changes.label !== undefined) assertLabel(changes.label);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'SAMLProviderUpdated', data: { samlProviderId, organizationId, changes, before, updatedAt: command.now } }];
      }
      case 'DeleteSAMLProvider':
        // Deleting is idempotent: a provider already gone stays gone and nothing more is written.
        if (state.status === 'deleted') return [];
        return [{ type: 'SAMLProviderDeleted', data: { samlProviderId, organizationId, deletedAt: command.now } }];
    }
  },
};

function assertLabel(label: string) {
  const length = [...label].length;
  if (length < 1 || length > SAML_LABEL_MAX || label.trim() === '') {
    throw new Invalid(`label must be 1 to ${SAML_LABEL_MAX} characters, not all blank`);
  }
}
