import { FolioConfig } from '@folio/platform/config/config';
import { withETag } from '@folio/platform/http/etag';
import { teamResource } from '../teams/team.resource';
import { SAMLProviderDoc } from './saml-provider.projection';
import { SAMLProviderView } from './saml-provider.reads';

/** Folio's side of the SAML exchange for one provider: what the identity provider is told about us. */
export function serviceProvider(config: FolioConfig, samlProviderId: string) {
  const entityID = `${config.publicUrl}/sso/saml/${samlProviderId}`;
  return { acsURL: `${entityID}/acs`, startURL: `${entityID}/start`, entityID };
}

/**
 * The SAML provider resource (`saml-provider`), shown to organization admins only. Fields not set yet
 * (a provider created from a label alone) are empty strings: the client's spec requires them.
 */
export function samlProviderResource({ provider: p, team }: SAMLProviderView, config: FolioConfig) {
  return withETag({
    object: 'saml-provider' as const,
    id: p.id,
    label: p.label,
    ssoURL: p.ssoURL ?? '',
    entityID: p.entityID ?? '',
    certificate: p.certificate ?? '',
    // The spec embeds the Team; the caller is an organization admin, who may manage every team.
    ...(team ? { defaultTeam: teamResource(team.team, team.counts, { admin: true }) } : {}),
    defaultRole: p.defaultRole,
    createdAt: p.createdAt,
    // `active` means a login went through; there is no SAML login flow yet, so every provider is pending.
    status: 'pending' as const,
    service: serviceProvider(config, p.id),
    urls: { location: `${config.publicUrl}/v1/orgs/${p.organizationId}/saml/${p.id}` },
  }, p.streamRevision);
}

export type SAMLProviderResource = ReturnType<typeof samlProviderResource>;

/** An item of the SSO login chooser (GET /orgs/{id}/sso): what any member needs to start a login. */
export function ssoProviderLogin(p: SAMLProviderDoc, config: FolioConfig) {
  return { id: p.id, label: p.label, startURL: serviceProvider(config, p.id).startURL };
}

export type SSOProviderLogin = ReturnType<typeof ssoProviderLogin>;

