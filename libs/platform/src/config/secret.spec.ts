import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '../startup/startup-error';
import { loadConfig } from './config';
import { loadSecret } from './secret';

describe('loadSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'folio-secret-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const distributed = { DATA_DIR: '/nonexistent', EVENTSTORE_URL: 'esdb://x:2113', MONGODB_URL: 'mongodb://x/folio' };

  it('takes FOLIO_SECRET when set, in either mode', () => {
    const secret = 'a'.repeat(64);
    expect(loadSecret(loadConfig({ ...distributed, FOLIO_SECRET: secret }))).toBe(secret);
  });

  it('generates one into DATA_DIR/secret (0600) in embedded mode, and reads it back', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const secret = loadSecret(config);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'secret'), 'utf8').trim()).toBe(secret);
    expect(loadSecret(config)).toBe(secret);
  });

  it('refuses distributed mode without one, saying how to set it', () => {
    expect(() => loadSecret(loadConfig(distributed))).toThrow(StartupError);
    expect(() => loadSecret(loadConfig(distributed))).toThrow(/^FOLIO_SECRET is not set: .*openssl rand -hex 32/);
  });

  it('refuses a short secret, such as the placeholder of .env.example', () => {
    const placeholder = readFileSync(join(__dirname, '../../../../.env.example'), 'utf8').match(/^FOLIO_SECRET=(.*)$/m)![1];
    expect(() => loadSecret(loadConfig({ ...distributed, FOLIO_SECRET: placeholder }))).toThrow(/^FOLIO_SECRET is too short/);
    expect(() => loadSecret(loadConfig({ DATA_DIR: dataDir, FOLIO_SECRET: 'x'.repeat(31) }))).toThrow(/at least 32/);
  });
});
