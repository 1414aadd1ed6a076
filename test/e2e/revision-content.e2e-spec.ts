import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { seedChangeRequest, seedMain } from '../support/content-seed';
import { expectMatchesSchema, expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };

const NOTE_MD = 'Read the **notes** first.\n';
const blob = (path: string, n: string) => ({ oid: n.repeat(40), path });
const NOTE_GIT = blob('.gitbook/includes/note.md', 'a');
const PAGE_GIT = blob('guides/intro.md', 'b');
const COMMIT = { oid: 'd'.repeat(40), message: 'Import the docs', createdByGitBook: false, ref: 'refs/heads/main' };
const FILE_GIT = blob('.gitbook/assets/logo.png', 'c');
/** The page fields a Git Sync page carries besides its document (front matter, its blob). */
const PAGE_FIELDS = {
  linkTitle: 'Intro',
  layout: { width: 'wide' as const, tableOfContents: false },
  cover: { ref: { kind: 'file' as const, file: 'logo' }, yPos: 40 },
  metaLinks: { canonical: { kind: 'url' as const, url: 'https://example.com/intro' } },
  variables: { audience: 'admins' },
  git: PAGE_GIT,
};

describe('revision content: reusable contents, variables, Git Sync fields', () => {
  let server: TestServer;
  let ann: User; // admin of the organization
  let bob: User; // member with the default `read` role
  let cat: User; // not a member
  let spaceId: string;
  let v1: RevisionRecord; // two reusable contents, variables, a page and a file with their Git Sync fields
  let v2: RevisionRecord; // v1 with the note retitled
  let cr: { id: string; number: number }; // a request adding a reusable content

  beforeAll(async () => {
    server = await startServer();
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    bob = await server.createUser('bob@acme.io', 'Bob Reader');
    cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
    const orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
    await server.as(bob.token).orgs.joinOrganization(orgId);
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    server.clock.advance(1000);
    v1 = await seedMain(server, ann.id, spaceId, async (tree, now) => {
      await tree.putReusableContent({ id: 'note', title: 'Note', document: markdownToDocument(NOTE_MD).document, git: NOTE_GIT, now });
      await tree.putReusableContent({ id: 'blank', title: 'Blank', document: null, now });
      await tree.setVariables({ product: 'Folio', version: 2, beta: true });
      await tree.addFile({ id: 'logo', name: 'logo.png', contentType: 'image/png', bytes: Buffer.from('png'), git: FILE_GIT, now });
      await tree.insertPage({ id: 'intro', into: null, meta: { title: 'Introduction', ...PAGE_FIELDS }, document: markdownToDocument('Hello.\n').document, now });
      await tree.insertPage({ id: 'plain', into: null, meta: { title: 'Plain' }, document: null, now });
    }, { git: COMMIT });
    server.clock.advance(1000);
    v2 = await seedMain(server, ann.id, spaceId, async (tree, now) => {
      const note = (await tree.reusableContent('note'))!;
      await tree.putReusableContent({ id: 'note', title: 'Note v2', document: await tree.document(note), git: note.git, now });
    });
    cr = (await server.as(ann.token).spaces.createChangeRequest(spaceId, { subject: 'Drafts' })).data;
    server.clock.advance(1000);
    await seedChangeRequest(server, ann.id, spaceId, cr.number, async (tree, now) => {
      await tree.putReusableContent({ id: 'draft', title: 'Draft', document: markdownToDocument('Not yet.\n').document, now });
    });
  }, 60_000);
  afterAll(() => server.stop());

  const spaces = (user: User) => server.as(user.token).spaces;

  describe('the revision', () => {
    it('lists its reusable contents and variables; pages show their layout over the defaults, cover, meta links, variables, link title and git; files their git', async () => {
      const { data } = await spaces(bob).getCurrentRevision(spaceId);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content', 200, data);
      expect(data.id).toBe(v2.id);
      expect(data.reusableContents).toEqual([
        { id: 'blank', title: 'Blank' },
        { id: 'note', title: 'Note v2', document: expect.stringMatching(/^[0-9a-f]{64}$/), git: NOTE_GIT },
      ]);
      expect(data.variables).toEqual({ product: 'Folio', version: 2, beta: true });
      expect(data.files).toEqual([expect.objectContaining({ id: 'logo', git: FILE_GIT })]);
      const [intro, plain] = data.pages as Record<string, unknown>[];
      expect(intro).toMatchObject({ ...PAGE_FIELDS, layout: { width: 'wide', tableOfContents: false, cover: true, outline: true, coverSize: 'hero' } });
      expect(plain).not.toHaveProperty('git');
      expect(plain).not.toHaveProperty('variables');
      expect(plain.layout).toMatchObject({ width: 'default', tableOfContents: true });
    });

    it('leaves every git blob out with metadata=false', async () => {
      const { data } = await spaces(bob).getCurrentRevision(spaceId, { metadata: false });
      expectMatchesSpec('GET', '/spaces/{spaceId}/content', 200, data);
      expect(JSON.stringify(data)).not.toContain('"git"');
      expect(data.reusableContents[1]).toEqual({ id: 'note', title: 'Note v2', document: expect.any(String) });
      const page = (await spaces(bob).getPageById(spaceId, 'intro', { metadata: false })).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}', 200, page);
      expect(page).not.toHaveProperty('git');
      expect(page).toMatchObject({ linkTitle: 'Intro', variables: { audience: 'admins' } });
      const file = (await spaces(bob).getFileById(spaceId, 'logo', { metadata: false })).data;
      expect(file).not.toHaveProperty('git');
      expect((await spaces(bob).getFileById(spaceId, 'logo')).data).toMatchObject({ git: FILE_GIT });
    });

    it('names the Git commit a revision was imported from, unless metadata=false', async () => {
      const { data } = await spaces(bob).getRevisionById(spaceId, v1.id);
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
      expect(data.git).toEqual(COMMIT);
      expect((await spaces(bob).getRevisionById(spaceId, v1.id, { metadata: false })).data).not.toHaveProperty('git');
      expect((await spaces(bob).getCurrentRevision(spaceId)).data).not.toHaveProperty('git');
    });

    it("answers a page's Git Sync fields on a page read", async () => {
      const { data } = await spaces(bob).getPageById(spaceId, 'intro');
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/page/{pageId}', 200, data);
      expect(data).toMatchObject(PAGE_FIELDS);
    });
  });

  describe('reusable contents', () => {
    it("reads main's by id, its git left out with metadata=false", async () => {
      const { data, status } = await spaces(bob).getReusableContentById(spaceId, 'note');
      expect(status).toBe(200);
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', 200, data);
      expect(data).toEqual({ id: 'note', title: 'Note v2', document: expect.stringMatching(/^[0-9a-f]{64}$/), git: NOTE_GIT });
      const bare = (await spaces(bob).getReusableContentById(spaceId, 'note', { metadata: false })).data;
      expect(bare).toEqual({ id: 'note', title: 'Note v2', document: (data as { document?: string }).document });
      const blank = (await spaces(bob).getReusableContentById(spaceId, 'blank')).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', 200, blank);
      expect(blank).toEqual({ id: 'blank', title: 'Blank' });
    });

    it("reads an older revision's, and its document", async () => {
      const { data } = await spaces(bob).getReusableContentInRevisionById(spaceId, v1.id, 'note');
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}', 200, data);
      expect(data).toMatchObject({ id: 'note', title: 'Note' });
      const document = (await spaces(bob).getReusableContentDocumentInRevisionById(spaceId, v1.id, 'note')).data;
      expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document', 200, document);
      expect(document).toEqual(markdownToDocument(NOTE_MD).document);
      const blank = (await spaces(bob).getReusableContentDocumentInRevisionById(spaceId, v1.id, 'blank')).data;
      expect(blank).toEqual({ object: 'document', data: {}, nodes: [] });
    });

    it("reads a change request's; main does not have it", async () => {
      const { data } = await spaces(bob).getReusableContentInChangeRequestById(spaceId, cr.id, 'draft');
      expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}', 200, data);
      expect(data).toMatchObject({ id: 'draft', title: 'Draft' });
      const byNumber = (await spaces(bob).getReusableContentInChangeRequestById(spaceId, String(cr.number), 'note')).data;
      expect(byNumber).toMatchObject({ id: 'note', title: 'Note v2' });
      await expectStatus(spaces(bob).getReusableContentById(spaceId, 'draft'), 404);
    });

    it("answers the document under main and a change request too (Folio's additions)", async () => {
      for (const path of [`content/reusable-contents/note/document`, `change-requests/${cr.number}/content/reusable-contents/note/document`]) {
        const { status, body } = await server.fetch(`/v1/spaces/${spaceId}/${path}`, { token: bob.token });
        expect(status).toBe(200);
        expectMatchesSchema('JSONDocument', body);
        expect(body).toEqual(markdownToDocument(NOTE_MD).document);
      }
      const draft = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/reusable-contents/draft/document`, { token: bob.token });
      expect(draft.body).toEqual(markdownToDocument('Not yet.\n').document);
    });

    it.each([
      ['main', () => `content/reusable-contents/nope`],
      ['main document', () => `content/reusable-contents/nope/document`],
      ['revision', () => `revisions/${v1.id}/reusable-contents/nope`],
      ['revision document', () => `revisions/${v1.id}/reusable-contents/nope/document`],
      ['a revision that has not got it yet', () => `revisions/${v1.id}/reusable-contents/draft`],
      ['unknown revision', () => `revisions/nope/reusable-contents/note`],
      ['change request', () => `change-requests/${cr.id}/content/reusable-contents/nope`],
      ['unknown change request', () => `change-requests/99/content/reusable-contents/note`],
    ])('answers 404 with the error body for an unknown id (%s)', async (_what, path) => {
      await server.expectRefused(bob.token, 'GET', `/v1/spaces/${spaceId}/${path()}`, undefined, 404);
    });

    it.each([
      ['main', (s: string) => spaces(cat).getReusableContentById(s, 'note')],
      ['revision', (s: string) => spaces(cat).getReusableContentInRevisionById(s, v1.id, 'note')],
      ['revision document', (s: string) => spaces(cat).getReusableContentDocumentInRevisionById(s, v1.id, 'note')],
      ['change request', (s: string) => spaces(cat).getReusableContentInChangeRequestById(s, cr.id, 'draft')],
    ])('hides them from a stranger (404: %s)', async (_what, read) => {
      await expectStatus(read(spaceId), 404);
    });

    it.each([
      ['content/reusable-contents/note?metadata=1', 'metadata must be true or false'],
      ['revisions/REV/reusable-contents/note/document?evaluated=maybe', 'evaluated must be one of: true, false, deterministic-only'],
      ['content/reusable-contents/note/document?dereferenced=yes', 'dereferenced must be one of: true, false, reusable-contents'],
    ])('refuses %s with 400', async (query, message) => {
      const refusal = await server.fetch(`/v1/spaces/${spaceId}/${query.replace('REV', v1.id)}`, { token: bob.token });
      expect(refusal).toMatchObject({ status: 400, body: { error: { code: 400, message } } });
    });
  });

  describe('merging', () => {
    const newRequest = async (subject: string, build: Parameters<typeof seedChangeRequest>[4]) => {
      const request = (await spaces(ann).createChangeRequest(spaceId, { subject })).data;
      server.clock.advance(1000);
      await seedChangeRequest(server, ann.id, spaceId, request.number, build);
      return request;
    };
    const merge = async (request: { number: number }) => {
      const { data } = await spaces(ann).mergeChangeRequest(spaceId, String(request.number));
      expectMatchesSpec('POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/merge', 200, data);
      return data.result;
    };

    it("takes a request's reusable contents and variables into main, and reports a variable both sides set differently", async () => {
      const mine = await newRequest('Mine', async (tree, now) => {
        await tree.putReusableContent({ id: 'shared', title: 'Shared', document: markdownToDocument('Shared text.\n').document, now });
        await tree.setVariables({ ...(await tree.variables()), version: 3 });
      });
      const theirs = await newRequest('Theirs', async (tree) => tree.setVariables({ ...(await tree.variables()), version: 4, region: 'eu' }));
      expect(await merge(theirs)).toBe('merge');
      expect((await spaces(bob).getCurrentRevision(spaceId)).data.variables).toEqual({ product: 'Folio', version: 4, beta: true, region: 'eu' });

      expect(await merge(mine)).toBe('conflicts');
      await expectStatus(spaces(bob).getReusableContentById(spaceId, 'shared'), 404);
      const conflicts = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${mine.number}/conflicts`, { token: bob.token });
      expect(conflicts.body).toMatchObject({ count: 1, items: [{ variable: 'version', kind: 'variable', base: 2, main: 4, changeRequest: 3 }] });

      // The writer takes main's value: the merge goes through, the reusable content with it.
      await seedChangeRequest(server, ann.id, spaceId, mine.number, async (tree) => tree.setVariables({ ...(await tree.variables()), version: 4 }));
      expect(await merge(mine)).toBe('merge');
      expect((await spaces(bob).getReusableContentById(spaceId, 'shared')).data).toMatchObject({ id: 'shared', title: 'Shared' });
      expect((await spaces(bob).getCurrentRevision(spaceId)).data.variables).toEqual({ product: 'Folio', version: 4, beta: true, region: 'eu' });
    });
  });
});
