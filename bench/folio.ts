// Folio's API as the bench sees it: a child process running the built main.js in embedded mode
// (SQLite event and read stores under a fresh DATA_DIR), and the few calls that set up the data.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Child, freePort, startChild } from './children';

/**
 * Rate limits no bench load reaches: the bench measures Folio with its limiter at work (as it runs), not
 * its 429s. bench/http-overhead.ts compares with RATE_LIMIT=off.
 */
export const UNREACHED_RATE_LIMITS = {
  RATE_LIMIT_TOKEN_BURST: '1000000000',
  RATE_LIMIT_TOKEN_PER_S: '1000000000',
  RATE_LIMIT_IP_BURST: '1000000000',
  RATE_LIMIT_IP_PER_S: '1000000000',
};

export interface Folio extends Child {
  token: string;
  /** A JSON call as the admin; throws on any non-2xx, since set-up must not fail quietly. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; contentType: string }>;
}

/**
 * `readyWithinMs`: how long /health may take to answer 200 (projections catching up on a seeded log);
 * `settings`: environment settings of the run (a cache size).
 */
export async function startFolio(dataDir: string, readyWithinMs?: number, settings: Record<string, string> = {}): Promise<Folio> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Request logging would cost the API time the bare server does not spend; warnings still show on failure.
    LOG_LEVEL: 'warn',
    ...UNREACHED_RATE_LIMITS,
    ...settings,
  };
  // Whatever the caller's shell says, the bench measures embedded mode.
  delete env.EVENTSTORE_URL;
  delete env.MONGODB_URL;

  const child = await startChild('folio api', join(__dirname, '../apps/api/src/main.js'), port, env, '/health', readyWithinMs);
  const token = await adminToken(join(dataDir, 'admin-token'));

  const call: Folio['call'] = async (method, path, body) => {
    const response = await fetch(child.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Set-up, not a measurement: a merge of 5,000 pages on a busy machine may take more than a few seconds.
      signal: AbortSignal.timeout(SET_UP_CALL_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? 'application/json' };
  };

  return { ...child, token, call };
}

/** How long one set-up call may take before the bench gives up. */
const SET_UP_CALL_MS = 60_000;

/** How long the admin token may take to appear once /health answers. */
const ADMIN_TOKEN_WITHIN_MS = 30_000;

/** The bootstrap writes the admin token after the server listens (main.ts), so /health may answer first. */
async function adminToken(file: string): Promise<string> {
  const deadline = Date.now() + ADMIN_TOKEN_WITHIN_MS;
  for (;;) {
    // Not empty either: the file exists, empty, for a moment before its one write.
    const token = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no admin token at ${file} ${ADMIN_TOKEN_WITHIN_MS / 1000} s after the API answered /health`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function createOrganization(folio: Folio, title: string): Promise<string> {
  const { text } = await folio.call('POST', '/v1/orgs', { title });
  return (JSON.parse(text) as { id: string }).id;
}

/** `count` organizations, a few requests at a time (set-up, not measured). */
export async function createOrganizations(folio: Folio, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      ids[i] = await createOrganization(folio, `${prefix} ${i + 1}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return ids;
}
