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
    merge: atLeast(role, 'review'),
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
