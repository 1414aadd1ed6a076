import { ChangeRequest, ChangeRequestContentUpdate } from '@gitbook/api';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { CONTENT_OBJECT_STORE, ContentObjectStore, contentHash } from '@folio/platform/object-store/content-object-store.port';
import { changeRequestDecider, ExistingChangeRequest } from '@folio/content/change-requests/change-request.decider';
import { changeRequestStream } from '@folio/content/change-requests/change-request.events';
import { ContentTrees, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { withoutKeys } from '@folio/kernel/document/document-keys';
import { everyNodeDocument, withoutSpecContradictions } from '@folio/kernel/testing/every-node-document';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
type Json = Record<string, unknown>;
const PATH = '/spaces/{spaceId}/change-requests/{changeRequestId}/content';
/** A real 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const markdown = (text: string) => ({ markdown: text });

/** POST …/content, the change-request content batch, through the official client. */
describe('change-request content', () => {
  let server: TestServer;
  let admin: User;
  let reader: User;
  let stranger: User;
  let spaceId: string;
  let cr: ChangeRequest;

  beforeAll(async () => {
    server = await startServer();
    admin = await server.createUser('admin@acme.io');
    reader = await server.createUser('reader@acme.io');
    stranger = await server.createUser('stranger@else.io');
    const org = (await server.as(admin.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data;
    await server.as(reader.token).orgs.joinOrganization(org.id);
    spaceId = (await server.as(admin.token).orgs.createSpace(org.id, { title: 'Docs' })).data.id;
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    cr = (await server.as(admin.token).spaces.createChangeRequest(spaceId, { subject: 'Getting started' })).data;
  });

  const write = (changes: unknown[], compat?: boolean, token = admin.token) =>
    server.as(token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: changes as never }, compat === undefined ? {} : { compat });
  const path = () => `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`;
  /** The request's head as its stream has it, and its tree. */
  const head = async (): Promise<{ state: ExistingChangeRequest; tree: TreeSnapshot }> => {
    const { state } = await server.app.get(Aggregates).load(changeRequestStream(spaceId, cr.number), changeRequestDecider);
    const existing = state as ExistingChangeRequest;
    return { state: existing, tree: await server.app.get(ContentTrees).open(existing.head.tree) };
  };
  const outline = async (tree: TreeSnapshot) => Promise.all((await tree.pages()).map(async (p) => `${await tree.pathOf(p.id)} ${p.title}`));

  it('lets markdown link a page and show a file inserted earlier in the batch by their refs, and reads them back as ids', async () => {
    const { data } = await write(
      [
        { operation: 'insert_files', files: [{ name: 'logo.png', ref: 'logo', contentType: 'image/png', base64: PNG }] },
        { operation: 'insert_page', ref: 'intro', title: 'Intro', document: markdown('Hello.') },
        { operation: 'insert_page', title: 'Guide', document: markdown('Back to [the intro](/pages/intro).\n\n![Logo](/files/logo)') },
      ],
      false,
    );
    const update = data as ChangeRequestContentUpdate;
    const [introId, guideId] = update.changes.map((c) => (c.page as { id: string }).id);
    const fileId = update.insertedFiles![0].id;
    const page = (await server.as(admin.token).spaces.getPageInChangeRequestById(spaceId, cr.id, guideId, { format: 'markdown' } as never)).data as unknown as { markdown: string };
    expect(page.markdown).toContain(`[the intro](/pages/${introId})`);
    expect(page.markdown).toContain(`![Logo](/files/${fileId})`);
  });

  it("takes a GitBook page's Markdown whole: its front matter as the page's fields and blocks GitBook writes, read back the same", async () => {
    const page = [
      '---',
      'description: Install it in three steps',
      'icon: rocket',
      'layout:',
      '  width: wide',
      '  tableOfContents:',
      '    visible: false',
      'hidden: true',
      '---',
      '',
      '# Setup',
      '',
      '{% stepper %}',
      '{% step %}',
      '## Download',
      '',
      'Get the <kbd>zip</kbd> from [the site](https://example.com/download).',
      '{% endstep %}',
      '',
      '{% step %}',
      '## Run it',
      '',
      '{% hint style="success" %}',
      'It runs.',
      '{% endhint %}',
      '{% endstep %}',
      '{% endstepper %}',
      '',
    ].join('\n');
    const { data } = await write([{ operation: 'insert_page', title: 'Placeholder', document: markdown(page) }], false);
    const id = ((data as ChangeRequestContentUpdate).changes[0].page as { id: string }).id;
    const read = await server.as(admin.token).spaces.getPageInChangeRequestById(spaceId, cr.id, id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', 200, read.data);
    expect(read.data).toMatchObject({ title: 'Setup', description: 'Install it in three steps', icon: 'rocket', hidden: true, layout: { width: 'wide', tableOfContents: false } });
    const stepper = (read.data as unknown as { document: { nodes: { type: string; nodes: { type: string }[] }[] } }).document.nodes[0];
    expect(stepper.type).toBe('stepper');
    expect(stepper.nodes.map((step) => step.type)).toEqual(['stepper-step', 'stepper-step']);
    const asMarkdown = await server.as(admin.token).spaces.getPageInChangeRequestById(spaceId, cr.id, id, { format: 'markdown' } as never);
    expect((asMarkdown.data as unknown as { markdown: string }).markdown).toBe(page);
  });

  it("applies the issue's batch in one revision and answers the ChangeRequestContentUpdate with compat=false", async () => {
    const { data, status } = await write(
      [
        { operation: 'insert_page', ref: 'intro', document: markdown('---\ntitle: Introduction\n---\n# Welcome\n\nHello.') },
        { operation: 'insert_page', into: 'intro', document: markdown('# Install\n\n```sh\nnpm ci\n```') },
        { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: PNG }] },
      ],
      false,
    );
    expect(status).toBe(200);
    expectMatchesSpec('POST', PATH, 200, data);
    const update = data as ChangeRequestContentUpdate;
    const { state, tree } = await head();
    expect(update.changeRequest).toMatchObject({ id: cr.id, revision: state.head.revision });
    expect(state.head.revision).not.toBe(cr.revision);
    const [intro, install] = await tree.pages();
    expect(update.changes).toEqual([
      { object: 'created_page', ref: 'intro', page: { object: 'page', id: intro.id, urls: { location: expect.stringMatching(new RegExp(`/content/page/${intro.id}$`)) } } },
      { object: 'created_page', page: { object: 'page', id: install.id, urls: { location: expect.any(String) } } },
    ]);
    expect(await outline(tree)).toEqual(['introduction Introduction', 'introduction/install Install']);
    expect(install.parent).toBe(intro.id);
    expect(update.insertedFiles).toEqual([
      expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: Buffer.from(PNG, 'base64').length, dimensions: { width: 1, height: 1 } }),
    ]);
    expect(await tree.file(update.insertedFiles![0].id)).toMatchObject({ name: 'logo.png' });

    // Read back through the client, at the page's urls.location.
    const { location } = (update.changes[1].page as { urls: { location: string } }).urls;
    const page = await server.fetch(`${new URL(location).pathname}?format=markdown`, { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: install.id, title: 'Install', markdown: expect.stringContaining('npm ci') });
    const { data: listed } = await server.as(admin.token).spaces.listPagesInChangeRequest(spaceId, cr.id);
    expect(listed.pages.map((p) => p.title)).toEqual(['Introduction']);
  });

  it('answers the ChangeRequest by default', async () => {
    const { data } = await write([{ operation: 'insert_page', title: 'Hello', document: {} }]);
    expectMatchesSpec('POST', PATH, 200, data);
    expect(data).toMatchObject({ object: 'change-request', id: cr.id, revision: (await head()).state.head.revision });
  });

  it('updates, moves, deletes and reverts pages', async () => {
    await write([
      { operation: 'insert_page', ref: 'a', title: 'A', document: markdown('One\n\nTwo') },
      { operation: 'insert_page', ref: 'b', title: 'B', document: {} },
      { operation: 'insert_page', into: 'b', title: 'B child', document: {} },
    ]);
    const first = (await head()).state.head.revision;
    const [a, b, child] = await (await head()).tree.pages();
    const keys = (await (await head()).tree.document(a))!.nodes.map((n) => n.key);

    const { data } = await write(
      [
        { operation: 'update_page', page: a.id, title: 'A, renamed', document: markdown('One\n\nTwo, edited') },
        { operation: 'update_page', page: child.id, into: null, at: 0 },
        { operation: 'delete_page', page: b.id },
      ],
      false,
    );
    expectMatchesSpec('POST', PATH, 200, data);
    expect((data as ChangeRequestContentUpdate).changes.map((c) => c.object)).toEqual(['updated_page', 'updated_page', 'deleted_page']);
    let tree = (await head()).tree;
    expect(await outline(tree)).toEqual(['b-child B child', 'a A, renamed']);
    expect((await tree.document((await tree.page(a.id))!))!.nodes.map((n) => n.key)).toEqual(keys);

    // Back to the first batch's revision (a revision of this space): b restored, its child back under it, a as it was.
    await write([
      { operation: 'revert_page', page: b.id, revision: first },
      { operation: 'revert_page', page: child.id, revision: first },
      { operation: 'revert_page', page: a.id, revision: first },
    ]);
    tree = (await head()).tree;
    expect(await outline(tree)).toEqual(['a A', 'b B', 'b/b-child B child']);
    expect((await tree.document((await tree.page(a.id))!))!.nodes.map((n) => n.key)).toEqual(keys);
    // To the base (main's empty revision): pages the request added go.
    await write([{ operation: 'revert_page', page: b.id }]);
    expect(await outline((await head()).tree)).toEqual(['a A']);
    const message = await server.expectRefused(admin.token, 'POST', path(), { changes: [{ operation: 'revert_page', page: a.id, revision: 'noSuchRevision00000a' }] });
    expect(message).toBe('changes[0]: revision not found');
  });

  it('applies a batch again on the head another batch moved while it was applied: none is lost', async () => {
    const trees = server.app.get(ContentTrees);
    const edit = trees.edit.bind(trees);
    let meanwhile: Promise<unknown> | undefined;
    const spy = jest.spyOn(trees, 'edit').mockImplementation(async (tree) => {
      const editor = await edit(tree);
      // The first batch's editor is open on the head: another batch lands before it is recorded.
      meanwhile ??= write([{ operation: 'insert_page', title: 'Meanwhile', document: {} }]);
      if (spy.mock.calls.length === 1) await meanwhile;
      return editor;
    });
    let edits: number;
    try {
      const { status } = await write([{ operation: 'insert_page', title: 'Mine', document: {} }]);
      expect(status).toBe(200);
    } finally {
      edits = spy.mock.calls.length;
      spy.mockRestore();
    }
    // Its own editor, the other batch's, and its own again on the new head.
    expect(edits).toBe(3);
    expect((await (await head()).tree.pages()).map((p) => p.title)).toEqual(['Meanwhile', 'Mine']);
  }, 60_000);

  it('refuses a batch whose third change fails, writing nothing: no event, no object', async () => {
    await write([{ operation: 'insert_page', title: 'Kept', document: {} }]);
    const before = await head();
    const bytes = Buffer.from('a file that must not be stored');
    const message = await server.expectRefused(admin.token, 'POST', path(), {
      changes: [
        { operation: 'insert_page', title: 'New', document: markdown('Body') },
        { operation: 'insert_files', files: [{ name: 'x.txt', contentType: 'text/plain', base64: bytes.toString('base64') }] },
        { operation: 'update_page', page: 'noSuchPage0000000000a', title: 'X' },
      ],
    });
    expect(message).toBe('changes[2]: page noSuchPage0000000000a not found');
    expect((await head()).state.head).toEqual(before.state.head);
    expect(await server.app.get<ContentObjectStore>(CONTENT_OBJECT_STORE).has(contentHash(bytes))).toBe(false);
  });

  it('refuses bad batches with 400 naming the change, writing nothing', async () => {
    /** A document `n` blockquotes deep around a paragraph whose nodes are not a list. */
    const deep = (n: number) => {
      let node: unknown = { object: 'block', type: 'paragraph', nodes: 'text' };
      for (let i = 0; i < n; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
      return { object: 'document', data: {}, nodes: [node] };
    };
    // 10,000 levels: too deep for JSON.stringify, so written out.
    const abyss =
      '{"changes":[{"operation":"insert_page","document":{"document":{"object":"document","data":{},"nodes":[' +
      '{"object":"block","type":"blockquote","nodes":['.repeat(10_000) + ']}'.repeat(10_000) + ']}}}]}';
    const before = await server.head();
    const refused = await server.fetch(path(), { method: 'POST', token: admin.token, headers: { 'content-type': 'application/json' }, body: abyss });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 400, message: expect.stringMatching(/deeper than 64/) } } });
    expect(await server.head()).toBe(before);
    const insert = { operation: 'insert_page', title: 'T', document: {} };
    const cases: [unknown, RegExp][] = [
      [{ changes: [{ operation: 'insert_page', document: markdown('---\ntitle: [oops\n---\nBody') }] }, /^changes\[0\]: The markdown's front matter/],
      [{ changes: [{ operation: 'insert_page', document: { document: deep(2) } }] }, /^changes\[0\]\.document\.document\.nodes\[0\]\.nodes\[0\]\.nodes\[0\]\.nodes: must be an array$/],
      [{ changes: Array.from({ length: 51 }, () => insert) }, /changes must contain no more than 50 elements/],
      [{ changes: [] }, /changes must contain at least 1 elements/],
      [{ changes: [{ ...insert, into: 'later' }, { ...insert, ref: 'later' }] }, /^changes\[0\]: ref "later" is used before changes\[1\] defines it$/],
      [{ changes: [insert, { operation: 'delete_page', page: 'noSuchPage0000000000a' }] }, /^changes\[1\]: page noSuchPage0000000000a not found$/],
      [{ changes: [{ operation: 'insert_files', files: [{ name: 'big.bin', contentType: 'application/octet-stream', base64: Buffer.alloc(1024 * 1024 + 1).toString('base64') }] }] },
        /^changes\[0\]: files\[0\]: file "big.bin": /],
      [{ changes: [{ operation: 'move_page', page: 'x' }] }, /^changes\[0\]\.operation: must be one of/],
      [{ changes: [{ ...insert, colour: 'red' }] }, /^changes\[0\]\.colour: property colour should not exist$/],
      [{ changes: [insert], extra: 1 }, /property extra should not exist/],
    ];
    for (const [body, message] of cases) {
      expect(await server.expectRefused(admin.token, 'POST', path(), body)).toMatch(message);
    }
  }, 60_000);

  it('takes a 2 MiB body here while other routes keep refusing one with 413', async () => {
    const file = (name: string) => ({ name, contentType: 'application/octet-stream', base64: Buffer.alloc(1_000_000, name).toString('base64') });
    const body = { changes: [{ operation: 'insert_files', files: [file('a'), file('b')] }, { operation: 'insert_page', title: 'Big', document: markdown('x'.repeat(100_000)) }] };
    expect(JSON.stringify(body).length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await server.fetch(`${path()}?compat=false`, { method: 'POST', token: admin.token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    expect((response.body as ChangeRequestContentUpdate).insertedFiles).toHaveLength(2);
    const elsewhere = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${cr.id}`, {
      method: 'PATCH',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.body).toEqual({ error: { code: 413, message: expect.any(String) } });
  }, 60_000);

  it('hides the request from a stranger (404) and refuses a read member (403)', async () => {
    const changes = [{ operation: 'insert_page', title: 'T', document: {} }];
    await expectStatus(write(changes, undefined, stranger.token), 404);
    await expectStatus(write(changes, undefined, reader.token), 403);
    expect((await head()).state.head.revision).toBe(cr.revision);
  });

  it('refuses content for a merged request (409)', async () => {
    await server.app.get(Aggregates).handle(
      changeRequestStream(spaceId, cr.number),
      changeRequestDecider,
      { type: 'MarkMerged', revisionMerged: cr.revision, head: cr.revision, mergedBy: admin.id },
      systemCaller('test', 'script'),
    );
    const message = await server.expectRefused(admin.token, 'POST', path(), { changes: [{ operation: 'insert_page', title: 'T', document: {} }] }, 409);
    expect(message).toMatch(/merged/);
  });

  it('refuses content for a locked space (403)', async () => {
    await server.as(admin.token).spaces.updateSpaceById(spaceId, { editMode: 'locked' } as never);
    try {
      const message = await server.expectRefused(admin.token, 'POST', path(), { changes: [{ operation: 'insert_page', title: 'T', document: {} }] }, 403);
      expect(message).toMatch(/locked/);
    } finally {
      await server.as(admin.token).spaces.updateSpaceById(spaceId, { editMode: 'live' } as never);
    }
  });

  /** JSON documents, judged against the client's JSONDocument (document-schema.ts). */
  describe('with JSON documents', () => {
    const PAGE = '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}';
    const COMMENTS = '/spaces/{spaceId}/change-requests/{changeRequestId}/comments';
    const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const json = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });
    let pageId: string;

    beforeEach(async () => {
      const { data } = await write([{ operation: 'insert_page', title: 'All', document: markdown('Before.') }], false);
      pageId = ((data as ChangeRequestContentUpdate).changes[0].page as { id: string }).id;
    });

    const update = (document: unknown) => [{ operation: 'update_page', page: pageId, document: { document } }];
    const readDocument = async () => {
      const { data } = await server.as(admin.token).spaces.getPageInChangeRequestById(spaceId, cr.id, pageId, { format: 'document' });
      // The spec's own schemas of a button and an integration refuse what they describe: checked without them.
      expectMatchesSpec('GET', PAGE, 200, withoutSpecContradictions(data));
      return (data as unknown as { document: Json }).document;
    };

    it('stores a document holding every block, inline and mark type and answers it as it was sent, up to keys', async () => {
      const sent = everyNodeDocument();
      const { data, status } = await write(update(sent), false);
      expect(status).toBe(200);
      expectMatchesSpec('POST', PATH, 200, data);
      const stored = await readDocument();
      expect(withoutKeys(stored)).toEqual(sent);
      // Blocks sent without keys are given theirs.
      expect((stored.nodes as Json[]).every((node) => typeof node.key === 'string')).toBe(true);
    });

    it.each([
      ['a value outside an enum', json(paragraph('a'), { object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [paragraph('b')] }),
        'changes[0].document.document.nodes[1].data.style: must be one of info, warning, danger, success'],
      ['a block without its required data', json({ object: 'block', type: 'embed', isVoid: true, data: {} }), 'changes[0].document.document.nodes[0].data.url: is required'],
      ['a block its container cannot hold', json({ object: 'block', type: 'list-unordered', nodes: [paragraph('loose')] }),
        'changes[0].document.document.nodes[0].nodes[0]: a list-unordered block cannot hold a paragraph block (it holds list-item)'],
      ['a type the spec does not have', json({ object: 'block', type: 'callout', nodes: [] }), /^changes\[0\]\.document\.document\.nodes\[0\]\.type: must be one of paragraph, /],
    ])('refuses %s with 400 naming the node, and makes no revision', async (_case, document, message) => {
      const before = (await head()).state.head;
      const refusal = await server.expectRefused(admin.token, 'POST', path(), { changes: update(document) });
      if (typeof message === 'string') expect(refusal).toBe(message);
      else expect(refusal).toMatch(message);
      expect((await head()).state.head).toEqual(before);
      expect(withoutKeys(await readDocument())).toEqual(json(paragraph('Before.')));
    });

    it('hides the request from a stranger (404) and refuses a read member (403) a valid document', async () => {
      const before = (await head()).state.head;
      await expectStatus(write(update(everyNodeDocument()), undefined, stranger.token), 404);
      await expectStatus(write(update(everyNodeDocument()), undefined, reader.token), 403);
      expect((await head()).state.head).toEqual(before);
    });

    it("judges a comment's JSON body and a request's description the same way", async () => {
      // A comment's mention of someone outside the organization becomes text (comment-mentions.ts): this one names a member.
      const sent = JSON.parse(JSON.stringify(everyNodeDocument()).replace('"user":"u1"', `"user":"${admin.id}"`)) as Json;
      const { data: comment } = await server.as(admin.token).spaces.postCommentInChangeRequest(spaceId, cr.id, { body: { document: sent } as never });
      expectMatchesSpec('POST', COMMENTS, 200, withoutSpecContradictions(comment));
      expect(withoutKeys((comment.body as { document: Json }).document)).toEqual(sent);
      const bad = json({ object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [] });
      const request = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
      expect(await server.expectRefused(admin.token, 'POST', `${request}/comments`, { body: { document: bad } })).toBe(
        'body.document.nodes[0].data.style: must be one of info, warning, danger, success',
      );
      expect(await server.expectRefused(admin.token, 'PATCH', request, { description: bad })).toMatch(/^description\.nodes\[0\]\.data\.style: must be one of info, /);
      await expectStatus(server.as(stranger.token).spaces.postCommentInChangeRequest(spaceId, cr.id, { body: { document: sent } as never }), 404);
    });
  });
});
