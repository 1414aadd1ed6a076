import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup/startup-error';
import { FolioConfig } from './config';

/** 32 characters: 128 bits of randomness even when written as hex (`openssl rand -hex 32` gives 64). */
const MIN_SECRET_LENGTH = 32;
const HOW_TO_SET = 'Set it in .env (sed -i "s/^FOLIO_SECRET=.*/FOLIO_SECRET=$(openssl rand -hex 32)/" .env) or in the environment';

/** Injection token of the server secret that signs visitor tokens. */
export const SECRET = Symbol('FolioSecret');

/**
 * The server secret: FOLIO_SECRET, or in embedded mode one generated once into DATA_DIR/secret (mode
 * 0600) so tokens stay valid across restarts. Distributed replicas must share one, so it must be set.
 * Only the API loads it (it signs visitor claims): the projector and the CLI never need it.
 */
export function loadSecret(config: FolioConfig): string {
  if (config.secret) {
    // Also what keeps the placeholder of .env.example (which must let `docker-compose config` pass) from
    // ever signing anything.
    if (config.secret.length < MIN_SECRET_LENGTH) {
      throw new StartupError(`FOLIO_SECRET is too short (${config.secret.length} characters, at least ${MIN_SECRET_LENGTH}): ${HOW_TO_SET}`);
    }
    return config.secret;
  }
  if (config.eventStoreUrl || config.mongodbUrl) {
    throw new StartupError(`FOLIO_SECRET is not set: in distributed mode every API replica must sign with the same secret. ${HOW_TO_SET}`);
  }
  const file = join(config.dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    // `wx`: if another process created it first, fail and read theirs.
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
