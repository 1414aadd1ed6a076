import { MemberRole } from '@gitbook/api';
import { decodeJwt, jwtVerify } from 'jose';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

describe('members, invites, ping and audit', () => {
  let server: TestServer;
  let ann: User;
  let bob: User;
  let cat: User;
  let orgId: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    bob = await server.createUser('bob@acme.io', 'Bob Builder');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    const { data } = await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] });
    orgId = data.id;
    server.clock.advance(1000); // bob joins after ann, so "newest first" has one answer
    await server.as(bob.token).orgs.joinOrganization(orgId);
  });

  const api = (user: User) => server.as(user.token).orgs;

  describe('listing and reading members', () => {
    it('lists members newest first with every field of the spec', async () => {
      const { data } = await api(ann).listMembersInOrganizationById(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/members', 200, data);
      expect(data.items.map((m) => m.id)).toEqual([bob.id, ann.id]);
      expect(data.items[1]).toMatchObject({
        object: 'member',
        role: 'admin',
        user: { object: 'user', id: ann.id, displayName: 'Ann Admin', email: 'ann@acme.io' },
        disabled: false,
        sso: false,
        teams: 0,
        spaces: 0,
      });
    });

    it('filters by role (guest included), searches names and emails case-insensitively, sorts and pages', async () => {
      server.clock.advance(1000);
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: null });
      const guests = await api(ann).listMembersInOrganizationById(orgId, { role: 'guest' as MemberRole });
      expect(guests.data.items.map((m) => m.id)).toEqual([bob.id]);
      const admins = await api(ann).listMembersInOrganizationById(orgId, { role: MemberRole.Admin });
      expect(admins.data.items.map((m) => m.id)).toEqual([ann.id]);
      expect((await api(ann).listMembersInOrganizationById(orgId, { search: 'BUILD' })).data.items.map((m) => m.id)).toEqual([bob.id]);
      expect((await api(ann).listMembersInOrganizationById(orgId, { search: 'ANN@ACME' })).data.items.map((m) => m.id)).toEqual([ann.id]);
      const byName = await api(ann).listMembersInOrganizationById(orgId, { sort: 'name' as never, order: 'asc' as never, limit: 1 });
      expect(byName.data.items.map((m) => m.id)).toEqual([ann.id]);
      const next = await api(ann).listMembersInOrganizationById(orgId, { sort: 'name' as never, order: 'asc' as never, limit: 1, page: byName.data.next!.page });
      expect(next.data.items.map((m) => m.id)).toEqual([bob.id]);
      expect(next.data.next).toBeUndefined();
    });

    it('lists by lastSeenAt only members seen at least once, after a ping', async () => {
      expect((await api(ann).listMembersInOrganizationById(orgId, { sort: 'lastSeenAt' as never })).data.items).toEqual([]);
      const { data, status } = await api(bob).updateOrganizationMemberLastSeenAt(orgId);
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/orgs/{organizationId}/ping', 200, data);
      const seen = await api(ann).listMembersInOrganizationById(orgId, { sort: 'lastSeenAt' as never });
      expect(seen.data.items.map((m) => [m.id, m.lastSeenAt])).toEqual([[bob.id, server.clock.nowIso()]]);
    });

    it('gets one member; strangers get 404, guests 403 on the list', async () => {
      const { data } = await api(ann).getMemberInOrganizationById(orgId, bob.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/members/{userId}', 200, data);
      expect(data.role).toBe('read');
      await expectStatus(api(cat).listMembersInOrganizationById(orgId), 404);
      await expectStatus(api(cat).getMemberInOrganizationById(orgId, ann.id), 404);
      await expectStatus(api(ann).getMemberInOrganizationById(orgId, cat.id), 404);
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: null });
      await expectStatus(api(bob).listMembersInOrganizationById(orgId), 403);
    });

    it('refuses bad list parameters with 400', async () => {
      for (const q of ['role=owner', 'sort=age', 'order=up', 'limit=0']) {
        const { status, body } = await server.fetch(`/v1/orgs/${orgId}/members?${q}`, { token: ann.token });
        expect(status).toBe(400);
        expect(body).toEqual({ error: { code: 400, message: expect.any(String) } });
      }
    });
  });

  describe('changing roles and removing members', () => {
    it('changes a role; the change applies on the very next request', async () => {
      await expectStatus(api(bob).updateOrganizationById(orgId, { title: 'Bobs' }), 403);
      const { data } = await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Admin });
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/members/{userId}', 200, data);
      expect(data.role).toBe('admin');
      expect((await api(bob).updateOrganizationById(orgId, { title: 'Bobs' })).data.title).toBe('Bobs');
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Read });
      await expectStatus(api(bob).updateOrganizationById(orgId, { title: 'Bobs again' }), 403);
    });

    it('refuses to demote or remove the last admin with 409, writing nothing', async () => {
      const before = await server.head();
      expect(await server.expectRefused(ann.token, 'PATCH', `/v1/orgs/${orgId}/members/${ann.id}`, { role: 'read' }, 409)).toMatch(/last admin/);
      await expectStatus(api(ann).removeMemberFromOrganizationById(orgId, ann.id), 409);
      expect(await server.head()).toBe(before);
    });

    it.each([
      ['an unknown role', { role: 'owner' }],
      ['no role at all', {}],
      ['a role of the wrong type', { role: 3 }],
      ['an unknown property', { role: 'read', admin: true }],
    ])('refuses %s with 400 and writes nothing', async (_case, body) => {
      await server.expectRefused(ann.token, 'PATCH', `/v1/orgs/${orgId}/members/${bob.id}`, body);
    });

    it('lets only admins change roles or remove others; anyone may leave', async () => {
      await expectStatus(api(bob).updateMemberInOrganizationById(orgId, ann.id, { role: MemberRole.Read }), 403);
      await expectStatus(api(bob).removeMemberFromOrganizationById(orgId, ann.id), 403);
      await expectStatus(api(cat).removeMemberFromOrganizationById(orgId, bob.id), 404);
      const { status } = await api(bob).removeMemberFromOrganizationById(orgId, bob.id);
      expect(status).toBe(204);
      await expectStatus(api(bob).getOrganizationById(orgId), 404);
    });

    it('removes a member; they lose access at once', async () => {
      expect((await api(ann).removeMemberFromOrganizationById(orgId, bob.id)).status).toBe(204);
      await expectStatus(api(bob).getOrganizationById(orgId), 404);
      await expectStatus(api(ann).getMemberInOrganizationById(orgId, bob.id), 404);
      await expectStatus(api(ann).removeMemberFromOrganizationById(orgId, bob.id), 404);
    });

    it('sets a member (or a newcomer) as SSO member', async () => {
      const { data } = await api(ann).setUserAsSsoMemberForOrganization(orgId, bob.id);
      expectMatchesSpec('POST', '/orgs/{organizationId}/members/{userId}/sso', 200, data);
      expect(data.sso).toBe(true);
      const newcomer = await api(ann).setUserAsSsoMemberForOrganization(orgId, cat.id);
      expect(newcomer.data).toMatchObject({ id: cat.id, sso: true, role: 'read' });
      await expectStatus(api(bob).setUserAsSsoMemberForOrganization(orgId, bob.id), 403);
      await expectStatus(api(ann).setUserAsSsoMemberForOrganization(orgId, 'noSuchUser000000000a'), 404);
    });
  });

  describe("a member's teams", () => {
    it('lists the teams a member is in, with their team role, filtered by title and paged', async () => {
      const writers = (await api(ann).createOrganizationTeam(orgId, { title: 'Writers' })).data;
      const reviewers = (await api(ann).createOrganizationTeam(orgId, { title: 'Reviewers' })).data;
      await api(ann).createOrganizationTeam(orgId, { title: 'Not Bobs' });
      await api(ann).addMemberToOrganizationTeamById(orgId, writers.id, bob.id, { role: 'owner' as never });
      await api(ann).addMemberToOrganizationTeamById(orgId, reviewers.id, bob.id, {});
      const { data } = await api(ann).listTeamsForOrganizationMember(orgId, bob.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/members/{userId}/teams', 200, data);
      expect(data.items.map((i) => [i.team.title, i.member.role]).sort()).toEqual([
        ['Reviewers', 'member'],
        ['Writers', 'owner'],
      ]);
      expect((await api(ann).listTeamsForOrganizationMember(orgId, bob.id, { title: 'WRIT' })).data.items.map((i) => i.team.id)).toEqual([writers.id]);
      // Enough teams that their random ids mix upper and lower case: paging must not skip any.
      const all = [writers.id, reviewers.id];
      for (let i = 0; i < 8; i++) {
        const team = (await api(ann).createOrganizationTeam(orgId, { title: `Squad ${i}` })).data;
        await api(ann).addMemberToOrganizationTeamById(orgId, team.id, bob.id, {});
        all.push(team.id);
      }
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const { data: one } = await api(bob).listTeamsForOrganizationMember(orgId, bob.id, { limit: 1, ...(page ? { page } : {}) });
        seen.push(...one.items.map((i) => i.team.id));
        page = one.next?.page;
      } while (page && seen.length <= all.length);
      expect(seen.sort()).toEqual(all.sort());
    });

    it('refuses bad parameters (400), guests listing others (403) and strangers (404)', async () => {
      for (const q of ['limit=0', 'page=garbage']) {
        const { status } = await server.fetch(`/v1/orgs/${orgId}/members/${bob.id}/teams?${q}`, { token: ann.token });
        expect(status).toBe(400);
      }
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: null });
      await expectStatus(api(bob).listTeamsForOrganizationMember(orgId, ann.id), 403);
      expect((await api(bob).listTeamsForOrganizationMember(orgId, bob.id)).status).toBe(200);
      await expectStatus(api(cat).listTeamsForOrganizationMember(orgId, bob.id), 404);
      await expectStatus(api(ann).listTeamsForOrganizationMember(orgId, cat.id), 404);
    });
  });

  describe('invites', () => {
    it('invites people by email, creating unknown users, with per-person roles', async () => {
      const { data, status } = await api(ann).inviteUsersToOrganization(orgId, {
        emails: ['cat@elsewhere.io', { email: 'dan@new.io', role: MemberRole.Edit }, 'bob@acme.io'],
        role: MemberRole.Comment,
      });
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/orgs/{organizationId}/invites', 200, data);
      expect(data.invited).toBe(2); // bob was a member already
      expect(data.users).toContain(cat.id);
      const members = (await api(ann).listMembersInOrganizationById(orgId)).data.items;
      expect(members.find((m) => m.id === cat.id)?.role).toBe('comment');
      expect(members.find((m) => m.user.email === 'dan@new.io')?.role).toBe('edit');
      expect(members.find((m) => m.id === bob.id)?.role).toBe('read');
    });

    it('refuses bad invites with 400 and non-admins with 403', async () => {
      for (const body of [{ emails: [] }, { emails: ['not-an-email'] }, { emails: [{ email: 'x@y.io', role: 'boss' }] }, { emails: 'a@b.io' }]) {
        await server.expectRefused(ann.token, 'POST', `/v1/orgs/${orgId}/invites`, body);
      }
      await expectStatus(api(bob).inviteUsersToOrganization(orgId, { emails: ['x@y.io'] }), 403);
      await expectStatus(api(cat).inviteUsersToOrganization(orgId, { emails: ['x@y.io'] }), 404);
    });

    it('manages link invites and admits with one until it is deleted', async () => {
      const created = await api(ann).createOrganizationInvite(orgId, { role: MemberRole.Review });
      expect(created.status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/link-invites', 201, created.data);
      const invite = created.data as { id: string; role: string; redundant: boolean };
      expect(invite).toMatchObject({ object: 'invite', role: 'review', redundant: true });

      const listed = await api(ann).listOrganizationInviteLinks(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/link-invites', 200, listed.data);
      expect(listed.data.items.map((i) => i.id)).toEqual([invite.id]);
      const got = await api(ann).getOrganizationInviteLink(orgId, invite.id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/link-invites/{inviteId}', 200, got.data);

      const updated = await api(ann).updateOrganizationInviteById(orgId, invite.id, { role: MemberRole.Edit });
      expectMatchesSpec('PATCH', '/orgs/{organizationId}/link-invites/{inviteId}', 200, updated.data);
      expect((updated.data as { role: string }).role).toBe('edit');

      const joined = await api(cat).joinOrganizationWithInvite(orgId, invite.id);
      expect(joined.status).toBe(200);
      expectMatchesSpec('POST', '/orgs/{organizationId}/invites/{inviteId}', 200, joined.data);
      expect((await api(ann).getMemberInOrganizationById(orgId, cat.id)).data.role).toBe('edit');

      expect((await api(ann).deleteOrganizationInviteById(orgId, invite.id)).status).toBe(204);
      const dan = await server.createUser('dan@late.io');
      await expectStatus(server.as(dan.token).orgs.joinOrganizationWithInvite(orgId, invite.id), 404);
      await expectStatus(api(ann).getOrganizationInviteLink(orgId, invite.id), 404);
    });

    it('refuses link invites to non-admins, bad roles, and when invite links are off', async () => {
      await expectStatus(api(bob).createOrganizationInvite(orgId, { role: MemberRole.Admin }), 403);
      await expectStatus(api(cat).listOrganizationInviteLinks(orgId), 404);
      const bad = await server.fetch(`/v1/orgs/${orgId}/link-invites`, {
        method: 'POST',
        token: ann.token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'king' }),
      });
      expect(bad.status).toBe(400);
      const { data: invite } = await api(ann).createOrganizationInvite(orgId, { role: MemberRole.Read });
      await api(ann).updateOrganizationById(orgId, { inviteLinks: false });
      await expectStatus(api(cat).joinOrganizationWithInvite(orgId, (invite as { id: string }).id), 403);
      await expectStatus(api(ann).createOrganizationInvite(orgId, { role: MemberRole.Read }), 403);
    });
  });

  describe('ping', () => {
    it('answers signed visitor claims with the organization, role and teams', async () => {
      const { data } = await api(bob).updateOrganizationMemberLastSeenAt(orgId);
      const token = (data as { serviceVisitorClaims: string }).serviceVisitorClaims;
      expect(token).toBe(data.gitbookVisitorClaims);
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ sub: bob.id, organization: orgId, role: 'read', teams: [], aud: 'folio-visitor' });
      expect(claims.exp! - claims.iat!).toBe(3600);
      expect(claims.iat).toBe(Math.floor(server.clock.now().getTime() / 1000));
      // Verifiable with the server secret (generated into DATA_DIR on first start), and only with it.
      const secret = new TextEncoder().encode(readFileSync(join(server.dataDir, 'secret'), 'utf8').trim());
      const verified = await jwtVerify(token, secret, { audience: 'folio-visitor', currentDate: server.clock.now() });
      expect(verified.payload.sub).toBe(bob.id);
      await expect(jwtVerify(token, new TextEncoder().encode('another secret'), { currentDate: server.clock.now() })).rejects.toThrow();
      await expectStatus(api(cat).updateOrganizationMemberLastSeenAt(orgId), 404);
    });

    it('records lastSeenAt at most once a minute', async () => {
      await api(bob).updateOrganizationMemberLastSeenAt(orgId);
      const before = await server.head();
      await api(bob).updateOrganizationMemberLastSeenAt(orgId);
      expect(await server.head()).toBe(before);
      server.clock.advance(61_000);
      await api(bob).updateOrganizationMemberLastSeenAt(orgId);
      expect(await server.head()).not.toBe(before);
    });
  });

  describe('membership audit', () => {
    it('records joins, role changes, removals and settings with actor, time and before/after', async () => {
      server.clock.advance(5000);
      const changedAt = server.clock.nowIso();
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Edit });
      await api(ann).updateOrganizationById(orgId, { sso: true });
      await api(ann).removeMemberFromOrganizationById(orgId, bob.id);
      const { data } = await api(ann).listOrganizationAuditEvents(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/audit-events', 200, data);
      expect(data.items.map((e) => e.action)).toEqual([
        'member.removed',
        'organization.settings_changed',
        'member.role_changed',
        'member.joined',
        'member.joined',
        'organization.created',
      ]);
      const roleChange = data.items[2] as unknown as { actor: { id: string }; target: { id: string }; occurredAt: string; payload: unknown };
      expect(roleChange).toMatchObject({
        actor: { type: 'user', id: ann.id },
        target: { type: 'member', id: bob.id },
        occurredAt: changedAt,
        payload: { before: { role: 'read' }, after: { role: 'edit' } },
      });
      const one = await api(ann).getOrganizationAuditEvent(orgId, data.items[1].id);
      expectMatchesSpec('GET', '/orgs/{organizationId}/audit-events/{auditEventId}', 200, one.data);
      expect(one.data.payload).toEqual({ before: { sso: false }, after: { sso: true } });
    });

    it('filters by action, actor, target and time, and pages', async () => {
      server.clock.advance(60_000);
      const later = server.clock.nowIso();
      await api(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Edit });
      const byAction = await api(ann).listOrganizationAuditEvents(orgId, { action: 'member.joined' });
      expect(byAction.data.items.map((e) => e.target.id).sort()).toEqual([ann.id, bob.id].sort());
      const byActor = await api(ann).listOrganizationAuditEvents(orgId, { actor: bob.id });
      expect(byActor.data.items.map((e) => e.action)).toEqual(['member.joined']);
      const byTarget = await api(ann).listOrganizationAuditEvents(orgId, { target: bob.id });
      expect(byTarget.data.items.map((e) => e.action)).toEqual(['member.role_changed', 'member.joined']);
      const since = await api(ann).listOrganizationAuditEvents(orgId, { from: later });
      expect(since.data.items.map((e) => e.action)).toEqual(['member.role_changed']);
      const first = await api(ann).listOrganizationAuditEvents(orgId, { limit: 2 });
      const rest = await api(ann).listOrganizationAuditEvents(orgId, { limit: 2, page: first.data.next!.page });
      expect([...first.data.items, ...rest.data.items].map((e) => e.action)).toEqual([
        'member.role_changed',
        'member.joined',
        'member.joined',
        'organization.created',
      ]);
    });

    it('lists the actions it records', async () => {
      const { data } = await api(ann).listOrganizationAuditEventActions(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/audit-event-actions', 200, data);
      expect(data.items.map((a) => a.id)).toEqual(expect.arrayContaining(['member.joined', 'member.role_changed', 'team.member_added']));
      await expectStatus(api(bob).listOrganizationAuditEventActions(orgId), 403);
      await expectStatus(api(cat).listOrganizationAuditEventActions(orgId), 404);
    });

    it('is for admins only, and refuses bad filters', async () => {
      await expectStatus(api(bob).listOrganizationAuditEvents(orgId), 403);
      await expectStatus(api(cat).listOrganizationAuditEvents(orgId), 404);
      for (const q of ['from=yesterday', 'limit=101']) {
        const { status } = await server.fetch(`/v1/orgs/${orgId}/audit-events?${q}`, { token: ann.token });
        expect(status).toBe(400);
      }
    });
  });
});
