import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { SAMLProviderEvent, SAMLProviderSettings, samlProviderStream } from './saml-provider.events';
import { SAML_PROVIDERS, SAMLProviderDoc, samlProviderProjection } from './saml-provider.projection';

const spec = projectionSpec<SAMLProviderEvent>(samlProviderProjection, { stream: (e) => samlProviderStream(e.data.samlProviderId) });
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const organizationId = 'o1';

const settings: SAMLProviderSettings = {
  label: 'Okta',
  entityID: null,
  ssoURL: null,
  certificate: null,
  defaultTeam: null,
  defaultRole: 'read',
};
const created = (samlProviderId: string, label = 'Okta'): SAMLProviderEvent => ({
  type: 'SAMLProviderCreated',
  data: { samlProviderId, organizationId, createdAt: now, ...settings, label },
});
const updated = (samlProviderId: string, changes: Partial<SAMLProviderSettings>, before: Partial<SAMLProviderSettings>): SAMLProviderEvent => ({
  type: 'SAMLProviderUpdated',
  data: { samlProviderId, organizationId, changes, before, updatedAt: later },
});
const deleted = (samlProviderId: string): SAMLProviderEvent => ({ type: 'SAMLProviderDeleted', data: { samlProviderId, organizationId, deletedAt: later } });

const provider = (id: string, fields: Partial<SAMLProviderDoc> = {}): SAMLProviderDoc => ({
  id,
  organizationId,
  ...settings,
  createdAt: now,
  updatedAt: now,
  streamRevision: '0',
  ...fields,
});

describe('SAML provider projection', () => {
  it('creates a provider from its label alone, the rest unset', () => spec.given([created('s1')]).then(SAML_PROVIDERS, [provider('s1')]));

  it('sets only the changed fields, keeping the others, and moves the ETag', () =>
    spec
      .given([
        created('s1'),
        updated('s1', { entityID: 'https://idp.test/entity', certificate: 'PEM', defaultRole: null }, { entityID: null, certificate: null, defaultRole: 'read' }),
      ])
      .thenDocument(
        SAML_PROVIDERS,
        's1',
        provider('s1', { entityID: 'https://idp.test/entity', certificate: 'PEM', defaultRole: null, updatedAt: later, streamRevision: '1' }),
      ));

  it('deletes a provider, and only that one', () =>
    spec.given([created('s1'), created('s2', 'Azure'), deleted('s1')]).then(SAML_PROVIDERS, [provider('s2', { label: 'Azure' })]));

  const history = [created('s1'), created('s2'), updated('s1', { label: 'Okta EU' }, { label: 'Okta' }), deleted('s2')];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
