import { BACKWARDS, END, EventStoreDBClient } from '@eventstore/db-client';
import { StoreUnanswered } from '../../store-deadline';
import { stalledPeer } from '../../testing/stalled-peer';
import { collect } from './esdb-calls';

describe('EventStoreDB calls', () => {
  it('gives up on a read a stalled server never answers (the client itself would wait for ever), and ends it', async () => {
    const peer = await stalledPeer();
    const client = EventStoreDBClient.connectionString(`esdb://127.0.0.1:${peer.port}?tls=false`);
    try {
      // The client's own deadline is ignored by reads: it is set here to show it changes nothing.
      const read = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, deadline: 100 });
      const error = await collect(read, 'read $all', { ms: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnanswered);
      expect(error).toMatchObject({ store: 'EventStoreDB', operation: 'read $all' });
      expect(read.destroyed).toBe(true);
    } finally {
      await client.dispose();
      await peer.close();
    }
  }, 15_000);
});
