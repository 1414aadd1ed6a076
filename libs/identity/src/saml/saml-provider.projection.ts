import { defineProjection } from '@folio/platform/projections/projection';
import { SAMLProviderEvent, SAMLProviderSettings } from './saml-provider.events';

export const SAML_PROVIDERS = 'samlProviders';

export type SAMLProviderDoc = SAMLProviderSettings & {
  /** The samlProviderId. */
  id: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
  /** Revision of the provider's stream: its ETag. */
  streamRevision: string;
  [key: string]: unknown;
};

export const samlProviderProjection = defineProjection<SAMLProviderEvent>(
  'identity-saml',
  [{ name: SAML_PROVIDERS, indexes: [['organizationId', 'createdAt']] }],
  {
    SAMLProviderCreated: async ({ data, revision }, tx) => {
      const { samlProviderId, organizationId, createdAt, label, entityID, ssoURL, certificate, defaultTeam, defaultRole } = data;
      const doc: SAMLProviderDoc = {
        id: samlProviderId,
        organizationId,
        label,
        entityID,
        ssoURL,
        certificate,
        defaultTeam,
        defaultRole,
        createdAt,
        updatedAt: createdAt,
        streamRevision: String(revision),
      };
      await tx.upsert(SAML_PROVIDERS, doc);
    },
    SAMLProviderUpdated: async ({ data, revision }, tx) =>
      tx.patch(SAML_PROVIDERS, data.samlProviderId, { ...data.changes, updatedAt: data.updatedAt, streamRevision: String(revision) }),
    SAMLProviderDeleted: async ({ data }, tx) => tx.delete(SAML_PROVIDERS, data.samlProviderId),
  },
);
