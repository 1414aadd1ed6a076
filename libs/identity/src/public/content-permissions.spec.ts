import { collectionPermissions, spacePermissions } from './content-permissions';
import { canManageTeam } from '../permissions/team-permissions';

const granted = (permissions: Record<string, boolean>) =>
  Object.entries(permissions)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

describe('content and team permissions', () => {
  it('follow the role order on spaces', () => {
    expect(granted(spacePermissions(null))).toEqual([]);
    expect(granted(spacePermissions('read'))).toEqual(['access', 'view']);
    expect(granted(spacePermissions('comment'))).toEqual(['access', 'comment', 'view']);
    expect(granted(spacePermissions('edit'))).toEqual(['access', 'comment', 'edit', 'merge', 'triggerGitSync', 'view']);
    expect(granted(spacePermissions('review'))).toEqual(['access', 'comment', 'edit', 'merge', 'review', 'triggerGitSync', 'view']);
    expect(granted(spacePermissions('create'))).toEqual(granted(spacePermissions('review')));
    expect(granted(spacePermissions('admin'))).toEqual(Object.keys(spacePermissions('admin')).sort());
  });
  it('follow the role order on collections', () => {
    expect(granted(collectionPermissions('edit'))).toEqual(['view']);
    expect(granted(collectionPermissions('create'))).toEqual(['create', 'view']);
    expect(granted(collectionPermissions('admin'))).toEqual(['admin', 'create', 'view', 'viewInviteLinks']);
  });
  it('let organization admins and team owners manage a team', () => {
    expect(canManageTeam('admin', null)).toBe(true);
    expect(canManageTeam('read', 'owner')).toBe(true);
    expect(canManageTeam('create', 'member')).toBe(false);
    expect(canManageTeam(null, null)).toBe(false);
  });
});
