import { atLeast, Role } from '@folio/platform/domain/roles';

/** The space row of the permission table: what an effective role on a space allows. */
export function spacePermissions(role: Role | null) {
  return {
    view: role !== null,
    access: role !== null,
    comment: atLeast(role, 'comment'),
    edit: atLeast(role, 'edit'),
    triggerGitSync: atLeast(role, 'edit'),
    review: atLeast(role, 'review'),
    // Merging is an editor's act (the rule); merge rules may still ask for reviews first.
    merge: atLeast(role, 'edit'),
    admin: atLeast(role, 'admin'),
    viewInviteLinks: atLeast(role, 'admin'),
    installIntegration: atLeast(role, 'admin'),
  };
}

/** The collection row: `create` is creating content inside it. */
export function collectionPermissions(role: Role | null) {
  return {
    view: role !== null,
    create: atLeast(role, 'create'),
    admin: atLeast(role, 'admin'),
    viewInviteLinks: atLeast(role, 'admin'),
  };
}
