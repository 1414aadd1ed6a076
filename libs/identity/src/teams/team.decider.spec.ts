import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { PROTOTYPE_KEYS } from '@folio/platform/testing/prototype-keys';
import { teamDecider } from './team.decider';
import { TeamEvent, TeamRole } from './team.events';

const spec = deciderSpec(teamDecider);
const now = '2026-01-01T00:00:00.000Z';
const ids = { teamId: 't1', organizationId: 'o1' };

const created: TeamEvent = { type: 'TeamCreated', data: { ...ids, title: 'Writers', createdAt: now } };
const added = (userId: string, role: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { ...ids, userId, role, addedAt: now },
});
const roleChanged = (userId: string, role: TeamRole, previousRole: TeamRole): TeamEvent => ({
  type: 'TeamMemberRoleChanged',
  data: { ...ids, userId, role, previousRole, changedAt: now },
});
const removed = (userId: string, previousRole: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberRemoved',
  data: { ...ids, userId, previousRole, removedAt: now },
});
const deleted: TeamEvent = { type: 'TeamDeleted', data: { ...ids, deletedAt: now } };

describe('team decider', () => {
  describe('CreateTeam', () => {
    it('creates a team without members', () =>
      spec.given([]).when({ type: 'CreateTeam', ...ids, title: 'Writers', members: [], now }).then([created]));

    it('creates a team with its first members, once each, as members', () =>
      spec
        .given([])
        .when({ type: 'CreateTeam', ...ids, title: 'Writers', members: ['u1', 'u2', 'u1'], now })
        .then([created, added('u1'), added('u2')]));

    it('refuses to create an existing team', () =>
      spec.given([created]).when({ type: 'CreateTeam', ...ids, title: 'Other', members: [], now }).thenThrows(Conflict));

    it('refuses to create a deleted team again', () =>
      spec.given([created, deleted]).when({ type: 'CreateTeam', ...ids, title: 'Other', members: [], now }).thenThrows(Conflict));

    it.each([
      ['empty', ''],
      ['blank', '   '],
      ['over 64 characters', 'x'.repeat(65)],
    ])('refuses a title that is %s', (_case, title) =>
      spec.given([]).when({ type: 'CreateTeam', ...ids, title, members: [], now }).thenThrows(Invalid, /title/));

    it('counts characters, not UTF-16 units', () =>
      spec
        .given([])
        .when({ type: 'CreateTeam', ...ids, title: '😀'.repeat(64), members: [], now })
        .then([{ type: 'TeamCreated', data: { ...ids, title: '😀'.repeat(64), createdAt: now } }]));
  });

  describe('RenameTeam', () => {
    it('renames, recording the previous title', () =>
      spec
        .given([created])
        .when({ type: 'RenameTeam', title: 'Editors', now })
        .then([{ type: 'TeamRenamed', data: { ...ids, title: 'Editors', previousTitle: 'Writers', renamedAt: now } }]));

    it('writes nothing when the title is unchanged', () =>
      spec.given([created]).when({ type: 'RenameTeam', title: 'Writers', now }).then([]));

    it('refuses an invalid title', () =>
      spec.given([created]).when({ type: 'RenameTeam', title: 'x'.repeat(65), now }).thenThrows(Invalid));

    it('refuses to rename a missing team', () =>
      spec.given([]).when({ type: 'RenameTeam', title: 'Editors', now }).thenThrows(NotFound));

    it('refuses to rename a deleted team', () =>
      spec.given([created, deleted]).when({ type: 'RenameTeam', title: 'Editors', now }).thenThrows(NotFound));
  });

  describe('DeleteTeam', () => {
    it('deletes a team', () => spec.given([created, added('u1')]).when({ type: 'DeleteTeam', now }).then([deleted]));

    it('refuses to delete a missing team', () => spec.given([]).when({ type: 'DeleteTeam', now }).thenThrows(NotFound));

    it('refuses to delete a team twice', () =>
      spec.given([created, deleted]).when({ type: 'DeleteTeam', now }).thenThrows(NotFound));
  });

  describe('ChangeMembers', () => {
    it('adds newcomers as members unless a role is given', () =>
      spec
        .given([created])
        .when({ type: 'ChangeMembers', add: [{ userId: 'u1' }, { userId: 'u2', role: 'owner' }], remove: [], now })
        .then([added('u1'), added('u2', 'owner')]));

    it("changes a member's role, recording the previous one", () =>
      spec
        .given([created, added('u1')])
        .when({ type: 'ChangeMembers', add: [{ userId: 'u1', role: 'owner' }], remove: [], now })
        .then([roleChanged('u1', 'owner', 'member')]));

    it("keeps a member's role when re-added without one, or with the same one", () =>
      spec
        .given([created, added('u1', 'owner'), added('u2')])
        .when({ type: 'ChangeMembers', add: [{ userId: 'u1' }, { userId: 'u2', role: 'member' }], remove: [], now })
        .then([]));

    it('removes members, recording their role', () =>
      spec
        .given([created, added('u1', 'owner'), added('u2')])
        .when({ type: 'ChangeMembers', add: [], remove: ['u1'], now })
        .then([removed('u1', 'owner')]));

    it('writes nothing when removing a user who is not in the team', () =>
      spec.given([created, added('u1')]).when({ type: 'ChangeMembers', add: [], remove: ['u9', 'u9'], now }).then([]));

    it.each(['__proto__', 'constructor', 'hasOwnProperty'])('finds no member named %s, and adds one as anyone else', (userId) => {
      spec.given([created, added('u1')]).when({ type: 'ChangeMembers', add: [], remove: [userId], now }).then([]);
      spec.given([created]).when({ type: 'ChangeMembers', add: [{ userId }], remove: [], now }).then([added(userId)]);
    });

    it('removes a user who is both added and removed', () =>
      spec
        .given([created, added('u1')])
        .when({
          type: 'ChangeMembers',
          add: [{ userId: 'u1', role: 'owner' }, { userId: 'u2' }, { userId: 'u3' }],
          remove: ['u1', 'u2'],
          now,
        })
        .then([added('u3'), removed('u1')]));

    it('remembers members across removals and re-additions', () =>
      spec
        .given([created, added('u1', 'owner'), removed('u1', 'owner'), added('u2'), roleChanged('u2', 'owner', 'member')])
        .when({ type: 'ChangeMembers', add: [{ userId: 'u1' }], remove: ['u2'], now })
        .then([added('u1'), removed('u2', 'owner')]));

    it('refuses to change the members of a missing team', () =>
      spec.given([]).when({ type: 'ChangeMembers', add: [{ userId: 'u1' }], remove: [], now }).thenThrows(NotFound));

    it('refuses to change the members of a deleted team', () =>
      spec
        .given([created, added('u1'), deleted])
        .when({ type: 'ChangeMembers', add: [], remove: ['u1'], now })
        .thenThrows(NotFound));
  });

  describe.each(PROTOTYPE_KEYS)('a user id that names something on every object (%s)', (userId) => {
    it('is no member to remove', () => spec.given([created]).when({ type: 'ChangeMembers', add: [], remove: [userId], now }).then([]));
    it('is added as anyone else', () => spec.given([created]).when({ type: 'ChangeMembers', add: [{ userId }], remove: [], now }).then([added(userId)]));
  });
});
