import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FastifyReply } from 'fastify';
import { EventStoreDbEventStore } from '../event-store/eventstoredb/esdb-event-store';
import { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store';
import { CheckpointFollower } from '../projections/projection-progress';
import { MongoReadStore } from '../read-store/mongodb/mongo-read-store';
import { ReadStore } from '../read-store/read-store.port';
import { SqliteReadStore } from '../read-store/sqlite/sqlite-read-store';
import { stalledPeer } from '../testing/stalled-peer';
import { HealthController } from './health.controller';

/** Far above the ping bound (2 s), far below a stalled client's own give-up (never, for EventStoreDB reads). */
const TEST_TIMEOUT_MS = 20_000;

/** `/health` as the route answers it: the status set on the reply, and the body. */
async function health(events: EventStore, reads: ReadStore) {
  let status = 0;
  const reply = { status: (code: number) => ((status = code), reply) } as unknown as FastifyReply;
  const body = await new HealthController(events, reads, new CheckpointFollower(events, reads, [])).health(reply);
  return { status, body };
}

describe('health with a stalled store (a loopback peer that accepts and never answers)', () => {
  let dir: string;
  let peer: Awaited<ReturnType<typeof stalledPeer>>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'folio-health-'));
    peer = await stalledPeer();
  });
  afterEach(async () => {
    await peer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stalled: Record<string, (port: number) => Promise<{ events: EventStore; reads: ReadStore }>> = {
    EventStoreDB: async (port) => ({
      events: EventStoreDbEventStore.connect(`esdb://127.0.0.1:${port}?tls=false`),
      reads: new SqliteReadStore(join(dir, 'read.db')),
    }),
    MongoDB: async (port) => ({
      events: new SqliteEventStore(join(dir, 'events.db')),
      reads: await MongoReadStore.connect(`mongodb://127.0.0.1:${port}/folio?directConnection=true`),
    }),
  };

  it.each([
    ['EventStoreDB', { events: 'no answer', reads: 'up' }],
    ['MongoDB', { events: 'up', reads: 'no answer' }],
  ])(
    'answers 503 naming %s as the store that did not answer',
    async (store, stores) => {
      const { events, reads } = await stalled[store](peer.port);
      try {
        expect(await health(events, reads)).toEqual({ status: 503, body: { status: 'unavailable', stores, projections: {} } });
      } finally {
        await events.close();
        await reads.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
