import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FolioConfig } from './config/config';
import { SqliteSubjectKeys } from './crypto/sqlite/sqlite-subject-keys';
import { SubjectKeys } from './crypto/subject-keys.port';
import { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite/sqlite-event-store';
import { ContentObjectStore } from './object-store/content-object-store.port';
import { SqliteObjectStore } from './object-store/sqlite/sqlite-object-store';
import type { MongoReadStore } from './read-store/mongodb/mongo-read-store';
import { ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite/sqlite-read-store';
import { SearchIndex } from './search/search.port';
import { SqliteSearchIndex } from './search/sqlite/sqlite-search-index';

/**
 * Configuration alone picks the adapters; nothing above this file knows which one runs. The distributed
 * adapters are loaded only when configured: their clients take a second to load, which a CLI command
 * on an embedded data directory (a rebuild) would pay for nothing.
 */
export async function openEventStore(config: FolioConfig): Promise<EventStore> {
  if (config.eventStoreUrl) return (await import('./event-store/eventstoredb/esdb-event-store')).EventStoreDbEventStore.connect(config.eventStoreUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteEventStore(join(config.dataDir, 'events.db'));
}

/** Content objects live with the event store: they are write-side truth, as the log is. */
export async function openObjectStore(config: FolioConfig): Promise<ContentObjectStore> {
  if (config.eventStoreUrl) return (await import('./object-store/eventstoredb/esdb-object-store')).EventStoreDbObjectStore.connect(config.eventStoreUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteObjectStore(join(config.dataDir, 'events.db'));
}

/**
 * Subject keys live beside the event store but not in its file: `keys.db` can be destroyed from without
 * the log changing, and the log copied without them (see SqliteSubjectKeys).
 */
export async function openSubjectKeys(config: FolioConfig): Promise<SubjectKeys> {
  if (config.eventStoreUrl) return (await import('./crypto/eventstoredb/esdb-subject-keys')).EventStoreDbSubjectKeys.connect(config.eventStoreUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteSubjectKeys(join(config.dataDir, 'keys.db'));
}

/** MongoDB reads are not cached: API replicas could not learn of the projector's writes at once. */
export async function openReadStore(config: FolioConfig): Promise<ReadStore> {
  if (config.mongodbUrl) return (await import('./read-store/mongodb/mongo-read-store')).MongoReadStore.connect(config.mongodbUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteReadStore(join(config.dataDir, 'read.db'), undefined, config.readCacheMegabytes * 1024 * 1024);
}

/** Search reads the read store's own collections: the same file, or the same MongoDB database. */
export async function openSearchIndex(config: FolioConfig, reads: ReadStore): Promise<SearchIndex> {
  if (config.mongodbUrl) return new (await import('./search/mongodb/mongo-search-index')).MongoSearchIndex((reads as MongoReadStore).database);
  return new SqliteSearchIndex(join(config.dataDir, 'read.db'));
}

/**
 * Whether this process applies projections itself. The embedded read store is a local file, so the
 * process that serves it also projects into it; with MongoDB, the projector does, one instance.
 */
export function projectsLocally(config: FolioConfig): boolean {
  return !config.mongodbUrl;
}
