import { MemberRole } from '@gitbook/api';
import { CommandBus } from '@nestjs/cqrs';
import { PurgeExpiredSpaces } from '@folio/content/spaces/space-retention';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
const DAY = 24 * 60 * 60 * 1000;
const json = { 'content-type': 'application/json' };

describe('spaces', () => {
  let server: TestServer;
  let ann: User; // admin of the organization
  let bob: User; // member with the default `read` role
  let cat: User; // not a member
  let orgId: string;

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    bob = await server.createUser('bob@acme.io', 'Bob Reader');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
  });
  afterAll(() => server.stop());

  beforeEach(async () => {
    orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(bob.token).orgs.joinOrganization(orgId);
  });

  const orgs = (user: User) => server.as(user.token).orgs;
  const spaces = (user: User) => server.as(user.token).spaces;
  const newSpace = async (title = 'Docs', parent?: string) => (await orgs(ann).createSpace(orgId, { title, ...(parent ? { parent } : {}) })).data;
  const send = (user: User, method: string, path: string, body?: unknown) =>
    server.fetch(`/v1${path}`, { method, token: user.token, headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const refused = (user: User, method: string, path: string, body?: unknown) => server.expectRefused(user.token, method, `/v1${path}`, body);

  describe('creating and listing', () => {
    it('creates a space with every field of the spec and the defaults', async () => {
      const { data, status, headers } = await orgs(ann).createSpace(orgId, { title: 'Docs', emoji: '📘', language: 'fr' as never });
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/spaces', 201, data);
      expect(headers.get('location')).toBe(`${server.url}/v1/spaces/${data.id}`);
      expect(data).toMatchObject({
        object: 'space',
        title: 'Docs',
        emoji: '📘',
        visibility: 'private',
        editMode: 'live',
        mergeRules: { type: 'inherit' },
        defaultLevel: 'inherit',
        organization: orgId,
        language: 'fr',
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        createdAt: server.clock.nowIso(),
        urls: { location: `${server.url}/v1/spaces/${data.id}`, app: `${server.url}/s/${data.id}` },
        permissions: { view: true, admin: true, edit: true },
      });
      expect(data.revision).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(data.parent).toBeUndefined();
      expect(data.deletedAt).toBeUndefined();
    });

    it('lists the live spaces, oldest first, paged', async () => {
      const a = await newSpace('A');
      server.clock.advance(1000);
      const b = await newSpace('B');
      server.clock.advance(1000);
      const c = await newSpace('C');
      await spaces(ann).deleteSpaceById(b.id);
      const { data } = await orgs(ann).listSpacesInOrganizationById(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/spaces', 200, data);
      expect(data.items.map((s) => s.id)).toEqual([a.id, c.id]);
      const first = await orgs(bob).listSpacesInOrganizationById(orgId, { limit: 1 });
      expect(first.data.items.map((s) => s.id)).toEqual([a.id]);
      expect(first.data.items[0].permissions).toMatchObject({ view: true, admin: false, edit: false });
      const next = await orgs(bob).listSpacesInOrganizationById(orgId, { limit: 1, page: first.data.next!.page });
      expect(next.data.items.map((s) => s.id)).toEqual([c.id]);
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { title: 'x'.repeat(51) });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { emoji: 'x'.repeat(51) });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { title: 3 });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { editMode: 'frozen' });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { language: 'klingon' });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { owner: 'me' });
      await refused(ann, 'POST', `/orgs/${orgId}/spaces`, { parent: 'noSuchCollection0000' });
      await refused(ann, 'GET', `/orgs/${orgId}/spaces?limit=0`);
    });

    it('needs create rights (403) and membership (404)', async () => {
      await expectStatus(orgs(bob).createSpace(orgId, { title: 'Nope' }), 403);
      await expectStatus(orgs(cat).createSpace(orgId, { title: 'Nope' }), 404);
      await expectStatus(orgs(cat).listSpacesInOrganizationById(orgId), 404);
    });
  });

  describe('reading and updating', () => {
    it('gets a space (shareKey accepted); strangers and unknown ids get 404', async () => {
      const space = await newSpace();
      const { data } = await spaces(bob).getSpaceById(space.id, { shareKey: 'anything' });
      expectMatchesSpec('GET', '/spaces/{spaceId}', 200, data);
      expect(data.id).toBe(space.id);
      await expectStatus(spaces(cat).getSpaceById(space.id), 404);
      await expectStatus(spaces(ann).getSpaceById('noSuchSpace000000000'), 404);
      await refused(ann, 'GET', `/spaces/${space.id}?shareKey=${'k'.repeat(1025)}`);
    });

    it('updates every setting the seed lists', async () => {
      const space = await newSpace();
      server.clock.advance(1000);
      const { data } = await spaces(ann).updateSpaceById(space.id, {
        title: 'Handbook',
        emoji: '🎉',
        editMode: 'locked' as never,
        defaultLevel: 'edit' as never,
        language: 'de' as never,
        mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } as never,
      });
      expectMatchesSpec('PATCH', '/spaces/{spaceId}', 200, data);
      expect(data).toMatchObject({
        title: 'Handbook',
        emoji: '🎉',
        editMode: 'locked',
        defaultLevel: 'edit',
        language: 'de',
        mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] },
        updatedAt: server.clock.nowIso(),
      });
      const guests = await spaces(ann).updateSpaceById(space.id, { defaultLevel: null, emoji: null } as never);
      expect(guests.data).toMatchObject({ defaultLevel: null, emoji: '' });
      const back = await spaces(ann).updateSpaceById(space.id, { defaultLevel: 'inherit' as never, mergeRules: { type: 'inherit' } });
      expect(back.data).toMatchObject({ defaultLevel: 'inherit', mergeRules: { type: 'inherit' } });
    });

    it('refuses bad settings with 400 and writes nothing', async () => {
      const space = await newSpace();
      for (const body of [
        { title: 'x'.repeat(51) },
        { emoji: 'x'.repeat(51) },
        { editMode: 'frozen' },
        { defaultLevel: 'owner' },
        { language: 'xx' },
        { mergeRules: { type: 'sometimes' } },
        { mergeRules: { type: 'rules', rules: [{ rule: 'be_nice' }] } },
        { title: null },
        { visibility: 'public' },
      ]) {
        await refused(ann, 'PATCH', `/spaces/${space.id}`, body);
      }
    });

    it('lets readers not change a space (403) and strangers not see it (404)', async () => {
      const space = await newSpace();
      await expectStatus(spaces(bob).updateSpaceById(space.id, { title: 'Mine' }), 403);
      await expectStatus(spaces(cat).updateSpaceById(space.id, { title: 'Mine' }), 404);
      // Editors change the content-facing settings; governance (edit mode, default level, merge rules) is an admin's.
      await orgs(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Edit });
      expect((await spaces(bob).updateSpaceById(space.id, { title: 'Edited', emoji: '✏️' })).data.title).toBe('Edited');
      await expectStatus(spaces(bob).updateSpaceById(space.id, { editMode: 'locked' as never }), 403);
      await expectStatus(spaces(bob).updateSpaceById(space.id, { title: 'X', defaultLevel: null } as never), 403);
    });
  });

  describe('the bin', () => {
    it('deletes softly: 204, out of the lists, still readable with deletedAt, and closed to changes', async () => {
      const space = await newSpace();
      await expectStatus(spaces(bob).deleteSpaceById(space.id), 403);
      await expectStatus(spaces(cat).deleteSpaceById(space.id), 404);
      const { status } = await spaces(ann).deleteSpaceById(space.id);
      expect(status).toBe(204);
      expect((await orgs(ann).listSpacesInOrganizationById(orgId)).data.items).toEqual([]);
      const { data } = await spaces(ann).getSpaceById(space.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}', 200, data);
      expect(data.deletedAt).toBe(server.clock.nowIso());
      await expectStatus(spaces(ann).updateSpaceById(space.id, { title: 'Zombie' }), 409);
      // Deleting again changes nothing: the retention still counts from the first deletion.
      const before = await server.head();
      expect((await spaces(ann).deleteSpaceById(space.id)).status).toBe(204);
      expect(await server.head()).toBe(before);
    });

    it('restores up to exactly 7 days after the deletion; later the space is gone (404)', async () => {
      const kept = await newSpace('Kept');
      const lost = await newSpace('Lost');
      await spaces(ann).deleteSpaceById(kept.id);
      await spaces(ann).deleteSpaceById(lost.id);
      await expectStatus(spaces(bob).restoreSpace(kept.id), 403);
      await expectStatus(spaces(cat).restoreSpace(kept.id), 404);
      server.clock.advance(7 * DAY);
      const { data, status } = await spaces(ann).restoreSpace(kept.id);
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/spaces/{spaceId}/restore', 200, data);
      expect(data.deletedAt).toBeUndefined();
      expect((await orgs(ann).listSpacesInOrganizationById(orgId)).data.items.map((s) => s.id)).toEqual([kept.id]);
      server.clock.advance(1);
      const late = await send(ann, 'POST', `/spaces/${lost.id}/restore`);
      expect(late.status).toBe(404);
      expect(late.body).toEqual({ error: { code: 404, message: expect.stringMatching(/more than 7 days ago/) } });
      await expectStatus(spaces(ann).getSpaceById(lost.id), 404);
      await expectStatus(spaces(cat).getSpaceById(lost.id), 404);
    });

    it('purges spaces past their retention: SpacePurged in the stream, 404 after, history kept', async () => {
      const space = await newSpace();
      await spaces(ann).deleteSpaceById(space.id);
      const fresh = await newSpace('Fresh');
      server.clock.advance(8 * DAY);
      await spaces(ann).deleteSpaceById(fresh.id);
      const { purged } = await server.app.get(CommandBus).execute(new PurgeExpiredSpaces());
      expect(purged).toContain(space.id);
      expect(purged).not.toContain(fresh.id);
      const stream = await server.events.readStream(`space-${space.id}`);
      expect(stream.map((e) => e.type)).toEqual(['SpaceCreated', 'SpaceDeleted', 'SpacePurged']);
      await expectStatus(spaces(ann).getSpaceById(space.id), 404);
      await expectStatus(spaces(ann).restoreSpace(space.id), 404);
      // A second sweep finds nothing more to do.
      const before = await server.head();
      expect((await server.app.get(CommandBus).execute(new PurgeExpiredSpaces())).purged).not.toContain(space.id);
      expect(await server.head()).toBe(before);
      expect((await spaces(ann).getSpaceById(fresh.id)).data.deletedAt).toBeDefined();
    });
  });

  describe('duplicate, move and transfer', () => {
    it('duplicates a space with its settings and title, right after it', async () => {
      const space = await newSpace('Docs');
      const last = await newSpace('Last');
      await spaces(ann).updateSpaceById(space.id, { editMode: 'locked' as never, emoji: '🎉' });
      const { data, status, headers } = await spaces(ann).duplicateSpace(space.id);
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/spaces/{spaceId}/duplicate', 201, data);
      expect(headers.get('location')).toBe(`${server.url}/v1/spaces/${data.id}`);
      expect(data.id).not.toBe(space.id);
      expect(data).toMatchObject({ title: 'Docs', emoji: '🎉', editMode: 'locked', organization: orgId });
      const collection = (await orgs(ann).createCollection(orgId, { title: 'C' })).data;
      for (const id of [space.id, data.id, last.id]) await spaces(ann).moveSpace(id, { parent: collection.id });
      // Moved one by one to the end: the copy was between the original and `last` before, and still is after.
      const inside = await server.as(ann.token).collections.listSpacesInCollectionById(collection.id);
      expect(inside.data.items.map((s) => s.id)).toEqual([space.id, data.id, last.id]);
      await expectStatus(spaces(bob).duplicateSpace(space.id), 403);
      await expectStatus(spaces(cat).duplicateSpace(space.id), 404);
      await spaces(ann).deleteSpaceById(space.id);
      await expectStatus(spaces(ann).duplicateSpace(space.id), 409);
    });

    it('moves into a collection, before or after a sibling, and back to the root', async () => {
      const collection = (await orgs(ann).createCollection(orgId, { title: 'Guides' })).data;
      const [a, b, c] = [await newSpace('A'), await newSpace('B'), await newSpace('C')];
      const { data } = await spaces(ann).moveSpace(a.id, { parent: collection.id });
      expectMatchesSpec('POST', '/spaces/{spaceId}/move', 200, data);
      expect(data.parent).toBe(collection.id);
      await spaces(ann).moveSpace(b.id, { parent: collection.id, position: { before: { type: 'space', space: a.id } } });
      await spaces(ann).moveSpace(c.id, { parent: collection.id, position: { after: { type: 'space', space: b.id } } });
      const listed = await server.as(ann.token).collections.listSpacesInCollectionById(collection.id);
      expect(listed.data.items.map((s) => s.id)).toEqual([b.id, c.id, a.id]);
      // One event per move: the moved space's key only.
      const stream = await server.events.readStream(`space-${c.id}`);
      expect(stream.map((e) => e.type)).toEqual(['SpaceCreated', 'SpaceMoved']);
      const root = await spaces(ann).moveSpace(a.id, { parent: null });
      expect(root.data.parent).toBeUndefined();
    });

    it('refuses unknown siblings, siblings elsewhere, moves that change nothing and empty bodies', async () => {
      const collection = (await orgs(ann).createCollection(orgId, { title: 'Guides' })).data;
      const [a, b] = [await newSpace('A'), await newSpace('B')];
      const inside = await newSpace('In', collection.id);
      const unknown = await refused(ann, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'space', space: 'noSuchSpace000000000' } } });
      expect(unknown).toMatch(/not a sibling/);
      await refused(ann, 'POST', `/spaces/${a.id}/move`, { position: { after: { type: 'space', space: inside.id } } });
      await refused(ann, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'space', space: b.id } } });
      await refused(ann, 'POST', `/spaces/${b.id}/move`, { parent: null });
      await refused(ann, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'space', space: a.id } } });
      await refused(ann, 'POST', `/spaces/${a.id}/move`, {});
      await refused(ann, 'POST', `/spaces/${a.id}/move`, { parent: 'noSuchCollection0000' });
      await refused(ann, 'POST', `/spaces/${a.id}/move`, { position: { before: { type: 'page', page: 'x' } } });
      await expectStatus(spaces(bob).moveSpace(a.id, { parent: collection.id }), 403);
      await expectStatus(spaces(cat).moveSpace(a.id, { parent: collection.id }), 404);
    });

    it('transfers a space to another organization where the caller is admin too', async () => {
      const space = await newSpace();
      const other = (await orgs(ann).createOrganization({ title: 'Other' })).data.id;
      const target = (await orgs(ann).createCollection(other, { title: 'Landing' })).data;
      // Bob: admin of the source, only a reader in the target.
      await orgs(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Admin });
      expect((await send(bob, 'POST', `/spaces/${space.id}/transfer`, { organization: other })).status).toBe(404);
      await orgs(ann).inviteUsersToOrganization(other, { emails: ['bob@acme.io'], role: MemberRole.Read });
      expect((await send(bob, 'POST', `/spaces/${space.id}/transfer`, { organization: other })).status).toBe(403);
      expect((await send(cat, 'POST', `/spaces/${space.id}/transfer`, { organization: other })).status).toBe(404);
      await refused(ann, 'POST', `/spaces/${space.id}/transfer`, {});
      await refused(ann, 'POST', `/spaces/${space.id}/transfer`, { organization: orgId });
      await refused(ann, 'POST', `/spaces/${space.id}/transfer`, { organization: other, parent: 'noSuchCollection0000' });
      const moved = await send(ann, 'POST', `/spaces/${space.id}/transfer`, { organization: other, parent: target.id });
      expect(moved.status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}', 200, moved.body);
      expect(moved.body).toMatchObject({ organization: other, parent: target.id });
      expect((await orgs(ann).listSpacesInOrganizationById(orgId)).data.items).toEqual([]);
      expect((await orgs(ann).listSpacesInOrganizationById(other)).data.items.map((s) => s.id)).toEqual([space.id]);
    });
  });
});
