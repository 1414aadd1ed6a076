import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { TeamEvent, TeamRole, teamStream } from './team.events';
import { TEAM_MEMBERS, TeamDoc, TeamMemberDoc, teamProjection, TEAMS } from './team.projection';

const spec = projectionSpec<TeamEvent>(teamProjection, { stream: (e) => teamStream(e.data.teamId) });
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-02T00:00:00.000Z';
const organizationId = 'o1';

const created = (teamId: string, title = 'Writers'): TeamEvent => ({ type: 'TeamCreated', data: { teamId, organizationId, title, createdAt: now } });
const renamed = (teamId: string, title: string, previousTitle = 'Writers'): TeamEvent => ({
  type: 'TeamRenamed',
  data: { teamId, organizationId, title, previousTitle, renamedAt: later },
});
const deleted = (teamId: string): TeamEvent => ({ type: 'TeamDeleted', data: { teamId, organizationId, deletedAt: later } });
const added = (teamId: string, userId: string, role: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { teamId, organizationId, userId, role, addedAt: now },
});
const roleChanged = (teamId: string, userId: string, role: TeamRole, previousRole: TeamRole): TeamEvent => ({
  type: 'TeamMemberRoleChanged',
  data: { teamId, organizationId, userId, role, previousRole, changedAt: later },
});
const removed = (teamId: string, userId: string, previousRole: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberRemoved',
  data: { teamId, organizationId, userId, previousRole, removedAt: later },
});

const team = (teamId: string, title: string, titleFolded: string, streamRevision: string): TeamDoc => ({
  id: teamId,
  organizationId,
  title,
  titleFolded,
  createdAt: now,
  streamRevision,
});
const membership = (teamId: string, userId: string, role: TeamRole = 'member'): TeamMemberDoc => ({
  id: `${teamId}:${userId}`,
  teamId,
  organizationId,
  userId,
  role,
  addedAt: now,
});

describe('team projection', () => {
  it('creates a team with its folded title and the revision of its stream', () =>
    spec.given([created('t1', 'Ünïcode WRITERS')]).then(TEAMS, [team('t1', 'Ünïcode WRITERS', 'ünïcode writers', '0')]));

  it('renames a team, folding the new title', () =>
    spec.given([created('t1'), renamed('t1', 'ＥＤＩＴＯＲＳ')]).thenDocument(TEAMS, 't1', team('t1', 'ＥＤＩＴＯＲＳ', 'editors', '1')));

  it('finds teams by a case-insensitive title fragment, in folded title order', () =>
    spec
      .given([created('t1', 'Writers'), created('t2', 'API writers'), created('t3', 'Editors')])
      .thenFinds(TEAMS, { filter: { organizationId, titleFolded: { $contains: 'writ' } }, sort: { field: 'titleFolded', direction: 'asc' } }, ['t2', 't1']));

  it('adds a member, and the team\u2019s ETag moves', () =>
    spec.given([created('t1'), added('t1', 'u1', 'owner')]).thenCollections({
      [TEAMS]: [team('t1', 'Writers', 'writers', '1')],
      [TEAM_MEMBERS]: [membership('t1', 'u1', 'owner')],
    }));

  it('changes a member\u2019s role, and the team\u2019s ETag moves', () =>
    spec.given([created('t1'), added('t1', 'u1'), roleChanged('t1', 'u1', 'owner', 'member')]).thenCollections({
      [TEAMS]: [team('t1', 'Writers', 'writers', '2')],
      [TEAM_MEMBERS]: [membership('t1', 'u1', 'owner')],
    }));

  it('removes a member, and the team\u2019s ETag moves', () =>
    spec.given([created('t1'), added('t1', 'u1'), added('t1', 'u2'), removed('t1', 'u1')]).thenCollections({
      [TEAMS]: [team('t1', 'Writers', 'writers', '3')],
      [TEAM_MEMBERS]: [membership('t1', 'u2')],
    }));

  it('deletes a team with its memberships, leaving other teams\u2019 alone', () =>
    spec.given([created('t1'), created('t2', 'Editors'), added('t1', 'u1'), added('t2', 'u1'), deleted('t1')]).thenCollections({
      [TEAMS]: [team('t2', 'Editors', 'editors', '1')],
      [TEAM_MEMBERS]: [membership('t2', 'u1')],
    }));

  it('finds a member\u2019s teams within an organization', () =>
    spec
      .given([created('t1'), created('t2'), added('t1', 'u1'), added('t2', 'u2'), added('t2', 'u1')])
      .thenFinds(TEAM_MEMBERS, { filter: { organizationId, userId: 'u1' } }, ['t1:u1', 't2:u1']));

  const history = [
    created('t1'),
    created('t2', 'Editors'),
    added('t1', 'u1'),
    added('t1', 'u2'),
    roleChanged('t1', 'u1', 'owner', 'member'),
    renamed('t1', 'Authors'),
    removed('t1', 'u2'),
    added('t2', 'u1'),
    deleted('t2'),
  ];

  it('is unchanged by replays', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
