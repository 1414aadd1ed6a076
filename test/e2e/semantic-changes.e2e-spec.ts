import { ChangeRequest, ChangeRequestContentUpdate, RevisionSemanticChange, RevisionSemanticChanges } from '@gitbook/api';
import { expectMatchesSchema, expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
const CR_PATH = '/spaces/{spaceId}/change-requests/{changeRequestId}/changes';
const REVISION_PATH = '/spaces/{spaceId}/revisions/{revisionId}/changes';
/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The attributes schema of each page type's page_edited entry. */
const EDITED_ATTRIBUTES: Record<string, string> = {
  document: 'RevisionPageDocumentChangeAttributes',
  group: 'RevisionPageGroupChangeAttributes',
  link: 'RevisionPageLinkChangeAttributes',
};

/**
 * The spec's page_edited `attributes` is a oneOf of three schemas that any object matches all at once
 * (none refuses other properties), so no page_edited entry can pass the route's schema as written: each is
 * checked against its page type's attributes schema, and the rest of the answer against the route's.
 */
function expectChangesMatchSpec(path: string, body: RevisionSemanticChanges) {
  const edited = body.changes.filter((c) => c.type === 'page_edited');
  for (const change of edited) {
    expectMatchesSchema('ChangedRevisionPage', change.page);
    expectMatchesSchema(EDITED_ATTRIBUTES[change.page.type], change.attributes);
  }
  expectMatchesSpec('GET', path, 200, { ...body, changes: body.changes.filter((c) => c.type !== 'page_edited') });
}

/** One line per change: its kind and what it is about, by title or file name. */
const summary = (changes: RevisionSemanticChange[]) =>
  changes.map((c) => {
    if ('page' in c) return `${c.type} ${c.page.title} (${c.page.path})`;
    if ('file' in c) return `${c.type} ${c.file.name}`;
    return c.type;
  });

/** GET …/changes of change requests and revisions through the official client, the content written through the real routes. */
describe('semantic changes', () => {
  let server: TestServer;
  let ann: User; // admin
  let rita: User; // read member
  let cat: User; // stranger
  let spaceId: string;
  let firstRevision: string;
  let seed: ChangeRequest; // merged: Introduction[Install], Guides, Legacy[Old API], logo.png
  let seedMerge: string;
  let edit: ChangeRequest; // open: the edits below, on top of the seed
  const ids: Record<string, string> = {};

  const spaces = (user: User = ann) => server.as(user.token).spaces;
  const write = async (cr: ChangeRequest, changes: unknown[]) => {
    const { data } = await spaces().updateChangeRequestContent(spaceId, cr.id, { changes: changes as never }, { compat: false });
    const update = data as ChangeRequestContentUpdate;
    for (const change of update.changes) if (change.object === 'created_page' && change.ref) ids[change.ref] = (change.page as { id: string }).id;
    return update;
  };

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    rita = await server.createUser('rita@acme.io', 'Rita Reader');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
    const orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(rita.token).orgs.joinOrganization(orgId);
    const space = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data;
    spaceId = space.id;
    firstRevision = space.revision;

    seed = (await spaces().createChangeRequest(spaceId, { subject: 'Seed' })).data;
    await write(seed, [
      { operation: 'insert_page', ref: 'intro', title: 'Introduction', document: { markdown: 'Hello.' } },
      { operation: 'insert_page', ref: 'install', into: 'intro', title: 'Install', document: { markdown: 'npm ci' } },
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'How to.' } },
      { operation: 'insert_page', ref: 'legacy', title: 'Legacy', document: { markdown: 'Old.' } },
      { operation: 'insert_page', ref: 'oldApi', into: 'legacy', title: 'Old API', document: { markdown: 'Older.' } },
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: PNG }] },
    ]);
    seedMerge = (await spaces().mergeChangeRequest(spaceId, String(seed.number))).data.revision;

    edit = (await spaces().createChangeRequest(spaceId, { subject: 'Rework' })).data;
    await write(edit, [
      { operation: 'update_page', page: ids.intro, document: { markdown: 'Hello, again.' } },
      { operation: 'update_page', page: ids.install, into: ids.guides, title: 'Installation' },
      { operation: 'delete_page', page: ids.legacy },
      { operation: 'insert_page', ref: 'changelog', title: 'Changelog', document: { markdown: 'v1' } },
      { operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('notes').toString('base64') }] },
    ]);
  }, 60_000);
  afterAll(() => server.stop());

  describe('of a change request', () => {
    it('lists what the request changes against its base: edited, moved and edited, created, deleted with its subpages, files', async () => {
      const { data, status } = await spaces(rita).getChangeRequestChanges(spaceId, edit.id, { limit: 100 });
      expect(status).toBe(200);
      expectChangesMatchSpec(CR_PATH, data);
      expect(summary(data.changes)).toEqual([
        'page_edited Introduction (introduction)',
        'page_moved Installation (guides/install)',
        'page_edited Installation (guides/install)',
        'page_created Changelog (changelog)',
        'page_deleted Legacy (legacy)',
        'page_deleted Old API (legacy/old-api)',
        'file_created notes.txt',
      ]);
      expect(data).not.toHaveProperty('more');
      const [introEdited, moved, installEdited] = data.changes;
      expect(introEdited).toEqual({
        type: 'page_edited',
        page: { id: ids.intro, type: 'document', title: 'Introduction', path: 'introduction' },
        attributes: { document: { before: expect.stringMatching(/^[0-9a-f]{64}$/), after: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      });
      // The document's hash is the page's documentId on each side.
      const attributes = (introEdited as { attributes: { document: { before: string; after: string } } }).attributes.document;
      expect((await spaces().getPageById(spaceId, ids.intro)).data).toMatchObject({ documentId: attributes.before });
      expect((await spaces().getPageInChangeRequestById(spaceId, edit.id, ids.intro)).data).toMatchObject({ documentId: attributes.after });
      expect(moved).toEqual({
        type: 'page_moved',
        page: { id: ids.install, type: 'document', title: 'Installation', path: 'guides/install' },
        parent: {
          before: { id: ids.intro, type: 'document', title: 'Introduction', path: 'introduction' },
          after: { id: ids.guides, type: 'document', title: 'Guides', path: 'guides' },
        },
      });
      expect(installEdited).toMatchObject({ attributes: { title: { before: 'Install', after: 'Installation' } } });
      const file = data.changes[6] as { file: { name: string; contentType: string; downloadURL: string } };
      expect(file.file).toMatchObject({ name: 'notes.txt', contentType: 'text/plain' });
      const download = await fetch(file.file.downloadURL);
      expect(await download.text()).toBe('notes');
    });

    it('answers 10 changes by default, and the first `limit` with how many more there are', async () => {
      const { data } = await spaces().getChangeRequestChanges(spaceId, String(edit.number), { limit: 2 });
      expectChangesMatchSpec(CR_PATH, data);
      expect(summary(data.changes)).toEqual(['page_edited Introduction (introduction)', 'page_moved Installation (guides/install)']);
      expect(data.more).toBe(5);

      const many = (await spaces().createChangeRequest(spaceId, { subject: 'Many' })).data;
      await write(
        many,
        Array.from({ length: 12 }, (_, i) => ({ operation: 'insert_page', title: `Page ${i + 1}`, document: { markdown: 'x' } })),
      );
      const byDefault = (await spaces().getChangeRequestChanges(spaceId, many.id)).data;
      expect(byDefault.changes).toHaveLength(10);
      expect(byDefault.changes.map((c) => ('page' in c ? c.page.title : ''))).toEqual(Array.from({ length: 10 }, (_, i) => `Page ${i + 1}`));
      expect(byDefault.more).toBe(2);
    });

    it('lists what a merged request changed against the base it was merged from', async () => {
      const { data } = await spaces().getChangeRequestChanges(spaceId, seed.id, { limit: 1000 });
      expectChangesMatchSpec(CR_PATH, data);
      expect(summary(data.changes)).toEqual([
        'page_created Introduction (introduction)',
        'page_created Install (introduction/install)',
        'page_created Guides (guides)',
        'page_created Legacy (legacy)',
        'page_created Old API (legacy/old-api)',
        'file_created logo.png',
      ]);
    });

    it('counts from the main revision an update merged in, not from where the request began; the update revision tells what main brought', async () => {
      const [theirs, mine] = [
        (await spaces().createChangeRequest(spaceId, { subject: 'Theirs' })).data,
        (await spaces().createChangeRequest(spaceId, { subject: 'Mine' })).data,
      ];
      await write(theirs, [{ operation: 'insert_page', title: 'From main', document: { markdown: 'main' } }]);
      await spaces().mergeChangeRequest(spaceId, String(theirs.number));
      await write(mine, [{ operation: 'insert_page', title: 'Mine', document: { markdown: 'mine' } }]);
      const updated = (await spaces().updateChangeRequest(spaceId, String(mine.number))).data;
      expect(updated.result).toBe('update');

      const { data } = await spaces().getChangeRequestChanges(spaceId, mine.id);
      expectChangesMatchSpec(CR_PATH, data);
      expect(summary(data.changes)).toEqual(['page_created Mine (mine)']);
      const update = (await spaces().getRevisionSemanticChanges(spaceId, updated.revision)).data;
      expectChangesMatchSpec(REVISION_PATH, update);
      expect(summary(update.changes)).toEqual(['page_created From main (from-main)']);
    });

    it('refuses a limit outside 1..1000 or not a whole number with 400', async () => {
      for (const limit of ['0', '1001', 'ten', '2.5', '']) {
        const message = await server.expectRefused(ann.token, 'GET', `/v1/spaces/${spaceId}/change-requests/${edit.id}/changes?limit=${limit}`);
        expect(message).toBe('limit must be an integer from 1 to 1000');
      }
    });

    it('hides the request from a stranger and answers 404 for an unknown request', async () => {
      await expectStatus(spaces(cat).getChangeRequestChanges(spaceId, edit.id), 404);
      await expectStatus(spaces().getChangeRequestChanges(spaceId, '999'), 404);
      await expectStatus(spaces().getChangeRequestChanges(spaceId, 'noSuchRequest000000a'), 404);
    });
  });

  describe('of a revision', () => {
    it("lists a merge revision's changes against main before it, with the request it merged", async () => {
      const { data, status } = await spaces(rita).getRevisionSemanticChanges(spaceId, seedMerge, { limit: 3 });
      expect(status).toBe(200);
      expectChangesMatchSpec(REVISION_PATH, data);
      expect(data.mergedFrom).toMatchObject({ object: 'change-request', id: seed.id, number: seed.number, status: 'merged' });
      expect(summary(data.changes)).toEqual(['page_created Introduction (introduction)', 'page_created Install (introduction/install)', 'page_created Guides (guides)']);
      expect(data.more).toBe(3);
    });

    it("lists an edits revision's changes against its parent (the request's previous head), without mergedFrom", async () => {
      const head = (await spaces().getChangeRequestById(spaceId, edit.id)).data.revision;
      const { data } = await spaces().getRevisionSemanticChanges(spaceId, head, { limit: 100 });
      expectChangesMatchSpec(REVISION_PATH, data);
      expect(data).not.toHaveProperty('mergedFrom');
      expect(summary(data.changes)).toEqual((await spaces().getChangeRequestChanges(spaceId, edit.id, { limit: 100 })).data.changes.map((c) => summary([c])[0]));
    });

    it('answers no change for the space first revision, which has no parent and no content', async () => {
      const { data } = await spaces().getRevisionSemanticChanges(spaceId, firstRevision);
      expectChangesMatchSpec(REVISION_PATH, data);
      expect(data).toEqual({ changes: [] });
    });

    it('refuses a bad limit with 400, hides the revision from a stranger, and answers 404 for an unknown revision', async () => {
      const message = await server.expectRefused(ann.token, 'GET', `/v1/spaces/${spaceId}/revisions/${seedMerge}/changes?limit=1001`);
      expect(message).toBe('limit must be an integer from 1 to 1000');
      await server.expectRefused(ann.token, 'GET', `/v1/spaces/${spaceId}/revisions/${seedMerge}/changes?metadata=maybe`);
      await expectStatus(spaces(cat).getRevisionSemanticChanges(spaceId, seedMerge), 404);
      await expectStatus(spaces().getRevisionSemanticChanges(spaceId, 'noSuchRevision00000a'), 404);
    });
  });
});
