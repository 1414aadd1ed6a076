import { MergeRules } from '@folio/platform/domain/merge-rules';
import { Role } from '@folio/platform/domain/roles';

/** An organization hostname (the subdomain its published content is served at): 3 to 32 lowercase letters, digits and inner dashes. */
export const HOSTNAME = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

/** Everything PATCH /orgs/{id} may change. `null` clears a nullable setting. */
export interface OrganizationSettings {
  title: string;
  emailDomains: string[];
  hostname: string | null;
  defaultRole: Role | null;
  defaultContent: { type: 'site'; site: string } | null;
  logo: string | null;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  /** No `inherit` here: an organization is where inheritance ends. */
  mergeRules: MergeRules;
}

export function defaultSettings(title: string, emailDomains: string[]): OrganizationSettings {
  return {
    title,
    emailDomains,
    hostname: null,
    defaultRole: 'read',
    defaultContent: null,
    logo: null,
    sso: false,
    ai: false,
    inviteLinks: true,
    mergeRules: { type: 'rules', rules: [] },
  };
}
