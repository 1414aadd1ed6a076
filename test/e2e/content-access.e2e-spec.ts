import { MemberRole } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

/** Effective roles on content: organization role, grants to users and teams (inherited), defaultLevel. */
describe('content access', () => {
  let server: TestServer;
  let admin: User;
  let reader: User;
  let guest: User;
  let stranger: User;
  let orgId: string;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.createUser('admin@acme.io');
    reader = await server.createUser('reader@acme.io');
    guest = await server.createUser('guest@acme.io');
    stranger = await server.createUser('stranger@else.io');
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    const org = await server.as(admin.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] });
    orgId = org.data.id;
    await server.as(reader.token).orgs.joinOrganization(orgId);
    await server.as(admin.token).orgs.updateOrganizationById(orgId, { defaultRole: null });
    await server.as(guest.token).orgs.joinOrganization(orgId);
  });

  const createSpace = async (body: { title: string; parent?: string }) => (await server.as(admin.token).orgs.createSpace(orgId, body)).data;

  it('lets a read member see but not change a space; strangers get 404', async () => {
    const space = await createSpace({ title: 'Handbook' });
    const { data } = await server.as(reader.token).spaces.getSpaceById(space.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}', 200, data);
    expect(data.permissions).toMatchObject({ view: true, edit: false, admin: false });
    await expectStatus(server.as(reader.token).spaces.updateSpaceById(space.id, { title: 'Mine' }), 403);
    await expectStatus(server.as(stranger.token).spaces.getSpaceById(space.id), 404);
  });

  it('hides content from a guest until defaultLevel or a grant allows it', async () => {
    const space = await createSpace({ title: 'Private' });
    await expectStatus(server.as(guest.token).spaces.getSpaceById(space.id), 404);
    await server.as(admin.token).spaces.updateSpaceById(space.id, { defaultLevel: MemberRole.Read });
    expect((await server.as(guest.token).spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ view: true, edit: false });

    const granted = await server.as(admin.token).spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: [guest.id] });
    expect(granted.status).toBe(204);
    expect((await server.as(guest.token).spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ edit: true, admin: false });
    expect((await server.as(guest.token).spaces.updateSpaceById(space.id, { title: 'Edited by guest' })).data.title).toBe('Edited by guest');

    await server.as(admin.token).spaces.inviteToSpace(space.id, { role: null, users: [guest.id] });
    expect((await server.as(guest.token).spaces.getSpaceById(space.id)).data.permissions.edit).toBe(false);
  });

  it('passes a team grant on a collection down to the spaces inside it', async () => {
    const { data: collection } = await server.as(admin.token).orgs.createCollection(orgId, { title: 'Engineering' });
    const space = await createSpace({ title: 'Runbooks', parent: collection.id });
    const { data: team } = await server.as(admin.token).orgs.createOrganizationTeam(orgId, { title: 'SRE', members: [guest.id] } as never);
    await expectStatus(server.as(guest.token).spaces.getSpaceById(space.id), 404);
    const granted = await server.as(admin.token).collections.inviteToCollection(collection.id, { role: MemberRole.Admin, teams: [team.id] });
    expect(granted.status).toBe(204);
    const { data } = await server.as(guest.token).spaces.getSpaceById(space.id);
    expect(data.permissions).toMatchObject({ view: true, edit: true, admin: true });
    expect((await server.as(guest.token).collections.getCollectionById(collection.id)).data.permissions).toMatchObject({ admin: true, create: true });
  });

  it('refuses bad grants with 400, unknown users and teams with 404, non-admins with 403, writing nothing', async () => {
    const space = await createSpace({ title: 'Guarded' });
    for (const body of [{ role: 'king', users: [guest.id] }, { role: 'read' }, { role: 'read', users: [] }, { users: [guest.id] }, { role: 'read', teams: 'x' }]) {
      await server.expectRefused(admin.token, 'POST', `/v1/spaces/${space.id}/permissions`, body);
    }
    await expectStatus(server.as(admin.token).spaces.inviteToSpace(space.id, { role: MemberRole.Read, users: [stranger.id] }), 404);
    await expectStatus(server.as(admin.token).spaces.inviteToSpace(space.id, { role: MemberRole.Read, teams: ['noSuchTeam000000000a'] }), 404);
    await expectStatus(server.as(reader.token).spaces.inviteToSpace(space.id, { role: MemberRole.Admin, users: [reader.id] }), 403);
    await expectStatus(server.as(stranger.token).spaces.inviteToSpace(space.id, { role: MemberRole.Admin, users: [stranger.id] }), 404);
  });

  it("counts the spaces granted to a member and to a team on their resources", async () => {
    const { data: collection } = await server.as(admin.token).orgs.createCollection(orgId, { title: 'Docs' });
    const [a, b] = [await createSpace({ title: 'A', parent: collection.id }), await createSpace({ title: 'B', parent: collection.id })];
    const solo = await createSpace({ title: 'Solo' });
    const { data: team } = await server.as(admin.token).orgs.createOrganizationTeam(orgId, { title: 'Writers' });
    await server.as(admin.token).collections.inviteToCollection(collection.id, { role: MemberRole.Edit, teams: [team.id] });
    await server.as(admin.token).spaces.inviteToSpace(solo.id, { role: MemberRole.Read, users: [guest.id] });
    await server.as(admin.token).spaces.inviteToSpace(a.id, { role: MemberRole.Read, users: [guest.id] });
    const member = await server.as(admin.token).orgs.getMemberInOrganizationById(orgId, guest.id);
    expectMatchesSpec('GET', '/orgs/{organizationId}/members/{userId}', 200, member.data);
    expect(member.data.spaces).toBe(2);
    const got = await server.as(admin.token).orgs.getTeamInOrganizationById(orgId, team.id);
    expect(got.data.spaces).toBe(2);
    await server.as(admin.token).spaces.deleteSpaceById(b.id);
    expect((await server.as(admin.token).orgs.getTeamInOrganizationById(orgId, team.id)).data.spaces).toBe(1);
  });

  it('lists the spaces a member can access, with the permission on each', async () => {
    const open = await createSpace({ title: 'Open' });
    const closed = await createSpace({ title: 'Closed' });
    await server.as(admin.token).spaces.inviteToSpace(open.id, { role: MemberRole.Comment, users: [guest.id] });
    const { data } = await server.as(admin.token).orgs.listSpacesForOrganizationMember(orgId, guest.id);
    expectMatchesSpec('GET', '/orgs/{organizationId}/members/{userId}/spaces', 200, data);
    expect(data.items.map((i) => [i.space.id, i.permission])).toEqual([[open.id, 'comment']]);
    const readers = await server.as(admin.token).orgs.listSpacesForOrganizationMember(orgId, reader.id);
    expect(readers.data.items.map((i) => i.space.id).sort()).toEqual([open.id, closed.id].sort());
    // A member may list their own; others' lists are for admins.
    expect((await server.as(guest.token).orgs.listSpacesForOrganizationMember(orgId, guest.id)).status).toBe(200);
    await expectStatus(server.as(reader.token).orgs.listSpacesForOrganizationMember(orgId, guest.id), 403);
    await expectStatus(server.as(stranger.token).orgs.listSpacesForOrganizationMember(orgId, guest.id), 404);
  });
});
