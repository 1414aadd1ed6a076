import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../libs/platform/src/event-store/sqlite/sqlite-event-store';
import { startServer, TestServer } from '../support/server';

/**
 * A merge appends to the space's stream first (main takes the request), then marks the request merged
 * on its own stream. A crash between the two must not leave a request open whose content main already
 * holds: the API is stopped with only the space's SpaceContentChanged in the log, and at the next start
 * the merge-completion process marks the request merged, in the merger's name, once.
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
    await server.stop();

    // What POST …/merge appends first, and nothing after it: the process died there.
    const events = new SqliteEventStore(join(dataDir, 'events.db'));
    const crHistory = await events.readStream(`changeRequest-${spaceId}.${cr.number}`);
    const head = crHistory.at(-1)!.data as { revision: { id: string; tree: string } };
    const spaceHistory = await events.readStream(`space-${spaceId}`);
    const main = spaceHistory[0].data as { revision: string; organizationId: string };
    const at = '2026-03-01T09:00:00.000Z';
    await events.append(
      `space-${spaceId}`,
      [
        {
          eventId: randomUUID(),
          type: 'SpaceContentChanged',
          data: {
            spaceId,
            organizationId: main.organizationId,
            revision: { id: mergeRevision, type: 'merge', parents: [main.revision, head.revision.id], tree: head.revision.tree, createdBy: ann.id, createdAt: at },
            changeRequest,
            changedAt: at,
          },
          metadata: { actor: ann.id, source: 'api', correlationId: 'crashed-merge', causationId: 'crashed-merge', occurredAt: at, schemaVersion: 1 },
        },
      ],
      spaceHistory.at(-1)!.revision,
    );
    await events.close();
    server = await startServer({ dataDir });
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
