import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { COLLECTION_CASCADE } from '@folio/content/cascade/collection-cascade';
import { expectStatus, startServer, TestServer } from '../support/server';

/**
 * Issue 7, item 13: a crash between the deleted collection's append and its children's must not
 * leave half a collection deleted forever. The API is stopped with only the parent's
 * CollectionDeleted in the log; at the next start the cascade process deletes everything below it.
 */
describe('the collection cascade process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-cascade-'));
  let server: TestServer;
  let ann: { id: string; token: string };
  let orgId: string;
  const tree = { top: '', middle: '', bottom: '', topSpace: '', middleSpace: '', bottomSpace: '' };
  /** The log's head just before the crashed request's append. */
  let beforeCrash: string;

  beforeAll(async () => {
    server = await startServer({ dataDir });
    ann = await server.createUser('ann@acme.io', 'Ann Admin');
    const orgs = server.as(ann.token).orgs;
    orgId = (await orgs.createOrganization({ title: 'Acme' })).data.id;
    tree.top = (await orgs.createCollection(orgId, { title: 'Top' })).data.id;
    tree.middle = (await orgs.createCollection(orgId, { title: 'Middle', parent: tree.top })).data.id;
    tree.bottom = (await orgs.createCollection(orgId, { title: 'Bottom', parent: tree.middle })).data.id;
    tree.topSpace = (await orgs.createSpace(orgId, { title: 'T', parent: tree.top })).data.id;
    tree.middleSpace = (await orgs.createSpace(orgId, { title: 'M', parent: tree.middle })).data.id;
    tree.bottomSpace = (await orgs.createSpace(orgId, { title: 'B', parent: tree.bottom })).data.id;
    await server.stop();

    // What DELETE /collections/{top} appends first, and nothing after it: the process died there.
    const events = new SqliteEventStore(join(dataDir, 'events.db'));
    const stream = `collection-${tree.top}`;
    const history = await events.readStream(stream);
    beforeCrash = (await events.headPosition())!;
    await events.append(
      stream,
      [
        {
          eventId: randomUUID(),
          type: 'CollectionDeleted',
          data: { collectionId: tree.top, organizationId: orgId, deletedAt: '2026-03-01T09:00:00.000Z' },
          metadata: {
            actor: ann.id,
            source: 'api',
            correlationId: 'crashed-request',
            causationId: 'crashed-request',
            occurredAt: '2026-03-01T09:00:00.000Z',
            schemaVersion: 1,
          },
        },
      ],
      history[history.length - 1].revision,
    );
    await events.close();
    server = await startServer({ dataDir });
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const lastEvent = async (stream: string) => (await server.events.readStream(stream)).at(-1);

  it('finishes the cascade at the next start: every descendant deleted, in the name of whoever deleted the top', async () => {
    for (const [stream, type] of [
      [`collection-${tree.middle}`, 'CollectionDeleted'],
      [`collection-${tree.bottom}`, 'CollectionDeleted'],
      [`space-${tree.topSpace}`, 'SpaceDeleted'],
      [`space-${tree.middleSpace}`, 'SpaceDeleted'],
      [`space-${tree.bottomSpace}`, 'SpaceDeleted'],
    ]) {
      expect(await lastEvent(stream)).toMatchObject({ type, data: { cascadeFrom: tree.top }, metadata: { actor: ann.id, correlationId: 'crashed-request' } });
    }
    const api = server.as(ann.token);
    await expectStatus(api.collections.getCollectionById(tree.bottom), 404);
    expect((await api.orgs.listCollectionsInOrganizationById(orgId, { nested: true })).data.items).toEqual([]);
    expect((await api.orgs.listSpacesInOrganizationById(orgId)).data.items).toEqual([]);
    expect((await api.spaces.getSpaceById(tree.bottomSpace)).data.deletedAt).toBeDefined();
  }, 60_000);

  it('run again over the same events (its checkpoint rewound to before the crash), writes nothing more', async () => {
    const head = await server.head();
    const reached = await server.app.get<ReadStore>(READ_STORE).checkpoint(COLLECTION_CASCADE);
    expect(BigInt(reached!)).toBeGreaterThan(BigInt(beforeCrash));
    await server.stop();
    const reads = new SqliteReadStore(join(dataDir, 'read.db'));
    await reads.transaction(COLLECTION_CASCADE, beforeCrash, async () => {});
    await reads.close();

    server = await startServer({ dataDir });
    // It went over the cascade again (its checkpoint is past the crash once more; events that ask for no
    // reaction do not move it each time), and wrote nothing.
    expect(BigInt((await server.app.get<ReadStore>(READ_STORE).checkpoint(COLLECTION_CASCADE))!)).toBeGreaterThan(BigInt(beforeCrash));
    expect(await server.head()).toBe(head);
  }, 60_000);
});
