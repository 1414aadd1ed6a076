import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, User } from '../support/roles';
import { expectStatus, startServer, TestServer } from '../support/server';
import { gate, watchSpaceMerges } from '../support/space-merges';

type Change = Record<string, unknown>;

/**
 * Change requests from write to merge through the official client: the merge table of the issue
 * (one-sided, both-sided disjoint, overlapping, delete-vs-edit, move-vs-edit, concurrent merges), update
 * from main, the conflicts listing, and who may merge.
 */
describe('merging change requests', () => {
  let server: TestServer;
  let ann: User; // admin
  let ed: User; // edit member
  let rita: User; // read member
  let cat: User; // stranger
  let orgId: string;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ann, ed, rita, cat } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
  });

  const spaces = (user: User = ed) => server.as(user.token).spaces;
  const newChangeRequest = async (subject = 'Edit') => (await spaces().createChangeRequest(spaceId, { subject })).data;
  const write = async (crId: string, changes: Change[]) =>
    (await spaces().updateChangeRequestContent(spaceId, crId, { changes } as never, { compat: false } as never)).data as unknown as {
      changes: { object: string; ref?: string; page: { id: string } | string }[];
    };
  const merge = async (crNumber: number, user: User = ed) => {
    const { data, status } = await spaces(user).mergeChangeRequest(spaceId, String(crNumber));
    expect(status).toBe(200);
    expectMatchesSpec('POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/merge', 200, data);
    return data;
  };
  const markdownOf = async (pageId: string) =>
    ((await spaces().getPageById(spaceId, pageId, { format: 'markdown' } as never)).data as unknown as { markdown: string }).markdown;
  const mainPages = async () => (await spaces().listPages(spaceId)).data.pages;

  /** Main with one page per title (each with the given markdown), merged through a change request. */
  async function seedMain(pages: Record<string, string>): Promise<Record<string, string>> {
    const cr = await newChangeRequest('Seed');
    const result = await write(
      cr.id,
      Object.entries(pages).map(([title, markdown]) => ({ operation: 'insert_page', ref: title, title, document: { markdown } })),
    );
    await merge(cr.number);
    return Object.fromEntries(result.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
  }

  it('merges the issue example: two pages and a file, the tree and markdown on main', async () => {
    const cr = await newChangeRequest('Getting started');
    expect(cr).toMatchObject({ number: 1, status: 'draft' });
    await spaces().updateChangeRequestContent(spaceId, cr.id, {
      changes: [
        { operation: 'insert_page', ref: 'intro', document: { markdown: '---\ntitle: Introduction\n---\n# Welcome\n\nHello.' } },
        { operation: 'insert_page', into: 'intro', document: { markdown: '# Install\n\n```sh\nnpm ci\n```' } },
        { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: Buffer.from('png bytes').toString('base64') }] },
      ],
    } as never);
    const merged = await merge(cr.number);
    expect(merged.result).toBe('merge');
    const space = (await spaces().getSpaceById(spaceId)).data;
    expect(space.revision).toBe(merged.revision);
    const pages = await mainPages();
    expect(pages.map((p) => p.title)).toEqual(['Introduction']);
    expect((pages[0] as { pages: { title: string }[] }).pages.map((p) => p.title)).toEqual(['Install']);
    expect(await markdownOf(pages[0].id)).toContain('Hello.');
    const revision = (await spaces().getRevisionById(spaceId, merged.revision)).data;
    expect(revision).toMatchObject({ type: 'merge' });
    expect(revision.parents).toHaveLength(2);
    const after = (await spaces().getChangeRequestById(spaceId, cr.id)).data;
    expect(after).toMatchObject({ status: 'merged', revisionMerged: merged.revision, mergedBy: { id: ed.id } });
    expect(after.mergedAt).toBeDefined();
  });

  it('merges a change made on one side only as it is (main unchanged since the base)', async () => {
    const ids = await seedMain({ A: 'one\n\ntwo' });
    const cr = await newChangeRequest();
    await write(cr.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'one\n\ntwo changed' } }]);
    expect((await merge(cr.number)).result).toBe('merge');
    expect(await markdownOf(ids.A)).toContain('two changed');
  });

  it('merges both sides when they changed different pages, different blocks, and different lines of one block', async () => {
    const ids = await seedMain({ A: 'a1', B: 'first\n\nsecond', C: '```\nline 1\nline 2\nline 3\n```' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [
      { operation: 'update_page', page: ids.A, document: { markdown: 'a1 by theirs' } },
      { operation: 'update_page', page: ids.B, document: { markdown: 'first by theirs\n\nsecond' } },
      { operation: 'update_page', page: ids.C, document: { markdown: '```\nline 1 by theirs\nline 2\nline 3\n```' } },
    ]);
    await merge(theirs.number);
    await write(mine.id, [
      { operation: 'update_page', page: ids.B, document: { markdown: 'first\n\nsecond by mine' } },
      { operation: 'update_page', page: ids.C, document: { markdown: '```\nline 1\nline 2\nline 3 by mine\n```' } },
    ]);
    expect((await spaces().getChangeRequestById(spaceId, mine.id)).data.outdated).toBe(true);
    expect((await merge(mine.number)).result).toBe('merge');
    expect(await markdownOf(ids.A)).toContain('a1 by theirs');
    const b = await markdownOf(ids.B);
    expect(b).toContain('first by theirs');
    expect(b).toContain('second by mine');
    const c = await markdownOf(ids.C);
    expect(c).toContain('line 1 by theirs');
    expect(c).toContain('line 3 by mine');
  });

  it('reports overlapping edits as conflicts, writes no content, and lists them', async () => {
    const ids = await seedMain({ A: 'the same line' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'their line' } }]);
    await merge(theirs.number);
    await write(mine.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'my line' } }]);
    const revisionBefore = (await spaces().getSpaceById(spaceId)).data.revision;
    const head = await server.head();
    const result = await merge(mine.number);
    expect(result.result).toBe('conflicts');
    // Only the merge's start and end, and main it met, on the request's stream: no content anywhere.
    const written = (await server.events.readAll(head, 100)).map((e) => [e.stream, e.type]);
    const stream = `changeRequest-${spaceId}.${mine.number}`;
    expect(written).toEqual([
      [stream, 'ChangeRequestMergeStarted'],
      [stream, 'ChangeRequestMergeAbandoned'],
      [stream, 'ChangeRequestConflictsMet'],
    ]);
    expect((await spaces().getSpaceById(spaceId)).data.revision).toBe(revisionBefore);
    expect((await spaces().getChangeRequestById(spaceId, mine.id)).data.status).not.toBe('merged');
    const conflicts = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${mine.number}/conflicts`, { token: ed.token });
    expect(conflicts.status).toBe(200);
    const body = conflicts.body as { items: { page: { id: string } }[]; count: number };
    expect(body.count).toBe(1);
    expect(body.items[0].page.id).toBe(ids.A);
    expect(JSON.stringify(body.items[0])).toContain('their line');
    expect(JSON.stringify(body.items[0])).toContain('my line');
  });

  it('reports a page deleted on main and edited in the request as a conflict', async () => {
    const ids = await seedMain({ A: 'text' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [{ operation: 'delete_page', page: ids.A }]);
    await merge(theirs.number);
    await write(mine.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'text edited' } }]);
    expect((await merge(mine.number)).result).toBe('conflicts');
  });

  it('merges a move on one side with an edit on the other', async () => {
    const ids = await seedMain({ Parent: 'p', Child: 'c' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [{ operation: 'update_page', page: ids.Child, into: ids.Parent }]);
    await merge(theirs.number);
    await write(mine.id, [{ operation: 'update_page', page: ids.Child, document: { markdown: 'c edited' } }]);
    expect((await merge(mine.number)).result).toBe('merge');
    const pages = await mainPages();
    expect(pages.map((p) => p.title)).toEqual(['Parent']);
    expect((pages[0] as { pages: { id: string }[] }).pages.map((p) => p.id)).toEqual([ids.Child]);
    expect(await markdownOf(ids.Child)).toContain('c edited');
  });

  it('lets only one of two requests merged at once win against a stale main; the other merges on the new main', async () => {
    const ids = await seedMain({ A: 'a', B: 'b' });
    const one = await newChangeRequest('one');
    const two = await newChangeRequest('two');
    await write(one.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'a by one' } }]);
    await write(two.id, [{ operation: 'update_page', page: ids.B, document: { markdown: 'b by two' } }]);
    // The first merge to reach main waits for the second: both were computed on the same main.
    const second = gate();
    const merges = watchSpaceMerges(server, async (call) => {
      if (call === 1) await second.opened;
      if (call === 2) second.open();
    });
    const [first, later] = await Promise.all([merge(one.number), merge(two.number)]).finally(merges.restore);
    expect([first.result, later.result]).toEqual(['merge', 'merge']);
    // The retry ran: one append refused as stale, and the merge computed again and appended once more.
    expect(merges.seen).toEqual({ calls: 3, stale: 1 });
    const revisions = [first.revision, later.revision];
    const head = (await spaces().getSpaceById(spaceId)).data.revision;
    expect(revisions).toContain(head);
    const last = (await spaces().getRevisionById(spaceId, head)).data;
    // The later merge was built on the earlier one: both edits are on main.
    expect(last.parents).toContain(revisions.find((r) => r !== head));
    expect(await markdownOf(ids.A)).toContain('a by one');
    expect(await markdownOf(ids.B)).toContain('b by two');
  });

  it('updates a request from main: an update revision, the new merged ancestor, no longer outdated', async () => {
    const ids = await seedMain({ A: 'a', B: 'b' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'a by theirs' } }]);
    const merged = await merge(theirs.number);
    await write(mine.id, [{ operation: 'update_page', page: ids.B, document: { markdown: 'b by mine' } }]);
    const { data, status } = await spaces().updateChangeRequest(spaceId, String(mine.number));
    expect(status).toBe(200);
    expectMatchesSpec('POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/update', 200, data);
    expect(data.result).toBe('update');
    const after = (await spaces().getChangeRequestById(spaceId, mine.id)).data;
    expect(after).toMatchObject({ revision: data.revision, revisionMergedAncestor: merged.revision, outdated: false });
    const revision = (await spaces().getRevisionById(spaceId, data.revision)).data;
    expect(revision.type).toBe('update');
    const page = (await spaces().getPageInChangeRequestById(spaceId, mine.id, ids.A, { format: 'markdown' } as never)).data as unknown as { markdown: string };
    expect(page.markdown).toContain('a by theirs');
  });

  it('answers conflicts to an update whose edits overlap main, leaving the content as it is and recording only main it met', async () => {
    const ids = await seedMain({ A: 'shared line' });
    const mine = await newChangeRequest('mine');
    const theirs = await newChangeRequest('theirs');
    await write(theirs.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'their line' } }]);
    const main = await merge(theirs.number);
    await write(mine.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'my line' } }]);
    const head = await server.head();
    const before = (await spaces().getChangeRequestById(spaceId, mine.id)).data;
    const { data } = await spaces().updateChangeRequest(spaceId, mine.id);
    expect(data).toEqual({ revision: before.revision, result: 'conflicts' });
    const written = (await server.events.readStream(`changeRequest-${spaceId}.${mine.number}`)).filter((e) => BigInt(e.position) > BigInt(head!));
    expect(written).toEqual([expect.objectContaining({ type: 'ChangeRequestConflictsMet', data: expect.objectContaining({ main: main.revision, head: before.revision }) })]);
    expect((await spaces().getChangeRequestById(spaceId, mine.id)).data).toMatchObject({ revision: before.revision, outdated: true });
    // Met again at the same main and head: nothing new to record.
    const again = await server.head();
    expect((await spaces().updateChangeRequest(spaceId, mine.id)).data.result).toBe('conflicts');
    expect(await server.head()).toBe(again);
  });

  describe('a conflict resolved by rewriting the block after an update met it', () => {
    /** Main and the request changed one line differently; the update answers conflicts; the writer rewrites the line. */
    async function resolved() {
      const ids = await seedMain({ A: 'shared line\n\nuntouched' });
      const mine = await newChangeRequest('mine');
      const theirs = await newChangeRequest('theirs');
      await write(theirs.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'their line\n\nuntouched' } }]);
      await merge(theirs.number);
      await write(mine.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'my line\n\nuntouched' } }]);
      expect((await spaces().updateChangeRequest(spaceId, mine.id)).data.result).toBe('conflicts');
      await write(mine.id, [{ operation: 'update_page', page: ids.A, document: { markdown: 'our agreed line\n\nuntouched' } }]);
      return { page: ids.A, mine };
    }
    const requestMarkdown = async (crId: string, pageId: string) =>
      ((await spaces().getPageInChangeRequestById(spaceId, crId, pageId, { format: 'markdown' } as never)).data as unknown as { markdown: string }).markdown;

    it('updates with the rewritten text, and lists no conflict', async () => {
      const { page, mine } = await resolved();
      const conflicts = await server.fetch(`/v1/spaces/${spaceId}/change-requests/${mine.number}/conflicts`, { token: ed.token });
      expect(conflicts.body).toMatchObject({ count: 0 });
      const { data } = await spaces().updateChangeRequest(spaceId, mine.id);
      expectMatchesSpec('POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/update', 200, data);
      expect(data.result).toBe('update');
      const after = (await spaces().getChangeRequestById(spaceId, mine.id)).data;
      expect(after).toMatchObject({ revision: data.revision, outdated: false });
      const markdown = await requestMarkdown(mine.id, page);
      expect(markdown).toContain('our agreed line');
      expect(markdown).not.toContain('their line');
      expect((await merge(mine.number)).result).toBe('merge');
      expect(await markdownOf(page)).toContain('our agreed line');
    });

    it('merges with the rewritten text', async () => {
      const { page, mine } = await resolved();
      const merged = await merge(mine.number);
      expect(merged.result).toBe('merge');
      const markdown = await markdownOf(page);
      expect(markdown).toContain('our agreed line');
      expect(markdown).not.toContain('their line');
      expect(markdown).toContain('untouched');
    });

    it('conflicts again when main rewrote the block after the update met it', async () => {
      const { page, mine } = await resolved();
      const again = await newChangeRequest('again');
      await write(again.id, [{ operation: 'update_page', page, document: { markdown: 'their second line\n\nuntouched' } }]);
      await merge(again.number);
      expect((await merge(mine.number)).result).toBe('conflicts');
      expect(await markdownOf(page)).toContain('their second line');
    });
  });

  it('lets readers see the conflicts and hides them from strangers', async () => {
    const cr = await newChangeRequest();
    const path = `/v1/spaces/${spaceId}/change-requests/${cr.id}/conflicts`;
    const seen = await server.fetch(path, { token: rita.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ object: 'change-request-conflicts', items: [], count: 0 });
    expect((await server.fetch(path, { token: cat.token })).status).toBe(404);
    expect((await server.fetch(`/v1/spaces/${spaceId}/change-requests/999/conflicts`, { token: ed.token })).status).toBe(404);
  });

  it('refuses to merge for a read member (403) and a stranger (404), writing nothing', async () => {
    const cr = await newChangeRequest();
    const head = await server.head();
    await expectStatus(spaces(rita).mergeChangeRequest(spaceId, String(cr.number)), 403);
    await expectStatus(spaces(cat).mergeChangeRequest(spaceId, String(cr.number)), 404);
    await expectStatus(spaces(cat).updateChangeRequest(spaceId, String(cr.number)), 404);
    await expectStatus(spaces(rita).updateChangeRequest(spaceId, String(cr.number)), 403);
    expect(await server.head()).toBe(head);
  });

  it('refuses to merge an unknown or already merged request', async () => {
    await expectStatus(spaces().mergeChangeRequest(spaceId, '99'), 404);
    const cr = await newChangeRequest();
    await merge(cr.number);
    await expectStatus(spaces().mergeChangeRequest(spaceId, String(cr.number)), 409);
  });

  it('refuses to merge an archived request until it is reopened', async () => {
    const cr = await newChangeRequest();
    await spaces().updateChangeRequestById(spaceId, cr.id, { status: 'archived' } as never);
    const message = await server.expectRefused(ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.number}/merge`, undefined, 409);
    expect(message).toMatch(/archived/);
    await spaces().updateChangeRequestById(spaceId, cr.id, { status: 'open' } as never);
    expect((await merge(cr.number)).result).toBe('merge');
  });

  it('copies main\'s content into a duplicated space, which then goes its own way', async () => {
    const ids = await seedMain({ A: 'original text' });
    const copy = (await spaces(ann).duplicateSpace(spaceId)).data;
    expect(copy.revision).not.toBe((await spaces().getSpaceById(spaceId)).data.revision);
    const pages = (await spaces().listPages(copy.id)).data.pages;
    expect(pages.map((p) => [p.id, p.title])).toEqual([[ids.A, 'A']]);
    const copied = (await spaces().getPageById(copy.id, ids.A, { format: 'markdown' } as never)).data as unknown as { markdown: string };
    expect(copied.markdown).toContain('original text');
  });

  it('refuses to merge while the space is locked, saying so', async () => {
    const cr = await newChangeRequest();
    await spaces(ann).updateSpaceById(spaceId, { editMode: 'locked' } as never);
    const message = await server.expectRefused(ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.number}/merge`, undefined, 403);
    expect(message).toMatch(/locked/);
  });

  it('refuses a merge the space merge rules forbid, naming the rule', async () => {
    await spaces(ann).updateSpaceById(spaceId, { mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] } } as never);
    const cr = await newChangeRequest();
    const message = await server.expectRefused(ed.token, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.number}/merge`, undefined, 403);
    expect(message).toMatch(/require_at_least_one_review/);
    await spaces(ann).submitChangeRequestReview(spaceId, cr.id, { status: 'approved' } as never);
    expect((await merge(cr.number)).result).toBe('merge');
  });
});
