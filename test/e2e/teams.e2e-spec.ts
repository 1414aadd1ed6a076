import { CommandBus } from '@nestjs/cqrs';
import { MemberRole, TeamMemberRole } from '@gitbook/api';
import { systemCaller } from '@folio/platform/auth/caller';
import { RemoveMemberFromAllTeams } from '@folio/identity/teams/team.commands';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string; email: string };

const TEAMS = '/orgs/{organizationId}/teams';
const TEAM = '/orgs/{organizationId}/teams/{teamId}';
const MEMBERS = '/orgs/{organizationId}/teams/{teamId}/members';
const MEMBER = '/orgs/{organizationId}/teams/{teamId}/members/{userId}';

describe('teams', () => {
  let server: TestServer;
  /** ann creates every organization (admin); carl and dan join as `read` members, gus as a guest. */
  let ann: User, carl: User, dan: User, gus: User, ada: User, bob: User;

  beforeAll(async () => {
    server = await startServer();
    const user = async (email: string, name: string): Promise<User> => ({ ...(await server.createUser(email, name)), email }) as User;
    ann = await user('ann@acme.io', 'Ann');
    carl = await user('carl@acme.io', 'Carl');
    dan = await user('dan@acme.io', 'Dan');
    gus = await user('gus@acme.io', 'Gus');
    ada = await user('ada@acme.io', 'Ada');
    bob = await user('bob@other.io', 'Bob');
  });
  afterAll(() => server.stop());

  /** A fresh organization: ann admin, ada admin, carl and dan `read`, gus a guest; bob is a stranger. */
  async function createOrg() {
    const api = server.as(ann.token);
    const { data: org } = await api.orgs.createOrganization({ title: 'Acme Docs', emailDomains: ['acme.io'] });
    await server.as(carl.token).orgs.joinOrganization(org.id);
    await server.as(dan.token).orgs.joinOrganization(org.id);
    await api.orgs.updateOrganizationById(org.id, { defaultRole: null });
    await server.as(gus.token).orgs.joinOrganization(org.id);
    await api.orgs.updateOrganizationById(org.id, { defaultRole: MemberRole.Admin });
    await server.as(ada.token).orgs.joinOrganization(org.id);
    await api.orgs.updateOrganizationById(org.id, { defaultRole: MemberRole.Read });
    return org.id;
  }

  async function createTeam(orgId: string, title = 'Writers', members?: string[]) {
    const { data, status } = await server.as(ann.token).orgs.createOrganizationTeam(orgId, { title, members });
    expect(status).toBe(201);
    return data;
  }

  async function memberRoles(orgId: string, teamId: string) {
    const { data } = await server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, teamId);
    return Object.fromEntries(data.items.map((item) => [item.organization.id, item.team.role]));
  }

  /** Sends a raw request the client could not (a bad body) and checks it is a 400 that wrote nothing. */
  async function expectRefused(method: string, path: string, token: string, body: unknown) {
    const before = await server.head();
    const response = await server.fetch(`/v1${path}`, {
      method,
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect(response.status).toBe(400);
    expect(await server.head()).toBe(before);
    return (response.body as { error: { message: string } }).error.message;
  }

  /** A refused client call (403/404) that wrote nothing. */
  async function expectDenied(call: () => Promise<unknown>, status: number) {
    const before = await server.head();
    await expectStatus(call(), status);
    expect(await server.head()).toBe(before);
  }

  describe('PUT /orgs/{id}/teams', () => {
    let orgId: string;
    beforeAll(async () => (orgId = await createOrg()));

    it('creates a team, with the members given', async () => {
      const { data, status } = await server.as(ann.token).orgs.createOrganizationTeam(orgId, { title: 'Writers', members: [carl.id, dan.id, carl.id] });
      expect(status).toBe(201);
      expectMatchesSpec('PUT', TEAMS, 201, data);
      expect(data).toEqual({
        object: 'team',
        id: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
        title: 'Writers',
        members: 2,
        spaces: 0,
        createdAt: '2026-03-01T09:00:00.000Z',
        permissions: { admin: true, view: true },
      });
      expect(await memberRoles(orgId, data.id)).toEqual({ [carl.id]: 'member', [dan.id]: 'member' });
      const stream = await server.events.readStream(`team-${data.id}`);
      expect(stream.map((e) => e.type)).toEqual(['TeamCreated', 'TeamMemberAdded', 'TeamMemberAdded']);
      expect(stream[0].data).toEqual({ teamId: data.id, organizationId: orgId, title: 'Writers', createdAt: '2026-03-01T09:00:00.000Z' });
      expect(stream[0].metadata.actor).toBe(ann.id);
    });

    it.each([
      ['an empty title', { title: '' }],
      ['a blank title', { title: '   ' }],
      ['a title over 64 characters', { title: 'x'.repeat(65) }],
      ['a title of the wrong type', { title: 42 }],
      ['a null title', { title: null }],
      ['a missing title', {}],
      ['an unknown property', { title: 'Good', colour: 'red' }],
      ['members that are not a list', { title: 'Good', members: 'abc' }],
      ['members of the wrong type', { title: 'Good', members: [42] }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      await expectRefused('PUT', `/orgs/${orgId}/teams`, ann.token, body);
    });

    it('refuses members who are unknown or not in the organization, naming them', async () => {
      expect(await expectRefused('PUT', `/orgs/${orgId}/teams`, ann.token, { title: 'Good', members: [carl.id, bob.id] })).toContain(bob.id);
      expect(await expectRefused('PUT', `/orgs/${orgId}/teams`, ann.token, { title: 'Good', members: ['noSuchUser000000000a'] })).toContain(
        'noSuchUser000000000a',
      );
    });

    it('lets only admins create teams: 404 for strangers, 403 for members and guests', async () => {
      await expectDenied(() => server.as(bob.token).orgs.createOrganizationTeam(orgId, { title: 'Nope' }), 404);
      await expectDenied(() => server.as(carl.token).orgs.createOrganizationTeam(orgId, { title: 'Nope' }), 403);
      await expectDenied(() => server.as(gus.token).orgs.createOrganizationTeam(orgId, { title: 'Nope' }), 403);
      await expectDenied(() => server.as(ann.token).orgs.createOrganizationTeam('doesNotExist0000000a', { title: 'Nope' }), 404);
      const { status } = await server.as(ada.token).orgs.createOrganizationTeam(orgId, { title: 'By another admin' });
      expect(status).toBe(201);
    });
  });

  describe('GET /orgs/{id}/teams', () => {
    let orgId: string;
    let writers: string, editors: string, reviewers: string;
    beforeAll(async () => {
      orgId = await createOrg();
      writers = (await createTeam(orgId, 'Writers', [carl.id])).id;
      editors = (await createTeam(orgId, 'Copy EDITORS')).id;
      reviewers = (await createTeam(orgId, 'Reviewers', [carl.id, dan.id])).id;
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, editors, dan.id, { role: TeamMemberRole.Owner });
    });

    it('lists the teams in title order, paginated, with their counts', async () => {
      const first = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { limit: 2 });
      expectMatchesSpec('GET', TEAMS, 200, first.data);
      expect(first.data.items.map((t) => t.title)).toEqual(['Copy EDITORS', 'Reviewers']);
      expect(first.data.count).toBe(2);
      expect(first.data.items[1]).toMatchObject({ members: 2, spaces: 0, permissions: { admin: false, view: true } });
      const second = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { limit: 2, page: first.data.next!.page });
      expectMatchesSpec('GET', TEAMS, 200, second.data);
      expect(second.data.items.map((t) => t.id)).toEqual([writers]);
      expect(second.data.next).toBeUndefined();
    });

    it('filters by a case-insensitive title substring', async () => {
      const { data } = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { title: 'edit' });
      expectMatchesSpec('GET', TEAMS, 200, data);
      expect(data.items.map((t) => t.id)).toEqual([editors]);
      const none = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { title: 'nothing like it' });
      expect(none.data).toEqual({ items: [], count: 0 });
    });

    it('filters by owner: the teams that member can manage', async () => {
      const owned = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { owner: dan.id });
      expectMatchesSpec('GET', TEAMS, 200, owned.data);
      expect(owned.data.items.map((t) => t.id)).toEqual([editors]);
      const byAdmin = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { owner: ada.id });
      expect(byAdmin.data.items.map((t) => t.id).sort()).toEqual([writers, editors, reviewers].sort());
      for (const owner of [carl.id, bob.id]) {
        expect((await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { owner })).data.items).toEqual([]);
      }
      const both = await server.as(carl.token).orgs.listTeamsInOrganizationById(orgId, { owner: dan.id, title: 'writ' });
      expect(both.data.items).toEqual([]);
    });

    it('tells a team owner which teams they may manage', async () => {
      const { data } = await server.as(dan.token).orgs.listTeamsInOrganizationById(orgId);
      expect(Object.fromEntries(data.items.map((t) => [t.id, t.permissions.admin]))).toEqual({
        [writers]: false,
        [editors]: true,
        [reviewers]: false,
      });
    });

    it('refuses bad query parameters, and ignores unknown ones', async () => {
      for (const query of ['limit=0', 'page=garbage']) {
        const { status, body } = await server.fetch(`/v1/orgs/${orgId}/teams?${query}`, { token: carl.token });
        expect(status).toBe(400);
        expect(body).toEqual({ error: { code: 400, message: expect.any(String) } });
      }
      expect((await server.fetch(`/v1/orgs/${orgId}/teams?colour=red`, { token: carl.token })).status).toBe(200);
    });

    it('hides the teams from strangers and guests', async () => {
      await expectStatus(server.as(bob.token).orgs.listTeamsInOrganizationById(orgId), 404);
      await expectStatus(server.as(gus.token).orgs.listTeamsInOrganizationById(orgId), 403);
    });
  });

  describe('GET /orgs/{id}/teams/{teamId}', () => {
    it('shows a team to members, with what the caller may do', async () => {
      const orgId = await createOrg();
      const team = await createTeam(orgId, 'Writers', [carl.id]);
      const { data, status } = await server.as(carl.token).orgs.getTeamInOrganizationById(orgId, team.id);
      expect(status).toBe(200);
      expectMatchesSpec('GET', TEAM, 200, data);
      expect(data).toEqual({ ...team, permissions: { admin: false, view: true } });
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, team.id, dan.id, { role: TeamMemberRole.Owner });
      const asOwner = await server.as(dan.token).orgs.getTeamInOrganizationById(orgId, team.id);
      expect(asOwner.data).toMatchObject({ members: 2, permissions: { admin: true, view: true } });
    });

    it('answers 404 for strangers, unknown teams and teams of another organization; 403 for guests', async () => {
      const orgId = await createOrg();
      const other = await createOrg();
      const team = await createTeam(orgId);
      await expectStatus(server.as(bob.token).orgs.getTeamInOrganizationById(orgId, team.id), 404);
      await expectStatus(server.as(ann.token).orgs.getTeamInOrganizationById(orgId, 'doesNotExist0000000a'), 404);
      await expectStatus(server.as(ann.token).orgs.getTeamInOrganizationById(other, team.id), 404);
      await expectStatus(server.as(gus.token).orgs.getTeamInOrganizationById(orgId, team.id), 403);
    });
  });

  describe('PATCH /orgs/{id}/teams/{teamId}', () => {
    let orgId: string;
    let teamId: string;
    beforeAll(async () => {
      orgId = await createOrg();
      teamId = (await createTeam(orgId, 'Writers')).id;
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, dan.id, { role: TeamMemberRole.Owner });
    });

    it('renames the team, and writes nothing when the title is the same', async () => {
      const { data, status } = await server.as(ann.token).orgs.updateTeamInOrganizationById(orgId, teamId, { title: 'Authors' });
      expect(status).toBe(200);
      expectMatchesSpec('PATCH', TEAM, 200, data);
      expect(data).toMatchObject({ id: teamId, title: 'Authors', members: 1 });
      const stream = await server.events.readStream(`team-${teamId}`);
      expect(stream[stream.length - 1]).toMatchObject({
        type: 'TeamRenamed',
        data: { teamId, organizationId: orgId, title: 'Authors', previousTitle: 'Writers' },
      });
      const before = await server.head();
      await server.as(ann.token).orgs.updateTeamInOrganizationById(orgId, teamId, { title: 'Authors' });
      expect(await server.head()).toBe(before);
      const found = await server.as(ann.token).orgs.listTeamsInOrganizationById(orgId, { title: 'AUTH' });
      expect(found.data.items.map((t) => t.id)).toEqual([teamId]);
    });

    it.each([
      ['an empty title', { title: '' }],
      ['a title over 64 characters', { title: 'x'.repeat(65) }],
      ['a null title', { title: null }],
      ['a missing title', {}],
      ['an unknown property', { title: 'Good', members: 3 }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      await expectRefused('PATCH', `/orgs/${orgId}/teams/${teamId}`, ann.token, body);
    });

    it('lets only admins rename: 404 for strangers, 403 for members and team owners', async () => {
      await expectDenied(() => server.as(bob.token).orgs.updateTeamInOrganizationById(orgId, teamId, { title: 'Nope' }), 404);
      await expectDenied(() => server.as(carl.token).orgs.updateTeamInOrganizationById(orgId, teamId, { title: 'Nope' }), 403);
      await expectDenied(() => server.as(dan.token).orgs.updateTeamInOrganizationById(orgId, teamId, { title: 'Nope' }), 403);
    });
  });

  describe('team members', () => {
    let orgId: string;
    let teamId: string;
    beforeAll(async () => {
      orgId = await createOrg();
      teamId = (await createTeam(orgId, 'Writers')).id;
    });

    it('adds a member, sets their role, and lists them', async () => {
      const added = await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, carl.id, {});
      expect(added.status).toBe(204);
      expectMatchesSpec('PUT', MEMBER, 204, added.data);
      const owner = await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, dan.id, { role: TeamMemberRole.Owner });
      expect(owner.status).toBe(204);
      expect(await memberRoles(orgId, teamId)).toEqual({ [carl.id]: 'member', [dan.id]: 'owner' });

      // Without a role a member keeps theirs; with one it changes.
      const before = await server.head();
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, dan.id, {});
      const noBody = await server.fetch(`/v1/orgs/${orgId}/teams/${teamId}/members/${dan.id}`, { method: 'PUT', token: ann.token });
      expect(noBody.status).toBe(204);
      expect(await server.head()).toBe(before);
      // An unknown user in the path is missing (it was a 400), not a bad body.
      await server.expectRefused(ann.token, 'PUT', `/v1/orgs/${orgId}/teams/${teamId}/members/noSuchUser000000000a`, {}, 404);
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, carl.id, { role: TeamMemberRole.Owner });
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, teamId, carl.id, { role: TeamMemberRole.Member });
      const stream = await server.events.readStream(`team-${teamId}`);
      expect(stream[stream.length - 1]).toMatchObject({
        type: 'TeamMemberRoleChanged',
        data: { teamId, organizationId: orgId, userId: carl.id, role: 'member', previousRole: 'owner' },
      });

      const { data, status } = await server.as(carl.token).orgs.listTeamMembersInOrganizationById(orgId, teamId);
      expect(status).toBe(200);
      expectMatchesSpec('GET', MEMBERS, 200, data);
      const carlItem = data.items.find((item) => item.organization.id === carl.id);
      expect(carlItem).toEqual({
        organization: {
          object: 'member',
          id: carl.id,
          role: 'read',
          user: expect.objectContaining({ object: 'user', id: carl.id, displayName: 'Carl', email: carl.email }),
          disabled: false,
          joinedAt: expect.any(String),
          sso: false,
          spaces: 0,
          teams: 1,
          sites: 0,
        },
        team: { role: 'member' },
        permissions: { view: true },
      });
    });

    it('pages through the members', async () => {
      const first = await server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, teamId, { limit: 1 });
      expectMatchesSpec('GET', MEMBERS, 200, first.data);
      expect(first.data.count).toBe(1);
      const second = await server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, teamId, { limit: 1, page: first.data.next!.page });
      expect(second.data.count).toBe(1);
      expect(second.data.items[0].organization.id).not.toBe(first.data.items[0].organization.id);
    });

    it('updates members in bulk, by id or email; a user both added and removed is removed', async () => {
      const team = (await createTeam(orgId, 'Bulk', [carl.id])).id;
      const { status, data } = await server.as(ann.token).orgs.updateMembersInOrganizationTeam(orgId, team, {
        add: [dan.email.toUpperCase(), gus.id, ada.id],
        remove: [carl.email, ada.id],
        memberships: { [dan.id]: { role: TeamMemberRole.Owner } },
      });
      expect(status).toBe(204);
      expectMatchesSpec('PUT', MEMBERS, 204, data);
      expect(await memberRoles(orgId, team)).toEqual({ [dan.id]: 'owner', [gus.id]: 'member' });
      // memberships alone change the role of members, and add the others.
      await server.as(ann.token).orgs.updateMembersInOrganizationTeam(orgId, team, {
        memberships: { [gus.email]: { role: TeamMemberRole.Owner }, [carl.id]: { role: TeamMemberRole.Member } },
      });
      expect(await memberRoles(orgId, team)).toEqual({ [dan.id]: 'owner', [gus.id]: 'owner', [carl.id]: 'member' });
      // Nothing to change: nothing written.
      const before = await server.head();
      await server.as(ann.token).orgs.updateMembersInOrganizationTeam(orgId, team, { add: [carl.id], remove: [ada.id] });
      expect(await server.head()).toBe(before);
    });

    it.each([
      ['add that is not a list', { add: 'carl' }],
      ['add of the wrong type', { add: [1] }],
      ['remove that is null', { remove: null }],
      ['memberships with an unknown role', { memberships: { someone: { role: 'admin' } } }],
      ['memberships with an extra property', { memberships: { someone: { role: 'owner', colour: 'red' } } }],
      ['memberships without a role', { memberships: { someone: {} } }],
      ['memberships that are a list', { memberships: [] }],
      ['an unknown property', { add: [], invite: [] }],
    ])('refuses a bulk update with %s (400, nothing written)', async (_case, body) => {
      await expectRefused('PUT', `/orgs/${orgId}/teams/${teamId}/members`, ann.token, body);
    });

    it('refuses to add unknown users or users outside the organization, naming them (400, nothing written)', async () => {
      const path = `/orgs/${orgId}/teams/${teamId}/members`;
      expect(await expectRefused('PUT', path, ann.token, { add: [carl.id, 'nobody@acme.io'] })).toContain('nobody@acme.io');
      expect(await expectRefused('PUT', path, ann.token, { add: [bob.email] })).toContain(bob.email);
      expect(await expectRefused('PUT', path, ann.token, { memberships: { [bob.id]: { role: 'member' } } })).toContain(bob.id);
      expect(await expectRefused('PUT', path, ann.token, { remove: ['noSuchUser000000000a'] })).toContain('noSuchUser000000000a');
      expect(await expectRefused('PUT', `${path}/${bob.id}`, ann.token, {})).toContain(bob.id);
      await expectRefused('PUT', `${path}/${carl.id}`, ann.token, { role: 'admin' });
      await expectRefused('PUT', `${path}/${carl.id}`, ann.token, { role: null });
      // An outsider both added and removed is simply not added.
      const before = await server.head();
      await server.as(ann.token).orgs.updateMembersInOrganizationTeam(orgId, teamId, { add: [bob.id], remove: [bob.id] });
      expect(await server.head()).toBe(before);
    });

    it('removes a member; removing a non-member writes nothing', async () => {
      const team = (await createTeam(orgId, 'Leaving', [carl.id, dan.id])).id;
      const { status, data } = await server.as(ann.token).orgs.deleteMemberFromOrganizationTeamById(orgId, team, carl.id);
      expect(status).toBe(204);
      expectMatchesSpec('DELETE', MEMBER, 204, data);
      expect(await memberRoles(orgId, team)).toEqual({ [dan.id]: 'member' });
      const before = await server.head();
      expect((await server.as(ann.token).orgs.deleteMemberFromOrganizationTeamById(orgId, team, carl.id)).status).toBe(204);
      expect(await server.head()).toBe(before);
    });

    it("lets a team owner manage the team's members, but not delete or rename the team", async () => {
      const team = (await createTeam(orgId, 'Owned')).id;
      await server.as(ann.token).orgs.addMemberToOrganizationTeamById(orgId, team, dan.id, { role: TeamMemberRole.Owner });
      const asDan = server.as(dan.token).orgs;
      expect((await asDan.addMemberToOrganizationTeamById(orgId, team, carl.id, {})).status).toBe(204);
      expect((await asDan.updateMembersInOrganizationTeam(orgId, team, { add: [gus.email], memberships: { [carl.id]: { role: TeamMemberRole.Owner } } })).status).toBe(204);
      expect((await asDan.deleteMemberFromOrganizationTeamById(orgId, team, gus.id)).status).toBe(204);
      expect(await memberRoles(orgId, team)).toEqual({ [dan.id]: 'owner', [carl.id]: 'owner' });
      await expectDenied(() => asDan.removeTeamFromOrganizationById(orgId, team), 403);
      await expectDenied(() => asDan.updateTeamInOrganizationById(orgId, team, { title: 'Mine' }), 403);
      // Owning one team gives nothing on another, even being a member of it.
      const another = (await createTeam(orgId, 'Another', [dan.id])).id;
      await expectDenied(() => asDan.addMemberToOrganizationTeamById(orgId, another, gus.id, {}), 403);
    });

    it('refuses to let plain members and guests manage members (403), and strangers (404)', async () => {
      const team = (await createTeam(orgId, 'Guarded', [carl.id])).id;
      for (const [token, status] of [
        [carl.token, 403],
        [gus.token, 403],
        [bob.token, 404],
      ] as const) {
        const api = server.as(token).orgs;
        await expectDenied(() => api.addMemberToOrganizationTeamById(orgId, team, dan.id, {}), status);
        await expectDenied(() => api.updateMembersInOrganizationTeam(orgId, team, { add: [dan.id] }), status);
        await expectDenied(() => api.deleteMemberFromOrganizationTeamById(orgId, team, carl.id), status);
      }
      await expectStatus(server.as(bob.token).orgs.listTeamMembersInOrganizationById(orgId, team), 404);
      await expectStatus(server.as(gus.token).orgs.listTeamMembersInOrganizationById(orgId, team), 403);
      await expectStatus(server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, 'doesNotExist0000000a'), 404);
    });

    it('takes a user out of every team of the organization (for member removal)', async () => {
      const other = await createOrg();
      const a = (await createTeam(orgId, 'A', [carl.id, dan.id])).id;
      const b = (await createTeam(orgId, 'B', [carl.id])).id;
      const elsewhere = (await createTeam(other, 'Elsewhere', [carl.id])).id;
      await server.app.get(CommandBus).execute(new RemoveMemberFromAllTeams(systemCaller('test', 'script'), orgId, carl.id));
      for (const team of [a, b, teamId]) expect(await memberRoles(orgId, team)).not.toHaveProperty(carl.id);
      expect(await memberRoles(orgId, a)).toEqual({ [dan.id]: 'member' });
      expect(await memberRoles(other, elsewhere)).toEqual({ [carl.id]: 'member' });
      const stream = await server.events.readStream(`team-${b}`);
      expect(stream[stream.length - 1]).toMatchObject({
        type: 'TeamMemberRemoved',
        data: { teamId: b, organizationId: orgId, userId: carl.id, previousRole: 'member' },
        metadata: { actor: 'system' },
      });
    });
  });

  describe('DELETE /orgs/{id}/teams/{teamId}', () => {
    it('deletes the team and its memberships', async () => {
      const orgId = await createOrg();
      const team = await createTeam(orgId, 'Doomed', [carl.id]);
      const kept = await createTeam(orgId, 'Kept', [carl.id]);
      await expectDenied(() => server.as(bob.token).orgs.removeTeamFromOrganizationById(orgId, team.id), 404);
      await expectDenied(() => server.as(carl.token).orgs.removeTeamFromOrganizationById(orgId, team.id), 403);
      const { status, data } = await server.as(ann.token).orgs.removeTeamFromOrganizationById(orgId, team.id);
      expect(status).toBe(204);
      expectMatchesSpec('DELETE', TEAM, 204, data);
      await expectStatus(server.as(ann.token).orgs.getTeamInOrganizationById(orgId, team.id), 404);
      await expectStatus(server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, team.id), 404);
      const { data: list } = await server.as(ann.token).orgs.listTeamsInOrganizationById(orgId);
      expect(list.items.map((t) => t.id)).toEqual([kept.id]);
      // carl's other membership is untouched: the member resource counts one team.
      const { data: members } = await server.as(ann.token).orgs.listTeamMembersInOrganizationById(orgId, kept.id);
      expect(members.items[0].organization.teams).toBe(1);
      await expectDenied(() => server.as(ann.token).orgs.removeTeamFromOrganizationById(orgId, team.id), 404);
    });
  });
});
