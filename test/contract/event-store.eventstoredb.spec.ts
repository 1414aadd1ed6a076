import { EventStoreDbEventStore } from '@folio/platform/event-store/eventstoredb/esdb-event-store';
import { eventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', () => ({
    open: async () => EventStoreDbEventStore.connect(url),
    openSecond: async () => EventStoreDbEventStore.connect(url),
    cleanup: async () => undefined, // streams are uniquely named; the server keeps them
  }));
} else {
  describe('event store contract: EventStoreDB', () => {
    it.skip('runs when EVENTSTORE_URL is set (docker compose up -d eventstore)', () => undefined);
  });
}
