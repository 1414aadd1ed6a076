import { isIP } from 'node:net';
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
  /** FETCH_TIMEOUT_S: how long fetching one user-given URL may take, redirects and body included. */
  fetchTimeoutSeconds: number;
  /** GIT_TIMEOUT_S: how long one git command of Git Sync may take (a fetch, a push), in seconds. */
  gitTimeoutSeconds: number;
  /** GIT_MAX_FETCH_MB: what one Git fetch may download, in MiB (its files, written out: 4 times that). */
  gitMaxFetchMegabytes: number;
  /** GIT_SYNC_INTERVAL_S: how often each connected space's branch is checked for new commits, in seconds (0: never; the push webhook still is). */
  gitSyncIntervalSeconds: number;
  /**
   * TRANSLATION_ENGINE: what translates spaces (`libretranslate`, `deepl`, `apertium`, `pseudo`). Unset, the
   * first configured of TRANSLATION_URL (LibreTranslate) and DEEPL_API_KEY, else `pseudo`.
   */
  translationEngine: TranslationEngineName;
  /** TRANSLATION_URL: the LibreTranslate server's base URL; TRANSLATION_API_KEY its key, when it asks for one. */
  translationUrl?: string;
  translationApiKey?: string;
  /** DEEPL_API_KEY, and DEEPL_URL (default: DeepL's free API for a key ending `:fx`, its paid API otherwise). */
  deeplApiKey?: string;
  deeplUrl?: string;
  /**
   * INSIGHTS_LLM_URL: an OpenAI-compatible chat endpoint's base URL (e.g. a local Ollama's
   * `http://localhost:11434/v1`) that extracts conversations' issues; unset, the offline extractor does.
   * INSIGHTS_LLM_MODEL names the model (default `llama3.1`), INSIGHTS_LLM_API_KEY its bearer key if any.
   */
  insightsLlmUrl?: string;
  insightsLlmModel: string;
  insightsLlmApiKey?: string;
  /** AGGREGATE_CACHE_SIZE: how many decided states (per stream and decider) the write side keeps. */
  aggregateCacheSize: number;
  /** READ_CACHE_MB: the embedded read store's document cache, in megabytes of JSON text (0: off). */
  readCacheMegabytes: number;
  /** READER_CACHE_MB: the serialized revision and page answers kept for readers, in megabytes (0: off). */
  readerCacheMegabytes: number;
  /** IMPORT_MAX_MB: the largest zip `POST /spaces/{id}/import` takes, in MiB (its unpacked files: 4 times that). */
  importMaxMegabytes: number;
  /** FILE_MAX_MB: the largest file a Git Sync folder may carry into a space, in MiB. */
  fileMaxMegabytes: number;
  /** TMPDIR (the OS's temp directory when unset): where uploads are written while they are read. */
  tempDir: string;
  /**
   * PUBLIC_SITES_URL: where readers find published sites, with `{org}` standing for an organization's
   * hostname (its id when it has none): `https://{org}.docs.example.com` or `https://docs.example.com/{org}`.
   * A site is served at this URL plus `/<basename>`, or at the root of its custom hostname. It is the
   * renderer's address, not Folio's: it has no port, since GitBook's renderer refuses hosts with one.
   */
  publicSitesUrl: string;
  /** SITE_TOKEN_TTL_S: how long the `apiToken` of a resolved URL stays valid, in seconds. */
  siteTokenTtlSeconds: number;
  /**
   * METRICS_PORT: a second listener for `GET /metrics` and the health routes, so they can stay off the
   * published port; unset, they are served on PORT.
   */
  metricsPort?: number;
  /** METRICS=off: nothing is measured and `/metrics` is not served (the bench compares with and without). */
  metricsEnabled: boolean;
  /** CORS_ORIGINS: the origins (comma-separated, `https://docs.example.com`) allowed to call the API from a browser; none by default. */
  corsOrigins: string[];
  /** Token buckets per API token and per address of unauthenticated callers; null with RATE_LIMIT=off. */
  rateLimit: RateLimitConfig | null;
  /**
   * TRUST_PROXY: the reverse proxies whose `X-Forwarded-For` names the client (addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`), or how many hops to trust; unset, none: the client is the peer.
   */
  trustProxy: string[] | number | false;
  webhooks: WebhookConfig;
}

/** A token bucket: `burst` requests at once, refilled at `perSecond`. */
export interface BucketConfig {
  burst: number;
  perSecond: number;
}

export interface RateLimitConfig {
  /** RATE_LIMIT_TOKEN_BURST, RATE_LIMIT_TOKEN_PER_S: per API token (a site token counts as one). */
  token: BucketConfig;
  /** RATE_LIMIT_IP_BURST, RATE_LIMIT_IP_PER_S: per client address, for requests without a token. */
  ip: BucketConfig;
}

export interface WebhookConfig {
  /** WEBHOOK_TIMEOUT_S: how long a receiver has to answer one delivery. */
  timeoutSeconds: number;
  /** WEBHOOK_MAX_ATTEMPTS: attempts of one delivery before it is given up (failed). */
  maxAttempts: number;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's delay; each next one doubles it, with jitter. */
  retryBaseMs: number;
  /** WEBHOOK_DISABLE_AFTER: consecutive failed deliveries after which a webhook is disabled. */
  disableAfter: number;
}

export const TRANSLATION_ENGINES = ['libretranslate', 'deepl', 'apertium', 'pseudo'] as const;
export type TranslationEngineName = (typeof TRANSLATION_ENGINES)[number];

/** Ten seconds: a document server that takes longer is down, not slow. */
const DEFAULT_FETCH_TIMEOUT_S = 10;
/** Two minutes: a 1,000-page repository's pack comes in seconds; a server stalled that long is down. */
const DEFAULT_GIT_TIMEOUT_S = 120;
/** Like IMPORT_MAX_MB: a repository's pack is compressed, so its documentation and assets fit well within it. */
const DEFAULT_GIT_MAX_FETCH_MB = 512;
/** A minute: a branch read costs one `ls-remote` per connected space, and a webhook brings pushes in at once anyway. */
const DEFAULT_GIT_SYNC_INTERVAL_S = 60;
const DEFAULT_AGGREGATE_CACHE_SIZE = 10_000;
/** Ten times the 50 MB of assets real Git Sync repositories carry. */
const DEFAULT_IMPORT_MAX_MB = 512;
/** GitHub refuses files over 100 MB, so no Git Sync repository holds a larger one. */
const DEFAULT_FILE_MAX_MB = 100;
/** An hour: GitBook's renderer asks again for a URL whose token is within two minutes of its end. */
const DEFAULT_SITE_TOKEN_TTL_S = 3600;
/** Generous: an integration that syncs a large space stays under it; a runaway loop does not. */
const DEFAULT_RATE_LIMIT: RateLimitConfig = { token: { burst: 1000, perSecond: 100 }, ip: { burst: 120, perSecond: 10 } };
/** 10 s, 20 s, … 21 min: eight attempts span about 42 minutes, a receiver's restart or deploy. */
const DEFAULT_WEBHOOKS: WebhookConfig = { timeoutSeconds: 10, maxAttempts: 8, retryBaseMs: 10_000, disableAfter: 20 };

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
  const fetchTimeoutSeconds = positiveInteger(env, 'FETCH_TIMEOUT_S', DEFAULT_FETCH_TIMEOUT_S);
  const translationUrl = env.TRANSLATION_URL ? trimSlash(env.TRANSLATION_URL) : undefined;
  const deeplApiKey = env.DEEPL_API_KEY || undefined;
  const translationEngine = translationEngineOf(env.TRANSLATION_ENGINE, translationUrl, deeplApiKey);
  const aggregateCacheSize = positiveInteger(env, 'AGGREGATE_CACHE_SIZE', DEFAULT_AGGREGATE_CACHE_SIZE);
  const readCacheMegabytes = megabytes(env, 'READ_CACHE_MB', 16);
  const readerCacheMegabytes = megabytes(env, 'READER_CACHE_MB', 64);
  const importMaxMegabytes = positiveInteger(env, 'IMPORT_MAX_MB', DEFAULT_IMPORT_MAX_MB);
  const fileMaxMegabytes = positiveInteger(env, 'FILE_MAX_MB', DEFAULT_FILE_MAX_MB);
  // Behind a proxy or a port mapping (the compose stack publishes FOLIO_PORT), clients reach Folio on
  // PUBLIC_PORT, not on the PORT it listens on. Empty counts as unset: compose passes unset variables as ''.
  const publicPort = env.PUBLIC_PORT ? portNumber('PUBLIC_PORT', env.PUBLIC_PORT) : port;
  const publicUrl = trimSlash(env.PUBLIC_URL || `http://localhost:${publicPort}`);
  const publicSitesUrl = sitesUrlTemplate(env.PUBLIC_SITES_URL || defaultSitesUrl(publicUrl));
  const siteTokenTtlSeconds = positiveInteger(env, 'SITE_TOKEN_TTL_S', DEFAULT_SITE_TOKEN_TTL_S);
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
    fetchTimeoutSeconds,
    gitTimeoutSeconds: positiveInteger(env, 'GIT_TIMEOUT_S', DEFAULT_GIT_TIMEOUT_S),
    gitMaxFetchMegabytes: positiveInteger(env, 'GIT_MAX_FETCH_MB', DEFAULT_GIT_MAX_FETCH_MB),
    gitSyncIntervalSeconds: nonNegativeInteger(env, 'GIT_SYNC_INTERVAL_S', DEFAULT_GIT_SYNC_INTERVAL_S),
    translationEngine,
    translationUrl,
    translationApiKey: env.TRANSLATION_API_KEY || undefined,
    deeplApiKey,
    deeplUrl: env.DEEPL_URL ? trimSlash(env.DEEPL_URL) : undefined,
    insightsLlmUrl: env.INSIGHTS_LLM_URL ? httpBase('INSIGHTS_LLM_URL', env.INSIGHTS_LLM_URL) : undefined,
    insightsLlmModel: env.INSIGHTS_LLM_MODEL || 'llama3.1',
    insightsLlmApiKey: env.INSIGHTS_LLM_API_KEY || undefined,
    aggregateCacheSize,
    readCacheMegabytes,
    readerCacheMegabytes,
    importMaxMegabytes,
    fileMaxMegabytes,
    tempDir: resolve(env.TMPDIR || tmpdir()),
    publicSitesUrl,
    siteTokenTtlSeconds,
    metricsPort: metricsPortOf(env, port),
    metricsEnabled: onOff(env, 'METRICS'),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    rateLimit: onOff(env, 'RATE_LIMIT') ? rateLimitOf(env) : null,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    webhooks: {
      timeoutSeconds: positiveInteger(env, 'WEBHOOK_TIMEOUT_S', DEFAULT_WEBHOOKS.timeoutSeconds),
      maxAttempts: positiveInteger(env, 'WEBHOOK_MAX_ATTEMPTS', DEFAULT_WEBHOOKS.maxAttempts),
      retryBaseMs: positiveInteger(env, 'WEBHOOK_RETRY_BASE_MS', DEFAULT_WEBHOOKS.retryBaseMs),
      disableAfter: positiveInteger(env, 'WEBHOOK_DISABLE_AFTER', DEFAULT_WEBHOOKS.disableAfter),
    },
  };
}

function rateLimitOf(env: NodeJS.ProcessEnv): RateLimitConfig {
  return {
    token: { burst: positiveInteger(env, 'RATE_LIMIT_TOKEN_BURST', DEFAULT_RATE_LIMIT.token.burst), perSecond: positiveNumber(env, 'RATE_LIMIT_TOKEN_PER_S', DEFAULT_RATE_LIMIT.token.perSecond) },
    ip: { burst: positiveInteger(env, 'RATE_LIMIT_IP_BURST', DEFAULT_RATE_LIMIT.ip.burst), perSecond: positiveNumber(env, 'RATE_LIMIT_IP_PER_S', DEFAULT_RATE_LIMIT.ip.perSecond) },
  };
}

/** The names Fastify's proxy-addr knows for address ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: a hop count, or proxies as addresses, CIDR ranges and range names; checked here, since Fastify would throw at the first request. */
function trustProxyOf(value: string | undefined): string[] | number | false {
  if (!value?.trim()) return false;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const proxies = value.split(',').map((proxy) => proxy.trim());
  for (const proxy of proxies) {
    const [address, bits, extra] = proxy.split('/');
    const family = isIP(address);
    const prefixOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGES.includes(proxy) && (family === 0 || !prefixOk || extra !== undefined)) {
      throw new StartupError(`TRUST_PROXY must be a hop count or proxies such as 10.0.0.0/8, 172.16.0.1 or uniquelocal; got "${proxy}"`);
    }
  }
  return proxies;
}

/** `on` (the default) or `off`. */
function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || 'on';
  if (value !== 'on' && value !== 'off') throw new StartupError(`${name} must be on or off; got "${value}"`);
  return value === 'on';
}

/** CORS_ORIGINS: each an origin as browsers send it (scheme, host, port if any; no path), or `*`. */
function corsOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  for (const origin of origins) {
    if (origin === '*') continue;
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
      throw new StartupError(`CORS_ORIGINS must list origins such as https://docs.example.com (no path or trailing slash); got "${origin}"`);
    }
  }
  return origins;
}

/** The second listener's port: never PORT itself, which the API binds first (the start would fail half-way). */
function metricsPortOf(env: NodeJS.ProcessEnv, port: number): number | undefined {
  if (!env.METRICS_PORT) return undefined;
  const metricsPort = portNumber('METRICS_PORT', env.METRICS_PORT);
  if (metricsPort === port) throw new StartupError(`METRICS_PORT must differ from PORT (both ${port}); unset it to serve /metrics on PORT`);
  return metricsPort;
}

function portNumber(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new StartupError(`${name} must be a port number, got ${value}`);
  return port;
}

/** A number above 0 (fractions allowed) from `env[name]`, `fallback` when unset or empty. */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new StartupError(`${name} must be a number above 0; got "${env[name]}"`);
  return value;
}

/** TRANSLATION_ENGINE checked, or the engine the other settings configure; one that needs a setting left out is refused. */
function translationEngineOf(value: string | undefined, url: string | undefined, deeplKey: string | undefined): TranslationEngineName {
  if (!value) return url ? 'libretranslate' : deeplKey ? 'deepl' : 'pseudo';
  const engine = TRANSLATION_ENGINES.find((name) => name === value);
  if (!engine) throw new StartupError(`TRANSLATION_ENGINE must be one of ${TRANSLATION_ENGINES.join(', ')}; got "${value}"`);
  if (engine === 'libretranslate' && !url) throw new StartupError('TRANSLATION_ENGINE=libretranslate needs TRANSLATION_URL, the LibreTranslate server');
  if (engine === 'deepl' && !deeplKey) throw new StartupError('TRANSLATION_ENGINE=deepl needs DEEPL_API_KEY');
  return engine;
}

/** A cache's size in megabytes (fractions allowed), 0 or more. */
function megabytes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isFinite(value) || value < 0) throw new StartupError(`${name} must be a number of megabytes, 0 or more; got "${env[name]}"`);
  return value;
}

/** Without PUBLIC_SITES_URL, sites are addressed under Folio's own host, its port left out (see publicSitesUrl). */
function defaultSitesUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${url.hostname}${url.pathname.replace(/\/+$/, '')}/sites/{org}`;
}

/** PUBLIC_SITES_URL checked: an http(s) URL without port, query or fragment, naming `{org}` once. */
function sitesUrlTemplate(value: string): string {
  const template = trimSlash(value);
  let url: URL;
  try {
    url = new URL(template.replace('{org}', 'org'));
  } catch {
    throw new StartupError(`PUBLIC_SITES_URL must be an http(s) URL; got "${value}"`);
  }
  const problem =
    url.protocol !== 'http:' && url.protocol !== 'https:' ? 'must be http(s)'
    : url.port !== '' ? 'must have no port (GitBook\'s renderer refuses hosts with one)'
    : url.search !== '' || url.hash !== '' ? 'must have no query or fragment'
    : template.split('{org}').length !== 2 ? 'must name {org} once'
    : null;
  if (problem) throw new StartupError(`PUBLIC_SITES_URL ${problem}; got "${value}"`);
  return template;
}

/** A whole number of at least 1 from `env[name]`, `fallback` when unset or empty. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new StartupError(`${name} must be a positive integer; got "${env[name]}"`);
  return value;
}

/** A whole number, 0 or more, from `env[name]`, `fallback` when unset or empty. */
function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0) throw new StartupError(`${name} must be a whole number, 0 or more; got "${env[name]}"`);
  return value;
}

/** A service's base URL checked at start (an http(s) URL), its trailing slash off: a typo fails now, not per request. */
function httpBase(name: string, value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new StartupError(`${name} must be an http(s) URL; got "${value}"`);
  return trimSlash(value);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
