import { EventStoreDbSubjectKeys } from '@folio/platform/crypto/eventstoredb/esdb-subject-keys';
import { subjectKeysContract } from './subject-keys.contract';

const url = process.env.EVENTSTORE_URL;

if (url) {
  subjectKeysContract('EventStoreDB', () => ({
    open: async () => EventStoreDbSubjectKeys.connect(url),
    cleanup: async () => undefined, // subjects are random, hence new; the server keeps them
  }));
} else {
  describe('subject keys contract: EventStoreDB', () => {
    it.skip('runs when EVENTSTORE_URL is set (docker compose up -d eventstore)', () => undefined);
  });
}
