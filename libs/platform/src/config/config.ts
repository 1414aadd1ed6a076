import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import pino from 'pino';
import { StartupError } from '../startup/startup-error';

/** pino's levels, and `silent`: anything else would make pino throw at the first logger. */
export const LOG_LEVELS = [...Object.keys(pino.levels.values), 'silent'];

export interface FolioConfig {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  appUrl: string;
  adminEmail: string;
  /** Unset: the embedded SQLite event store under `dataDir`. */
  eventStoreUrl?: string;
  /** Unset: the embedded SQLite read store under `dataDir`. */
  mongodbUrl?: string;
  logLevel: string;
  /** FOLIO_SECRET; when unset in embedded mode, one is generated into `dataDir` (see secret.ts). */
  secret?: string;
  /** FETCH_ALLOW_PRIVATE=true: URLs given to Folio may be fetched from private and loopback addresses. */
  fetchAllowPrivate: boolean;
  /** AGGREGATE_CACHE_SIZE: how many decided states (per stream and decider) the write side keeps. */
  aggregateCacheSize: number;
  /** READ_CACHE_MB: the embedded read store's document cache, in megabytes of JSON text (0: off). */
  readCacheMegabytes: number;
  /** IMPORT_MAX_MB: the largest zip `POST /spaces/{id}/import` takes, in MiB (its unpacked files: 4 times that). */
  importMaxMegabytes: number;
  /** FILE_MAX_MB: the largest file a Git Sync folder may carry into a space, in MiB. */
  fileMaxMegabytes: number;
  /** TMPDIR (the OS's temp directory when unset): where uploads are written while they are read. */
  tempDir: string;
}

const DEFAULT_AGGREGATE_CACHE_SIZE = 10_000;
/** Ten times the 50 MB of assets real Git Sync repositories carry. */
const DEFAULT_IMPORT_MAX_MB = 512;
/** GitHub refuses files over 100 MB, so no Git Sync repository holds a larger one. */
const DEFAULT_FILE_MAX_MB = 100;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FolioConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`PORT must be a port number, got ${env.PORT}`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${logLevel}"`);
  }
  const fetchAllowPrivate = env.FETCH_ALLOW_PRIVATE || 'false';
  if (fetchAllowPrivate !== 'true' && fetchAllowPrivate !== 'false') {
    throw new StartupError(`FETCH_ALLOW_PRIVATE must be true or false; got "${fetchAllowPrivate}"`);
  }
  const aggregateCacheSize = positiveInteger(env, 'AGGREGATE_CACHE_SIZE', DEFAULT_AGGREGATE_CACHE_SIZE);
  const readCacheMegabytes = Number(env.READ_CACHE_MB || 16);
  if (!Number.isFinite(readCacheMegabytes) || readCacheMegabytes < 0) {
    throw new StartupError(`READ_CACHE_MB must be a number of megabytes, 0 or more; got "${env.READ_CACHE_MB}"`);
  }
  const importMaxMegabytes = positiveInteger(env, 'IMPORT_MAX_MB', DEFAULT_IMPORT_MAX_MB);
  const fileMaxMegabytes = positiveInteger(env, 'FILE_MAX_MB', DEFAULT_FILE_MAX_MB);
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    publicUrl,
    appUrl: trimSlash(env.APP_URL ?? publicUrl),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@localhost',
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    logLevel,
    secret: env.FOLIO_SECRET || undefined,
    fetchAllowPrivate: fetchAllowPrivate === 'true',
    aggregateCacheSize,
    readCacheMegabytes,
    importMaxMegabytes,
    fileMaxMegabytes,
    tempDir: resolve(env.TMPDIR || tmpdir()),
  };
}

/** A whole number of at least 1 from `env[name]`, `fallback` when unset or empty. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new StartupError(`${name} must be a positive integer; got "${env[name]}"`);
  return value;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
