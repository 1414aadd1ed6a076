import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { MongoReadStore } from '@folio/platform/read-store/mongodb/mongo-read-store';
import { MongoSearchIndex } from '@folio/platform/search/mongodb/mongo-search-index';
import { searchContract } from './search.contract';

const url = process.env.MONGODB_URL;

if (url) {
  searchContract('MongoDB text index', () => {
    // A database per test, dropped afterwards, so runs never see each other's documents.
    const db = `folio_search_${randomBytes(6).toString('hex')}`;
    return {
      open: async () => {
        const reads = await MongoReadStore.connect(url, db);
        return { reads, search: new MongoSearchIndex(reads.database) };
      },
      cleanup: async () => {
        const client = await MongoClient.connect(url);
        await client.db(db).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  describe('search contract: MongoDB', () => {
    it.skip('runs when MONGODB_URL is set (docker compose up -d mongo)', () => undefined);
  });
}
