import { MemberRole } from '@gitbook/api';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

describe('collections', () => {
  let server: TestServer;
  let ann: User; // admin
  let bob: User; // reader
  let cat: User; // stranger
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
  const collections = (user: User) => server.as(user.token).collections;
  const spaces = (user: User) => server.as(user.token).spaces;
  const newCollection = async (title: string, parent?: string) =>
    (await orgs(ann).createCollection(orgId, { title, ...(parent ? { parent } : {}) })).data;
  const newSpace = async (title: string, parent?: string) => (await orgs(ann).createSpace(orgId, { title, ...(parent ? { parent } : {}) })).data;
  const refused = (user: User, method: string, path: string, body?: unknown) => server.expectRefused(user.token, method, `/v1${path}`, body);

  describe('creating, listing, reading', () => {
    it('creates a collection (201, Location) with every field of the spec', async () => {
      const { data, status, headers } = await orgs(ann).createCollection(orgId, { title: 'Guides' });
      expect(status).toBe(201);
      expectMatchesSpec('POST', '/orgs/{organizationId}/collections', 201, data);
      expect(headers.get('location')).toBe(`${server.url}/v1/collections/${data.id}`);
      expect(data).toMatchObject({
        object: 'collection',
        title: 'Guides',
        organization: orgId,
        defaultLevel: 'inherit',
        urls: { location: `${server.url}/v1/collections/${data.id}`, app: `${server.url}/c/${data.id}` },
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
      });
      const child = await orgs(ann).createCollection(orgId, { title: 'Child', parent: data.id });
      expect(child.data.parent).toBe(data.id);
      const got = await collections(bob).getCollectionById(data.id);
      expectMatchesSpec('GET', '/collections/{collectionId}', 200, got.data);
      expect(got.data.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    });

    it('lists root collections in sibling order, or every one with nested=true', async () => {
      const a = await newCollection('A');
      const b = await newCollection('B');
      const inner = await newCollection('Inner', a.id);
      const roots = await orgs(ann).listCollectionsInOrganizationById(orgId);
      expectMatchesSpec('GET', '/orgs/{organizationId}/collections', 200, roots.data);
      expect(roots.data.items.map((c) => c.id)).toEqual([a.id, b.id]);
      const all = await orgs(ann).listCollectionsInOrganizationById(orgId, { nested: true });
      expect(all.data.items.map((c) => c.id).sort()).toEqual([a.id, b.id, inner.id].sort());
      const page = await orgs(bob).listCollectionsInOrganizationById(orgId, { limit: 1 });
      expect(page.data.items.map((c) => c.id)).toEqual([a.id]);
      expect(page.data.next).toBeDefined();
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      await refused(ann, 'POST', `/orgs/${orgId}/collections`, { title: 'x'.repeat(51) });
      await refused(ann, 'POST', `/orgs/${orgId}/collections`, { title: 5 });
      await refused(ann, 'POST', `/orgs/${orgId}/collections`, { title: 'A', parent: 'noSuchCollection0000' });
      await refused(ann, 'POST', `/orgs/${orgId}/collections`, { title: 'A', colour: 'red' });
      await refused(ann, 'GET', `/orgs/${orgId}/collections?nested=maybe`);
      const c = await newCollection('C');
      await refused(ann, 'GET', `/collections/${c.id}/spaces?limit=1001`);
    });

    it('needs create rights to create (403), and membership for everything (404)', async () => {
      const c = await newCollection('C');
      await expectStatus(orgs(bob).createCollection(orgId, { title: 'Nope' }), 403);
      await expectStatus(orgs(cat).createCollection(orgId, { title: 'Nope' }), 404);
      await expectStatus(orgs(cat).listCollectionsInOrganizationById(orgId), 404);
      await expectStatus(collections(cat).getCollectionById(c.id), 404);
      await expectStatus(collections(cat).listSpacesInCollectionById(c.id), 404);
      await expectStatus(collections(ann).getCollectionById('noSuchCollection0000'), 404);
    });

    it("lists a collection's direct live spaces in sibling order", async () => {
      const c = await newCollection('C');
      const inner = await newCollection('Inner', c.id);
      const [s1, s2, s3] = [await newSpace('1', c.id), await newSpace('2', c.id), await newSpace('3', c.id)];
      await newSpace('deep', inner.id);
      await spaces(ann).moveSpace(s3.id, { position: { before: { type: 'space', space: s1.id } } });
      await spaces(ann).deleteSpaceById(s2.id);
      const { data } = await collections(bob).listSpacesInCollectionById(c.id);
      expectMatchesSpec('GET', '/collections/{collectionId}/spaces', 200, data);
      expect(data.items.map((s) => s.id)).toEqual([s3.id, s1.id]);
    });
  });

  describe('updating', () => {
    it('updates title, description and default level', async () => {
      const c = await newCollection('C');
      const { data } = await collections(ann).updateCollectionById(c.id, { title: 'Guides', description: 'How-tos', defaultLevel: 'comment' as never });
      expectMatchesSpec('PATCH', '/collections/{collectionId}', 200, data);
      expect(data).toMatchObject({ title: 'Guides', description: 'How-tos', defaultLevel: 'comment' });
      const guest = await collections(ann).updateCollectionById(c.id, { defaultLevel: null });
      expect(guest.data.defaultLevel).toBeNull();
    });

    it('refuses bad input (400), readers (403) and strangers (404)', async () => {
      const c = await newCollection('C');
      for (const body of [{ title: 'x'.repeat(51) }, { description: 'x'.repeat(101) }, { defaultLevel: 'boss' }, { parent: null }]) {
        await refused(ann, 'PATCH', `/collections/${c.id}`, body);
      }
      await expectStatus(collections(bob).updateCollectionById(c.id, { title: 'Mine' }), 403);
      await expectStatus(collections(cat).updateCollectionById(c.id, { title: 'Mine' }), 404);
    });
  });

  describe('deleting', () => {
    it('deletes with everything below it, each child stream recording the cascade; restored spaces go to the root', async () => {
      const c = await newCollection('C');
      const inner = await newCollection('Inner', c.id);
      const top = await newSpace('Top', c.id);
      const deep = await newSpace('Deep', inner.id);
      await expectStatus(collections(bob).deleteCollectionById(c.id), 403);
      await expectStatus(collections(cat).deleteCollectionById(c.id), 404);
      const { status } = await collections(ann).deleteCollectionById(c.id);
      expect(status).toBe(204);
      await expectStatus(collections(ann).getCollectionById(c.id), 404);
      await expectStatus(collections(ann).getCollectionById(inner.id), 404);
      await expectStatus(collections(ann).deleteCollectionById(c.id), 404);
      expect((await orgs(ann).listCollectionsInOrganizationById(orgId, { nested: true })).data.items).toEqual([]);
      expect((await orgs(ann).listSpacesInOrganizationById(orgId)).data.items).toEqual([]);
      for (const [stream, type] of [
        [`collection-${inner.id}`, 'CollectionDeleted'],
        [`space-${top.id}`, 'SpaceDeleted'],
        [`space-${deep.id}`, 'SpaceDeleted'],
      ]) {
        const events = await server.events.readStream(stream);
        expect(events[events.length - 1]).toMatchObject({ type, data: { cascadeFrom: c.id } });
      }
      expect((await spaces(ann).getSpaceById(deep.id)).data.deletedAt).toBeDefined();
      const restored = await spaces(ann).restoreSpace(deep.id);
      expect(restored.data.parent).toBeUndefined();
      expect(restored.data.deletedAt).toBeUndefined();
      expect((await orgs(ann).listSpacesInOrganizationById(orgId)).data.items.map((s) => s.id)).toEqual([deep.id]);
    });

    it('restores a space into its collection when the collection is still there', async () => {
      const c = await newCollection('C');
      const s = await newSpace('S', c.id);
      await spaces(ann).deleteSpaceById(s.id);
      expect((await spaces(ann).restoreSpace(s.id)).data.parent).toBe(c.id);
    });
  });

  describe('moving and transferring', () => {
    it('moves into another collection, before or after siblings, and to the root', async () => {
      const a = await newCollection('A');
      const b = await newCollection('B');
      const c = await newCollection('C');
      const { data, status } = await collections(ann).moveCollection(c.id, { parent: a.id });
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/collections/{collectionId}/move', 200, data);
      expect(data.parent).toBe(a.id);
      await collections(ann).moveCollection(c.id, { parent: null, position: { before: { type: 'collection', collection: a.id } } as never });
      expect((await orgs(ann).listCollectionsInOrganizationById(orgId)).data.items.map((x) => x.id)).toEqual([c.id, a.id, b.id]);
      await collections(ann).moveCollection(c.id, { position: { after: { type: 'collection', collection: b.id } } as never });
      expect((await orgs(ann).listCollectionsInOrganizationById(orgId)).data.items.map((x) => x.id)).toEqual([a.id, b.id, c.id]);
      const events = await server.events.readStream(`collection-${c.id}`);
      expect(events.map((e) => e.type)).toEqual(['CollectionCreated', 'CollectionMoved', 'CollectionMoved', 'CollectionMoved']);
    });

    it('never moves into itself or a descendant, nor where it already is (400)', async () => {
      const a = await newCollection('A');
      const b = await newCollection('B', a.id);
      const c = await newCollection('C', b.id);
      const other = await newCollection('Other');
      expect(await refused(ann, 'POST', `/collections/${a.id}/move`, { parent: a.id })).toMatch(/itself/);
      await refused(ann, 'POST', `/collections/${a.id}/move`, { parent: c.id });
      await refused(ann, 'POST', `/collections/${other.id}/move`, { parent: null });
      await refused(ann, 'POST', `/collections/${other.id}/move`, { position: { after: { type: 'collection', collection: a.id } } });
      await refused(ann, 'POST', `/collections/${other.id}/move`, { position: { after: { type: 'collection', collection: c.id } } });
      await refused(ann, 'POST', `/collections/${other.id}/move`, {});
      await expectStatus(collections(bob).moveCollection(other.id, { parent: a.id }), 403);
      await expectStatus(collections(cat).moveCollection(other.id, { parent: a.id }), 404);
    });

    it('transfers with everything below it to an organization where the caller is admin too', async () => {
      const c = await newCollection('C');
      const inner = await newCollection('Inner', c.id);
      const s = await newSpace('S', inner.id);
      const target = (await orgs(ann).createOrganization({ title: 'Target' })).data.id;
      await orgs(ann).updateMemberInOrganizationById(orgId, bob.id, { role: MemberRole.Admin });
      await expectStatus(collections(bob).transferCollection(c.id, { organization: target }), 404);
      await orgs(ann).inviteUsersToOrganization(target, { emails: ['bob@acme.io'], role: MemberRole.Create });
      await expectStatus(collections(bob).transferCollection(c.id, { organization: target }), 403);
      await expectStatus(collections(cat).transferCollection(c.id, { organization: target }), 404);
      await refused(ann, 'POST', `/collections/${c.id}/transfer`, {});
      await refused(ann, 'POST', `/collections/${c.id}/transfer`, { organization: orgId });
      const { data, status } = await collections(ann).transferCollection(c.id, { organization: target });
      expect(status).toBe(200);
      expectMatchesSpec('POST', '/collections/{collectionId}/transfer', 200, data);
      expect(data.organization).toBe(target);
      expect((await collections(ann).getCollectionById(inner.id)).data).toMatchObject({ organization: target, parent: c.id });
      expect((await spaces(ann).getSpaceById(s.id)).data).toMatchObject({ organization: target, parent: inner.id });
      expect((await orgs(ann).listCollectionsInOrganizationById(orgId, { nested: true })).data.items).toEqual([]);
      const events = await server.events.readStream(`space-${s.id}`);
      expect(events[events.length - 1]).toMatchObject({ type: 'SpaceTransferred', data: { cascadeFrom: c.id, previousOrganizationId: orgId } });
    });
  });
});
