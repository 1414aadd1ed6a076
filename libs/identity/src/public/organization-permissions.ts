import { Forbidden } from '@folio/platform/domain/errors';
import { atLeast, Role } from '@folio/platform/domain/roles';

export type OrganizationPermissions = Record<
  | 'view'
  | 'access'
  | 'admin'
  | 'ownTeam'
  | 'createContent'
  | 'createOpenAPISpec'
  | 'ingestConversations'
  | 'viewBilling'
  | 'listMembers'
  | 'listTeams'
  | 'listIntegrations'
  | 'listInstallations'
  | 'installIntegration',
  boolean
>;

/**
 * The organization's row of the permission table (ARCHITECTURE.md, Permissions). `role` is the
 * caller's membership role: null for a guest; callers who are not members never get this far (404).
 * The guards read the same booleans, so what a resource says the caller may do is what it may do.
 */
export function organizationPermissions(role: Role | null, ownsTeam = false): OrganizationPermissions {
  const member = role !== null;
  return {
    view: true,
    access: member,
    listMembers: member,
    listTeams: member,
    createContent: atLeast(role, 'create'),
    createOpenAPISpec: atLeast(role, 'create'),
    ingestConversations: atLeast(role, 'edit'),
    listIntegrations: atLeast(role, 'edit'),
    listInstallations: atLeast(role, 'edit'),
    admin: atLeast(role, 'admin'),
    installIntegration: atLeast(role, 'admin'),
    viewBilling: atLeast(role, 'admin'),
    ownTeam: atLeast(role, 'admin') || ownsTeam,
  };
}

/** Refuses with 403 what the permission booleans refuse. */
export function assertAllowed(allowed: boolean, what: string): void {
  if (!allowed) throw new Forbidden(`You are not allowed to ${what}`);
}
