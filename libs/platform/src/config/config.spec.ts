import { tmpdir } from 'node:os';
import { StartupError } from '../startup/startup-error';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('accepts every pino level and silent, and defaults to info', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
  });

  it('refuses an unknown level with the list of valid ones', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      new StartupError('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "verbose"'),
    );
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(StartupError);
  });

  it('takes METRICS_PORT for the second listener, refusing a non-port and PORT itself', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ PORT: '3000', METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(StartupError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      new StartupError('METRICS_PORT must differ from PORT (both 3000); unset it to serve /metrics on PORT'),
    );
  });

  it('fetches from private addresses only when FETCH_ALLOW_PRIVATE is true, and refuses another value', () => {
    expect(loadConfig({}).fetchAllowPrivate).toBe(false);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: 'false' }).fetchAllowPrivate).toBe(false);
    expect(loadConfig({ FETCH_ALLOW_PRIVATE: 'true' }).fetchAllowPrivate).toBe(true);
    expect(() => loadConfig({ FETCH_ALLOW_PRIVATE: 'yes' })).toThrow(new StartupError('FETCH_ALLOW_PRIVATE must be true or false; got "yes"'));
  });

  it('bounds git commands by GIT_TIMEOUT_S (120 s) and their fetches by GIT_MAX_FETCH_MB (512)', () => {
    expect(loadConfig({})).toMatchObject({ gitTimeoutSeconds: 120, gitMaxFetchMegabytes: 512 });
    expect(loadConfig({ GIT_TIMEOUT_S: '30', GIT_MAX_FETCH_MB: '64' })).toMatchObject({ gitTimeoutSeconds: 30, gitMaxFetchMegabytes: 64 });
    expect(() => loadConfig({ GIT_TIMEOUT_S: '0' })).toThrow(StartupError);
    expect(() => loadConfig({ GIT_MAX_FETCH_MB: 'lots' })).toThrow(StartupError);
  });

  it('checks connected branches every GIT_SYNC_INTERVAL_S seconds (60), never at 0, and refuses anything but a whole number', () => {
    expect(loadConfig({}).gitSyncIntervalSeconds).toBe(60);
    expect(loadConfig({ GIT_SYNC_INTERVAL_S: '300' }).gitSyncIntervalSeconds).toBe(300);
    expect(loadConfig({ GIT_SYNC_INTERVAL_S: '0' }).gitSyncIntervalSeconds).toBe(0);
    for (const value of ['-1', '1.5', 'often']) expect(() => loadConfig({ GIT_SYNC_INTERVAL_S: value })).toThrow(new StartupError(`GIT_SYNC_INTERVAL_S must be a whole number, 0 or more; got "${value}"`));
  });

  it('gives a fetch FETCH_TIMEOUT_S seconds, 10 by default', () => {
    expect(loadConfig({}).fetchTimeoutSeconds).toBe(10);
    expect(loadConfig({ FETCH_TIMEOUT_S: '3' }).fetchTimeoutSeconds).toBe(3);
    expect(() => loadConfig({ FETCH_TIMEOUT_S: '0' })).toThrow(StartupError);
  });

  it('translates with TRANSLATION_ENGINE, else the engine the settings configure, else pseudo-localization', () => {
    expect(loadConfig({}).translationEngine).toBe('pseudo');
    expect(loadConfig({ TRANSLATION_URL: 'http://lt.test/' })).toMatchObject({ translationEngine: 'libretranslate', translationUrl: 'http://lt.test' });
    expect(loadConfig({ DEEPL_API_KEY: 'k:fx' }).translationEngine).toBe('deepl');
    expect(loadConfig({ TRANSLATION_ENGINE: 'apertium', DEEPL_API_KEY: 'k' }).translationEngine).toBe('apertium');
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'google' })).toThrow(
      new StartupError('TRANSLATION_ENGINE must be one of libretranslate, deepl, apertium, pseudo; got "google"'),
    );
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'libretranslate' })).toThrow(StartupError);
    expect(() => loadConfig({ TRANSLATION_ENGINE: 'deepl' })).toThrow(StartupError);
  });

  it('extracts conversations\u2019 issues offline unless INSIGHTS_LLM_URL names a chat endpoint', () => {
    expect(loadConfig({})).toMatchObject({ insightsLlmUrl: undefined, insightsLlmModel: 'llama3.1' });
    expect(loadConfig({ INSIGHTS_LLM_URL: 'http://ollama:11434/v1/', INSIGHTS_LLM_MODEL: 'qwen2.5' })).toMatchObject({ insightsLlmUrl: 'http://ollama:11434/v1', insightsLlmModel: 'qwen2.5' });
    expect(() => loadConfig({ INSIGHTS_LLM_URL: 'localhost:11434' })).toThrow(new StartupError('INSIGHTS_LLM_URL must be an http(s) URL; got "localhost:11434"'));
    expect(() => loadConfig({ INSIGHTS_LLM_URL: 'not a url' })).toThrow(StartupError);
  });

  it('keeps 10,000 aggregate states by default, AGGREGATE_CACHE_SIZE when set, and refuses anything but a positive integer', () => {
    expect(loadConfig({}).aggregateCacheSize).toBe(10_000);
    expect(loadConfig({ AGGREGATE_CACHE_SIZE: '' }).aggregateCacheSize).toBe(10_000);
    expect(loadConfig({ AGGREGATE_CACHE_SIZE: '500' }).aggregateCacheSize).toBe(500);
    for (const size of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ AGGREGATE_CACHE_SIZE: size })).toThrow(new StartupError(`AGGREGATE_CACHE_SIZE must be a positive integer; got "${size}"`));
    }
  });

  it('sizes the read cache in megabytes from READ_CACHE_MB (16 by default, 0 turns it off), and refuses another value', () => {
    expect(loadConfig({}).readCacheMegabytes).toBe(16);
    expect(loadConfig({ READ_CACHE_MB: '0' }).readCacheMegabytes).toBe(0);
    expect(loadConfig({ READ_CACHE_MB: '2.5' }).readCacheMegabytes).toBe(2.5);
    for (const bad of ['-1', 'lots']) expect(() => loadConfig({ READ_CACHE_MB: bad })).toThrow(StartupError);
  });

  it('keeps readers\u2019 answers up to READER_CACHE_MB (64 by default, 0 turns it off), and refuses another value', () => {
    expect(loadConfig({}).readerCacheMegabytes).toBe(64);
    expect(loadConfig({ READER_CACHE_MB: '0' }).readerCacheMegabytes).toBe(0);
    for (const bad of ['-1', 'lots']) expect(() => loadConfig({ READER_CACHE_MB: bad })).toThrow(StartupError);
  });

  it('takes zips up to IMPORT_MAX_MB (512 by default) and folder files up to FILE_MAX_MB (100), refusing anything but a positive integer', () => {
    expect(loadConfig({})).toMatchObject({ importMaxMegabytes: 512, fileMaxMegabytes: 100 });
    expect(loadConfig({ IMPORT_MAX_MB: '64', FILE_MAX_MB: '8' })).toMatchObject({ importMaxMegabytes: 64, fileMaxMegabytes: 8 });
    for (const bad of ['0', '-1', '1.5', 'big']) {
      expect(() => loadConfig({ IMPORT_MAX_MB: bad })).toThrow(new StartupError(`IMPORT_MAX_MB must be a positive integer; got "${bad}"`));
      expect(() => loadConfig({ FILE_MAX_MB: bad })).toThrow(StartupError);
    }
  });

  it('writes uploads under TMPDIR, the OS temp directory by default', () => {
    expect(loadConfig({ TMPDIR: '/var/folio-tmp' }).tempDir).toBe('/var/folio-tmp');
    expect(loadConfig({}).tempDir).toBe(tmpdir());
  });

  it('bases resource URLs on PUBLIC_URL, by default on localhost and the port clients reach: PUBLIC_PORT, else PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    // The compose stack: the API listens on 3000 in its container, the proxy publishes FOLIO_PORT.
    expect(loadConfig({ PORT: '3000', PUBLIC_PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    // Compose passes an unset variable as an empty string: empty means unset.
    expect(loadConfig({ PUBLIC_URL: '', PUBLIC_PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://folio.example.com/', PUBLIC_PORT: '8080' }).publicUrl).toBe('https://folio.example.com');
    for (const bad of ['0', '65536', 'http', '80.5']) {
      expect(() => loadConfig({ PUBLIC_PORT: bad })).toThrow(new StartupError(`PUBLIC_PORT must be a port number, got ${bad}`));
    }
  });

  it('addresses sites at PUBLIC_SITES_URL, by default under Folio\'s host without its port, and refuses a URL the renderer could not serve', () => {
    expect(loadConfig({}).publicSitesUrl).toBe('http://localhost/sites/{org}');
    expect(loadConfig({ PUBLIC_URL: 'https://folio.example.com:8443/api/' }).publicSitesUrl).toBe('https://folio.example.com/api/sites/{org}');
    expect(loadConfig({ PUBLIC_SITES_URL: 'https://{org}.docs.example.com/' }).publicSitesUrl).toBe('https://{org}.docs.example.com');
    expect(loadConfig({ PUBLIC_SITES_URL: 'https://docs.example.com/{org}' }).publicSitesUrl).toBe('https://docs.example.com/{org}');
    for (const bad of ['ftp://{org}.example.com', 'https://docs.example.com:8080/{org}', 'https://docs.example.com/{org}?x=1', 'https://docs.example.com', 'https://{org}.example.com/{org}', 'not a url']) {
      expect(() => loadConfig({ PUBLIC_SITES_URL: bad })).toThrow(StartupError);
    }
  });

  it('gives site tokens SITE_TOKEN_TTL_S seconds, an hour by default', () => {
    expect(loadConfig({}).siteTokenTtlSeconds).toBe(3600);
    expect(loadConfig({ SITE_TOKEN_TTL_S: '600' }).siteTokenTtlSeconds).toBe(600);
    expect(() => loadConfig({ SITE_TOKEN_TTL_S: '0' })).toThrow(StartupError);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names (none by default), and refuses what is no address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,uniquelocal,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'uniquelocal', 'fd00::/8']);
    for (const bad of ['caddy', '10.0.0.0/33', '10.0.0.1/8/1', 'yes']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(StartupError);
  });
});
