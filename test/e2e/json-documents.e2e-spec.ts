import { ChangeRequest, ChangeRequestContentUpdate } from '@gitbook/api';
import { withoutKeys } from '@folio/kernel/document/document-keys';
import { everyNodeDocument, withoutSpecContradictions } from '@folio/kernel/testing/every-node-document';
import { expectMatchesSpec } from '../support/openapi';
import { expectStatus, startServer, TestServer } from '../support/server';

type User = { id: string; token: string };
type Json = Record<string, unknown>;
const CONTENT = '/spaces/{spaceId}/change-requests/{changeRequestId}/content';
const PAGE = '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}';
const COMMENTS = '/spaces/{spaceId}/change-requests/{changeRequestId}/comments';

const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
const json = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

/** JSON documents given to the API, judged against the client's JSONDocument, through the official client. */
describe('JSON documents', () => {
  let server: TestServer;
  let admin: User;
  let reader: User;
  let stranger: User;
  let spaceId: string;
  let cr: ChangeRequest;
  let pageId: string;

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
    cr = (await server.as(admin.token).spaces.createChangeRequest(spaceId, { subject: 'Every block' })).data;
    const { data } = await write([{ operation: 'insert_page', title: 'All', document: { markdown: 'Before.' } }], false);
    pageId = ((data as ChangeRequestContentUpdate).changes[0].page as { id: string }).id;
  });

  const write = (changes: unknown[], compat?: boolean, token = admin.token) =>
    server.as(token).spaces.updateChangeRequestContent(spaceId, cr.id, { changes: changes as never }, compat === undefined ? {} : { compat });
  const update = (document: unknown) => [{ operation: 'update_page', page: pageId, document: { document } }];
  const revision = async () => (await server.as(admin.token).spaces.getChangeRequestById(spaceId, cr.id)).data.revision;
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
    expectMatchesSpec('POST', CONTENT, 200, data);
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
    const before = await revision();
    expect(await server.expectRefused(admin.token, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: update(document) })).toMatch(
      typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message,
    );
    expect(await revision()).toBe(before);
    expect(withoutKeys(await readDocument())).toEqual(json(paragraph('Before.')));
  });

  it('hides the request from a stranger (404) and refuses a read member (403) a valid document', async () => {
    const before = await revision();
    await expectStatus(write(update(everyNodeDocument()), undefined, stranger.token), 404);
    await expectStatus(write(update(everyNodeDocument()), undefined, reader.token), 403);
    expect(await revision()).toBe(before);
  });

  it("judges a comment's JSON body and a request's description the same way", async () => {
    // A comment's mention of someone outside the organization becomes text (comment-mentions.ts): this one names a member.
    const sent = JSON.parse(JSON.stringify(everyNodeDocument()).replace('"user":"u1"', `"user":"${admin.id}"`)) as Json;
    const { data: comment } = await server.as(admin.token).spaces.postCommentInChangeRequest(spaceId, cr.id, { body: { document: sent } as never });
    expectMatchesSpec('POST', COMMENTS, 200, withoutSpecContradictions(comment));
    expect(withoutKeys((comment.body as { document: Json }).document)).toEqual(sent);
    const bad = json({ object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [] });
    const path = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
    expect(await server.expectRefused(admin.token, 'POST', `${path}/comments`, { body: { document: bad } })).toBe(
      'body.document.nodes[0].data.style: must be one of info, warning, danger, success',
    );
    expect(await server.expectRefused(admin.token, 'PATCH', path, { description: bad })).toMatch(/^description\.nodes\[0\]\.data\.style: must be one of info, /);
    await expectStatus(server.as(stranger.token).spaces.postCommentInChangeRequest(spaceId, cr.id, { body: { document: sent } as never }), 404);
  });
});
