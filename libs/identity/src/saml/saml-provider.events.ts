import { Role } from '@folio/platform/domain/roles';

/**
 * What an organization admin may set on a SAML provider. `null` means not set yet: a provider can be
 * created from a label alone and configured once the identity provider's details are known.
 */
export type SAMLProviderSettings = {
  label: string;
  /** The identity provider's entity ID. */
  entityID: string | null;
  /** The identity provider's single sign-on URL. */
  ssoURL: string | null;
  /** The identity provider's signing certificate, PEM. */
  certificate: string | null;
  /** The team users signing in through this provider join. */
  defaultTeam: string | null;
  /** The organization role users signing in through this provider get; `null` makes them guests. */
  defaultRole: Role | null;
};

/** Every event carries `samlProviderId` and `organizationId`, so consumers never need the stream's history. */
export type SAMLProviderEvent =
  | {
      type: 'SAMLProviderCreated';
      data: { samlProviderId: string; organizationId: string; createdAt: string } & SAMLProviderSettings;
    }
  | {
      /** Only the fields that changed; `before` holds their old values, for the audit trail. */
      type: 'SAMLProviderUpdated';
      data: {
        samlProviderId: string;
        organizationId: string;
        changes: Partial<SAMLProviderSettings>;
        before: Partial<SAMLProviderSettings>;
        updatedAt: string;
      };
    }
  | {
      type: 'SAMLProviderDeleted';
      data: { samlProviderId: string; organizationId: string; deletedAt: string };
    };

export const samlProviderStream = (samlProviderId: string) => `samlProvider-${samlProviderId}`;
