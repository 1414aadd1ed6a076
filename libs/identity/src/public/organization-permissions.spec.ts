import { Forbidden } from '@folio/platform/domain/errors';
import { assertAllowed, organizationPermissions } from './organization-permissions';

const granted = (role: Parameters<typeof organizationPermissions>[0], ownsTeam = false) =>
  Object.entries(organizationPermissions(role, ownsTeam))
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

describe('organization permissions', () => {
  it('follow the role table', () => {
    expect(granted(null)).toEqual(['view']);
    expect(granted('read')).toEqual(['access', 'listMembers', 'listTeams', 'view']);
    expect(granted('comment')).toEqual(granted('read'));
    expect(granted('edit')).toEqual(['access', 'ingestConversations', 'listInstallations', 'listIntegrations', 'listMembers', 'listTeams', 'view']);
    expect(granted('review')).toEqual(granted('edit'));
    expect(granted('create')).toEqual([...granted('edit'), 'createContent', 'createOpenAPISpec'].sort());
    expect(granted('admin')).toEqual(Object.keys(organizationPermissions('admin')).sort());
  });
  it('grant ownTeam to team owners', () => {
    expect(organizationPermissions('read', true).ownTeam).toBe(true);
    expect(organizationPermissions('read').ownTeam).toBe(false);
  });
  it('refuse with Forbidden', () => {
    expect(() => assertAllowed(false, 'do it')).toThrow(Forbidden);
    expect(() => assertAllowed(true, 'do it')).not.toThrow();
  });
});
