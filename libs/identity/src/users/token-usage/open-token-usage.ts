import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FolioConfig } from '@folio/platform/config/config';
import type { MongoReadStore } from '@folio/platform/read-store/mongodb/mongo-read-store';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { SqliteTokenUsage } from './sqlite-token-usage';
import { TokenUsageStore } from './token-usage.port';

/**
 * Beside the read models: the read store's MongoDB database, or its own file in the data directory. The MongoDB
 * adapter is loaded only when configured (as in platform's stores.ts): an embedded API would otherwise load the driver.
 */
export async function openTokenUsage(config: FolioConfig, reads: ReadStore): Promise<TokenUsageStore> {
  if (config.mongodbUrl) return new (await import('./mongo-token-usage')).MongoTokenUsage((reads as MongoReadStore).database);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteTokenUsage(join(config.dataDir, 'token-usage.db'));
}
