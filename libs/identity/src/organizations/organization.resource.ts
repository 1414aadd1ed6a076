import { FolioConfig } from '@folio/platform/config/config';
import { withETag } from '@folio/platform/http/etag';
import { organizationPermissions } from '../public/organization-permissions';
import { OrganizationView } from './organization.reads';

/** The Organization resource: the seed's fields and what the client's spec requires, for one caller. */
export function organizationResource({ organization: o, membership }: OrganizationView, config: FolioConfig) {
  return withETag({
    object: 'organization' as const,
    id: o.id,
    title: o.title,
    createdAt: o.createdAt,
    emailDomains: o.emailDomains,
    ...(o.hostname ? { hostname: o.hostname } : {}),
    type: 'business' as const,
    defaultRole: o.defaultRole,
    ...(o.defaultContent ? { defaultContent: o.defaultContent } : {}),
    sso: o.sso,
    ai: o.ai,
    inviteLinks: o.inviteLinks,
    // Self-hosted: there is no billing, every organization is on the one plan and no trial applies.
    plan: 'free' as const,
    trial: { status: 'notapplicable' as const, count: 0 },
    mergeRules: o.mergeRules,
    urls: {
      location: `${config.publicUrl}/v1/orgs/${o.id}`,
      app: `${config.appUrl}/o/${o.id}`,
      ...(o.logo ? { logo: o.logo } : {}),
    },
    permissions: organizationPermissions(membership.role),
  }, o.streamRevision);
}

export type OrganizationResource = ReturnType<typeof organizationResource>;
