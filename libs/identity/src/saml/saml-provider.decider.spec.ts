import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { samlProviderDecider } from './saml-provider.decider';
import { SAMLProviderEvent, SAMLProviderSettings } from './saml-provider.events';

const spec = deciderSpec(samlProviderDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const settings: SAMLProviderSettings = {
  label: 'Okta',
  entityID: 'http://www.okta.com/abc',
  ssoURL: 'https://acme.okta.com/app/sso/saml',
  certificate: '-----BEGIN CERTIFICATE-----\nMIID\n-----END CERTIFICATE-----',
  defaultTeam: 't1',
  defaultRole: 'read',
};
const created: SAMLProviderEvent = {
  type: 'SAMLProviderCreated',
  data: { samlProviderId: 'p1', organizationId: 'o1', ...settings, createdAt: now },
};
const relabelled: SAMLProviderEvent = {
  type: 'SAMLProviderUpdated',
  data: { samlProviderId: 'p1', organizationId: 'o1', changes: { label: 'Okta SSO' }, before: { label: 'Okta' }, updatedAt: later },
};
const deleted: SAMLProviderEvent = {
  type: 'SAMLProviderDeleted',
  data: { samlProviderId: 'p1', organizationId: 'o1', deletedAt: later },
};

describe('SAML provider decider', () => {
  describe('CreateSAMLProvider', () => {
    it('creates a provider', () =>
      spec
        .given([])
        .when({ type: 'CreateSAMLProvider', samlProviderId: 'p1', organizationId: 'o1', settings, now })
        .then([created]));

    it('creates a provider from a label alone, to be configured later', () => {
      const bare = { label: 'Later', entityID: null, ssoURL: null, certificate: null, defaultTeam: null, defaultRole: null };
      spec
        .given([])
        .when({ type: 'CreateSAMLProvider', samlProviderId: 'p2', organizationId: 'o1', settings: bare, now })
        .then([{ type: 'SAMLProviderCreated', data: { samlProviderId: 'p2', organizationId: 'o1', ...bare, createdAt: now } }]);
    });

    it('refuses to create an existing provider, even a deleted one', () => {
      const command = { type: 'CreateSAMLProvider' as const, samlProviderId: 'p1', organizationId: 'o1', settings, now };
      spec.given([created]).when(command).thenThrows(Conflict);
      spec.given([created, deleted]).when(command).thenThrows(Conflict);
    });

    it('refuses a blank or over-long label', () => {
      for (const label of ['', '   ', 'x'.repeat(31)]) {
        spec
          .given([])
          .when({ type: 'CreateSAMLProvider', samlProviderId: 'p1', organizationId: 'o1', settings: { ...settings, label }, now })
          .thenThrows(Invalid, /label/);
      }
    });
  });

  describe('UpdateSAMLProvider', () => {
    it('records only the fields that change, with their old values', () =>
      spec
        .given([created])
        .when({
          type: 'UpdateSAMLProvider',
          organizationId: 'o1',
          changes: { label: 'Okta SSO', entityID: settings.entityID, ssoURL: undefined },
          now: later,
        })
        .then([relabelled]));

    it('changes every field at once, and clears the default role (guests)', () =>
      spec
        .given([created, relabelled])
        .when({
          type: 'UpdateSAMLProvider',
          organizationId: 'o1',
          changes: {
            label: 'Entra',
            entityID: 'https://sts.windows.net/x/',
            ssoURL: 'https://login.microsoftonline.com/x/saml2',
            certificate: 'other',
            defaultTeam: 't2',
            defaultRole: null,
          },
          now: later,
        })
        .then([
          {
            type: 'SAMLProviderUpdated',
            data: {
              samlProviderId: 'p1',
              organizationId: 'o1',
              changes: {
                label: 'Entra',
                entityID: 'https://sts.windows.net/x/',
                ssoURL: 'https://login.microsoftonline.com/x/saml2',
                certificate: 'other',
                defaultTeam: 't2',
                defaultRole: null,
              },
              before: { ...settings, label: 'Okta SSO' },
              updatedAt: later,
            },
          },
        ]));

    it('writes nothing when nothing changes', () => {
      spec.given([created, relabelled]).when({ type: 'UpdateSAMLProvider', organizationId: 'o1', changes: { label: 'Okta SSO' }, now }).then([]);
      spec.given([created]).when({ type: 'UpdateSAMLProvider', organizationId: 'o1', changes: {}, now }).then([]);
      spec.given([created]).when({ type: 'UpdateSAMLProvider', organizationId: 'o1', changes: { ...settings }, now }).then([]);
    });

    it('refuses a blank label', () =>
      spec.given([created]).when({ type: 'UpdateSAMLProvider', organizationId: 'o1', changes: { label: ' ' }, now }).thenThrows(Invalid));

    it('does not find a missing or deleted provider, nor one of another organization', () => {
      const command = { type: 'UpdateSAMLProvider' as const, organizationId: 'o1', changes: { label: 'X' }, now };
      spec.given([]).when(command).thenThrows(NotFound);
      spec.given([created, deleted]).when(command).thenThrows(NotFound);
      spec.given([created]).when({ ...command, organizationId: 'o2' }).thenThrows(NotFound);
    });
  });

  describe('DeleteSAMLProvider', () => {
    it('deletes a provider', () =>
      spec.given([created, relabelled]).when({ type: 'DeleteSAMLProvider', organizationId: 'o1', now: later }).then([deleted]));

    it('writes nothing when the provider is already deleted', () =>
      spec.given([created, deleted]).when({ type: 'DeleteSAMLProvider', organizationId: 'o1', now }).then([]));

    it('does not find a missing provider, nor one of another organization', () => {
      spec.given([]).when({ type: 'DeleteSAMLProvider', organizationId: 'o1', now }).thenThrows(NotFound);
      spec.given([created]).when({ type: 'DeleteSAMLProvider', organizationId: 'o2', now }).thenThrows(NotFound);
    });
  });
});
