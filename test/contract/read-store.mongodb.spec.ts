import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { MongoReadStore } from '@folio/platform/read-store/mongodb/mongo-read-store';
import { readStoreContract } from './read-store.contract';

const url = process.env.MONGODB_URL;

if (url) {
  readStoreContract('MongoDB', () => {
    // A database per test, dropped afterwards, so runs never see each other's documents.
    const db = `folio_contract_${randomBytes(6).toString('hex')}`;
    return {
      open: () => MongoReadStore.connect(url, db),
      openSecond: () => MongoReadStore.connect(url, db),
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(db).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  describe('read store contract: MongoDB', () => {
    it.skip('runs when MONGODB_URL is set (docker compose up -d mongo)', () => undefined);
  });
}
