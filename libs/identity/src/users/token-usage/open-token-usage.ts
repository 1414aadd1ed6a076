import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FolioConfig } from '@folio/platform/config/config';
import { MongoReadStore } from '@folio/platform/read-store/mongodb/mongo-read-store';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { MongoTokenUsage } from './mongo-token-usage';
import { SqliteTokenUsage } from './sqlite-token-usage';
import { TokenUsageStore } from './token-usage.port';

/** Beside the read models: the read store's MongoDB database, or its own file in the data directory. */
export function openTokenUsage(config: FolioConfig, reads: ReadStore): TokenUsageStore {
  if (reads instanceof MongoReadStore) return new MongoTokenUsage(reads.database);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteTokenUsage(join(config.dataDir, 'token-usage.db'));
}
