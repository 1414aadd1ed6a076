import { EventStoreDBClient, NO_STREAM } from '@eventstore/db-client';
import { EventStoreDbObjectStore } from '@folio/platform/object-store/eventstoredb/esdb-object-store';
import {
  contentObjectStream,
  toContentObjectEvent,
} from '@folio/platform/object-store/eventstoredb/esdb-object-mapping';
import { objectStoreContract } from './object-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  objectStoreContract('EventStoreDB', () => ({
    open: async () => EventStoreDbObjectStore.connect(url),
    openSecond: async () => EventStoreDbObjectStore.connect(url),
    plant: async (hash, bytes) => {
      const client = EventStoreDBClient.connectionString(url);
      try {
        await client.appendToStream(contentObjectStream(hash), toContentObjectEvent(hash, bytes), {
          expectedRevision: NO_STREAM,
        });
      } finally {
        await client.dispose();
      }
    },
    cleanup: async () => undefined, // objects are random, hence new; the server keeps them
  }));
} else {
  describe('content object store contract: EventStoreDB', () => {
    it.skip('runs when EVENTSTORE_URL is set (docker compose up -d eventstore)', () => undefined);
  });
}
