import { MergeCompletion } from '@folio/content/change-requests/merging/merge-completion';
import { MERGE_LEASE_MS } from '@folio/content/change-requests/change-request.decider';
import { organizationWithRoles, User } from '../support/roles';
import { startServer, TestServer } from '../support/server';
import { watchSpaceMerges } from '../support/space-merges';

/**
 * A merge against edits of the same change request, through the official client. The request's stream
 * fences the merge: once it records the head it merges, edits and updates are refused (409) until the
 * merge ends, so an edit acknowledged is always in main afterwards (or the request stays open with it).
 */
describe('a merge racing edits of its change request', () => {
  let server: TestServer;
  let ed: User;
  let ann: User;
  let orgId: string;
  let spaceId: string;

  beforeAll(async () => {
    server = await startServer();
    ({ orgId, ed, ann } = await organizationWithRoles(server));
  }, 60_000);
  afterAll(() => server.stop());

  beforeEach(async () => {
    spaceId = (await server.as(ann.token).orgs.createSpace(orgId, { title: 'Docs' })).data.id;
  });

  const spaces = () => server.as(ed.token).spaces;
  const insertPage = (crId: string, title: string) =>
    spaces().updateChangeRequestContent(spaceId, crId, { changes: [{ operation: 'insert_page', title, document: { markdown: `${title} text` } }] } as never);
  /** 200 or the refusal's status (never anything else). */
  const statusOf = (call: Promise<unknown>) => call.then(() => 200, (error: { code?: number }) => error.code ?? 0);
  /**
   * The merge's first append (its start on the request's stream) competes with the edits' appends like any
   * writer's, and after 5 lost races it is a 409 the client retries: so does this.
   */
  async function mergeDespiteWriters(crNumber: number) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await spaces().mergeChangeRequest(spaceId, String(crNumber));
      } catch (error) {
        if ((error as { code?: number }).code !== 409 || attempt >= 5) throw error;
      }
    }
  }
  const mainTitles = async () => new Set((await spaces().listPages(spaceId)).data.pages.map((p) => p.title));

  it('never acknowledges an edit main does not get: each of 40 edits is in main or refused with 409', async () => {
    const cr = (await spaces().createChangeRequest(spaceId, { subject: 'Raced' })).data;
    await insertPage(cr.id, 'Seed');
    const titles = Array.from({ length: 40 }, (_, i) => `Edit ${i}`);
    // Half are sent with the merge; the other half while the merge is between the request and main.
    const late: Promise<number>[] = [];
    const merges = watchSpaceMerges(server, async (call) => {
      if (call !== 1) return;
      late.push(...titles.slice(20).map((title) => statusOf(insertPage(cr.id, title))));
      await Promise.all(late);
    });
    const early = titles.slice(0, 20).map((title) => statusOf(insertPage(cr.id, title)));
    const merged = await mergeDespiteWriters(cr.number).finally(merges.restore);
    expect(merged.data.result).toBe('merge');
    const statuses = [...(await Promise.all(early)), ...(await Promise.all(late))];
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    // The edits sent while the merge was under way were all refused.
    expect(statuses.slice(20)).toEqual(Array(20).fill(409));
    const main = await mainTitles();
    expect(main.has('Seed')).toBe(true);
    const acknowledged = titles.filter((_, i) => statuses[i] === 200);
    expect(acknowledged.filter((title) => !main.has(title))).toEqual([]);
    const after = (await spaces().getChangeRequestById(spaceId, cr.id)).data;
    expect(after).toMatchObject({ status: 'merged', revisionMerged: merged.data.revision });
    expect((await spaces().getRevisionById(spaceId, merged.data.revision)).data.parents).toContain(after.revision);
  }, 60_000);

  it('refuses edits and updates from main while the merge is under way, and takes them again once it ended', async () => {
    const cr = (await spaces().createChangeRequest(spaceId, { subject: 'Fenced' })).data;
    await insertPage(cr.id, 'Mine');
    const other = (await spaces().createChangeRequest(spaceId, { subject: 'Other' })).data;
    await insertPage(other.id, 'Other');
    await spaces().mergeChangeRequest(spaceId, String(other.number));
    let during: number[] = [];
    const merges = watchSpaceMerges(server, async () => {
      during = await Promise.all([statusOf(insertPage(cr.id, 'Late')), statusOf(spaces().updateChangeRequest(spaceId, String(cr.number)))]);
    });
    const merged = await spaces().mergeChangeRequest(spaceId, String(cr.number)).finally(merges.restore);
    expect(during).toEqual([409, 409]);
    expect(merged.data.result).toBe('merge');
    expect(await mainTitles()).toEqual(new Set(['Other', 'Mine']));
  }, 60_000);

  it('releases the request when its merge meets conflicts: it takes edits again', async () => {
    const seed = (await spaces().createChangeRequest(spaceId, { subject: 'Seed' })).data;
    await insertPage(seed.id, 'Shared');
    await spaces().mergeChangeRequest(spaceId, String(seed.number));
    const pageId = (await spaces().listPages(spaceId)).data.pages[0].id;
    const rewrite = (crId: string, markdown: string) =>
      spaces().updateChangeRequestContent(spaceId, crId, { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] } as never);
    const mine = (await spaces().createChangeRequest(spaceId, { subject: 'mine' })).data;
    const theirs = (await spaces().createChangeRequest(spaceId, { subject: 'theirs' })).data;
    await rewrite(theirs.id, 'their line');
    await spaces().mergeChangeRequest(spaceId, String(theirs.number));
    await rewrite(mine.id, 'my line');
    expect((await spaces().mergeChangeRequest(spaceId, String(mine.number))).data.result).toBe('conflicts');
    const history = await server.events.readStream(`changeRequest-${spaceId}.${mine.number}`);
    expect(history.slice(-3).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['ChangeRequestMergeStarted', undefined],
      ['ChangeRequestMergeAbandoned', 'conflicts'],
      ['ChangeRequestConflictsMet', undefined],
    ]);
    expect(await statusOf(rewrite(mine.id, 'my line again'))).toBe(200);
    expect((await spaces().getChangeRequestById(spaceId, mine.id)).data.status).not.toBe('merged');
  }, 60_000);

  it('gives up a merge that outlived its lease: main refuses it (409), writes nothing, and the request takes edits again', async () => {
    const cr = (await spaces().createChangeRequest(spaceId, { subject: 'Slow' })).data;
    await insertPage(cr.id, 'Slow');
    const revisionBefore = (await spaces().getSpaceById(spaceId)).data.revision;
    const merges = watchSpaceMerges(server, async () => server.clock.advance(MERGE_LEASE_MS));
    expect(await statusOf(spaces().mergeChangeRequest(spaceId, String(cr.number)).finally(merges.restore))).toBe(409);
    expect((await spaces().getSpaceById(spaceId)).data.revision).toBe(revisionBefore);
    const last = (await server.events.readStream(`changeRequest-${spaceId}.${cr.number}`)).at(-1)!;
    expect(last).toMatchObject({ type: 'ChangeRequestMergeAbandoned', data: { reason: 'failed' } });
    expect(await statusOf(insertPage(cr.id, 'Slower'))).toBe(200);
    expect((await spaces().mergeChangeRequest(spaceId, String(cr.number))).data.result).toBe('merge');
    expect(await mainTitles()).toEqual(new Set(['Slow', 'Slower']));
    // Nothing was left for the release to do.
    expect(await server.app.get(MergeCompletion).releaseExpired()).toBe(0);
  }, 60_000);
});
