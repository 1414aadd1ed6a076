import { Role } from '@folio/platform/domain/roles';

export type MergeRule = { rule: string; users?: string[]; expression?: string; message?: string };

/** `inherit` exists for spaces only: an organization is where inheritance ends. */
export type OrganizationMergeRules = { type: 'rules'; rules: MergeRule[] } | { type: 'none' };

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
  mergeRules: OrganizationMergeRules;
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
