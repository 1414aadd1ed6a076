import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { MERGE_LEASE_MS, MERGE_RELEASE_GRACE_MS } from '@folio/content/change-requests/change-request.decider';
import { MergeCompletion } from '@folio/content/change-requests/merging/merge-completion';
import { waitUntil } from '../support/processes';
import { startServer, TestServer } from '../support/server';

/**
 * A merge appends to the space's stream (main takes the request), then marks the request merged on its
 * own stream. A crash between the two must not leave a request open whose content main already holds:
 * the API is stopped with only the space's SpaceContentChanged in the log (as merges wrote it before the
 * request recorded their start), and at the next start the merge-completion process marks the request
 * merged, in the merger's name, once.
 */
describe('the merge completion process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-merge-completion-'));
  let server: TestServer;
  let ann: { id: string; token: string };
  let spaceId: string;
  let changeRequest: { id: string; number: number };
  const mergeRevision = 'MergeRevisionAfterCrash1';

  beforeAll(async () => {
    server = await startServer({ dataDir });
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    const api = server.as(ann.token);
    const orgId = (await api.orgs.createOrganization({ title: 'Acme' })).data.id;
    spaceId = (await api.orgs.createSpace(orgId, { title: 'Docs' })).data.id;
    const cr = (await api.spaces.createChangeRequest(spaceId, { subject: 'Crashed merge' })).data;
    changeRequest = { id: cr.id, number: cr.number };
    await api.spaces.updateChangeRequestContent(spaceId, cr.id, {
      changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'Hello.' } }],
    } as never);
    // Main's append, and nothing after it: the process died there (a log from before merges were fenced:
    // no merge start on the request's stream).
    server = await restartAfterCrash(server, async (events) => {
      const crHistory = await events.readStream(`changeRequest-${spaceId}.${cr.number}`);
      const head = crHistory.at(-1)!.data as { revision: { id: string; tree: string } };
      await appendMergeToMain(events, { spaceId, changeRequest, head: head.revision, actor: ann.id, revisionId: mergeRevision, at: '2026-03-01T09:00:00.000Z' });
    });
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('marks the request merged at the next start, in the name of whoever merged, with the merge revision', async () => {
    const last = (await server.events.readStream(`changeRequest-${spaceId}.${changeRequest.number}`)).at(-1)!;
    expect(last).toMatchObject({ type: 'ChangeRequestMerged', data: { revisionMerged: mergeRevision, mergedBy: ann.id }, metadata: { actor: ann.id } });
    const { data } = await server.as(ann.token).spaces.getChangeRequestById(spaceId, changeRequest.id);
    expect(data).toMatchObject({ status: 'merged', revisionMerged: mergeRevision, mergedBy: { id: ann.id } });
    expect((await server.as(ann.token).spaces.getSpaceById(spaceId)).data.revision).toBe(mergeRevision);
  });

  it('does it once: a restart after it writes nothing', async () => {
    const head = await server.head();
    await server.stop();
    server = await startServer({ dataDir });
    expect(await server.head()).toBe(head);
  }, 60_000);
});

/**
 * A merge is three appends: the request records that it merges its head, main takes the merge, the request
 * is marked merged. The API is stopped after each of the first two, and started again: a request whose merge
 * main took is marked merged from the log; one whose merge main never got is released once the mark's lease
 * and grace ran out (at start, or by the next release pass), and takes edits and merges again.
 */
describe('a merge whose process died at each step', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-merge-crash-'));
  let server: TestServer;
  let ann: { id: string; token: string };
  /** One space and request per case. */
  const cases: Record<'racedBeforeTheFence' | 'afterMain' | 'afterStart' | 'longAgo', { spaceId: string; id: string; number: number }> = {} as never;
  const streamOf = (c: { spaceId: string; number: number }) => `changeRequest-${c.spaceId}.${c.number}`;
  const insertPage = (c: { spaceId: string; id: string }, title: string) =>
    server.as(ann.token).spaces.updateChangeRequestContent(c.spaceId, c.id, { changes: [{ operation: 'insert_page', title, document: { markdown: title } }] } as never);
  const statusOf = (call: Promise<unknown>) => call.then(() => 200, (error: { code?: number }) => error.code ?? 0);
  const started = (c: { spaceId: string; id: string; number: number }, organizationId: string, head: string, at: string) => ({
    eventId: randomUUID(),
    type: 'ChangeRequestMergeStarted',
    data: { changeRequestId: c.id, spaceId: c.spaceId, organizationId, number: c.number, mergeId: `merge-${c.number}-${at}`, head, startedAt: at,
            expiresAt: new Date(Date.parse(at) + MERGE_LEASE_MS).toISOString() },
    metadata: crashedMetadata(ann.id, at),
  });

  beforeAll(async () => {
    server = await startServer({ dataDir });
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    const api = server.as(ann.token);
    const orgId = (await api.orgs.createOrganization({ title: 'Acme' })).data.id;
    // In log order: the raced merge's completion comes first, and must not hold up the others'.
    for (const name of ['racedBeforeTheFence', 'afterMain', 'afterStart', 'longAgo'] as const) {
      const spaceId = (await api.orgs.createSpace(orgId, { title: name })).data.id;
      const cr = (await api.spaces.createChangeRequest(spaceId, { subject: name })).data;
      cases[name] = { spaceId, id: cr.id, number: cr.number };
      await insertPage(cases[name], `${name} page`);
    }
    await insertPage(cases.racedBeforeTheFence, 'Edit main never got');
    const now = server.clock.nowIso();
    server = await restartAfterCrash(server, async (events) => {
      for (const [name, c] of Object.entries(cases)) {
        const history = await events.readStream(streamOf(c));
        const head = (history.at(-1)!.data as { revision: { id: string; tree: string } }).revision;
        if (name === 'racedBeforeTheFence') {
          // Main took the head before the last edit, and nothing recorded the merge's start (the lost write of issue 18).
          const merged = (history.at(-2)!.data as { revision: { id: string; tree: string } }).revision;
          await appendMergeToMain(events, { spaceId: c.spaceId, changeRequest: c, head: merged, actor: ann.id, revisionId: 'RacedMerge', at: now });
          continue;
        }
        const main = (await events.readStream(`space-${c.spaceId}`))[0].data as { organizationId: string };
        // Started long before this start: its lease and grace ran out meanwhile.
        const at = name === 'longAgo' ? '2026-02-01T09:00:00.000Z' : now;
        await events.append(streamOf(c), [started(c, main.organizationId, head.id, at)], history.at(-1)!.revision);
        if (name !== 'afterMain') continue;
        await appendMergeToMain(events, { spaceId: c.spaceId, changeRequest: c, head, actor: ann.id, revisionId: 'MergedBeforeTheCrash', at: now });
      }
    });
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('leaves open, with its edit, a request main took an older head of (a log from before the fence), and goes on', async () => {
    const c = cases.racedBeforeTheFence;
    expect((await server.events.readStream(streamOf(c))).at(-1)!.type).toBe('ChangeRequestContentEdited');
    expect((await server.as(ann.token).spaces.getChangeRequestById(c.spaceId, c.id)).data.status).toBe('draft');
    // The next request's completion, later in the log, was not held up (see below).
    expect((await server.events.readStream(streamOf(cases.afterMain))).at(-1)!.type).toBe('ChangeRequestMerged');
  });

  it('marks merged, at the next start, a request whose merge main took, ending its merge', async () => {
    const c = cases.afterMain;
    const last = (await server.events.readStream(streamOf(c))).at(-1)!;
    expect(last).toMatchObject({ type: 'ChangeRequestMerged', data: { revisionMerged: 'MergedBeforeTheCrash', mergedBy: ann.id } });
    const { data } = await server.as(ann.token).spaces.getChangeRequestById(c.spaceId, c.id);
    expect(data).toMatchObject({ status: 'merged', revisionMerged: 'MergedBeforeTheCrash' });
    expect(await statusOf(insertPage(c, 'After'))).toBe(409);
  });

  it('releases, at the next start, a mark whose lease ran out before it: the request takes edits and merges again', async () => {
    const c = cases.longAgo;
    await waitUntil(async () => (await server.events.readStream(streamOf(c))).at(-1)!.type === 'ChangeRequestMergeAbandoned', 'the mark released at start');
    expect((await server.events.readStream(streamOf(c))).at(-1)).toMatchObject({ data: { reason: 'expired' }, metadata: { actor: 'system' } });
    expect(await statusOf(insertPage(c, 'After'))).toBe(200);
    expect((await server.as(ann.token).spaces.mergeChangeRequest(c.spaceId, String(c.number))).data.result).toBe('merge');
  });

  it('keeps a mark whose lease has not run out (its merge may still be under way), and releases it once lease and grace ran out', async () => {
    const c = cases.afterStart;
    const completion = server.app.get(MergeCompletion);
    expect(await statusOf(insertPage(c, 'During'))).toBe(409);
    expect(await statusOf(server.as(ann.token).spaces.mergeChangeRequest(c.spaceId, String(c.number)))).toBe(409);
    server.clock.advance(MERGE_LEASE_MS + MERGE_RELEASE_GRACE_MS - 1);
    expect(await completion.releaseExpired()).toBe(0);
    expect(await statusOf(insertPage(c, 'During'))).toBe(409);
    server.clock.advance(1);
    // The merged request of the other case holds no mark: only this one is released, once.
    expect(await completion.releaseExpired()).toBe(1);
    expect(await completion.releaseExpired()).toBe(0);
    expect(await statusOf(insertPage(c, 'After'))).toBe(200);
    const merged = (await server.as(ann.token).spaces.mergeChangeRequest(c.spaceId, String(c.number))).data;
    expect(merged.result).toBe('merge');
    const titles = (await server.as(ann.token).spaces.listPages(c.spaceId)).data.pages.map((p) => p.title);
    expect(titles.sort()).toEqual(['After', 'afterStart page']);
  });
});

/** What POST …/merge appends to the space's stream (main takes the request's head), written as a crashed process left it. */
async function appendMergeToMain(
  events: SqliteEventStore,
  merge: { spaceId: string; changeRequest: { id: string; number: number }; head: { id: string; tree: string }; actor: string; revisionId: string; at: string },
) {
  const { spaceId, changeRequest, head, actor, revisionId, at } = merge;
  const spaceHistory = await events.readStream(`space-${spaceId}`);
  const main = spaceHistory[0].data as { revision: string; organizationId: string };
  const revision = { id: revisionId, type: 'merge', parents: [main.revision, head.id], tree: head.tree, createdBy: actor, createdAt: at };
  const data = { spaceId, organizationId: main.organizationId, revision, changeRequest: { id: changeRequest.id, number: changeRequest.number }, changedAt: at };
  await events.append(`space-${spaceId}`, [{ eventId: randomUUID(), type: 'SpaceContentChanged', data, metadata: crashedMetadata(actor, at) }], spaceHistory.at(-1)!.revision);
}

const crashedMetadata = (actor: string, at: string) =>
  ({ actor, source: 'api', correlationId: 'crashed-merge', causationId: 'crashed-merge', occurredAt: at, schemaVersion: 1 }) as const;

/** Stops the API, writes to its log what a process that died left there, and starts it again. */
async function restartAfterCrash(server: TestServer, write: (events: SqliteEventStore) => Promise<void>): Promise<TestServer> {
  await server.stop();
  const events = new SqliteEventStore(join(server.dataDir, 'events.db'));
  await write(events);
  await events.close();
  return startServer({ dataDir: server.dataDir });
}
