// Folio's API as the bench sees it: a child process running the built main.js in embedded mode
// (SQLite event and read stores under a fresh DATA_DIR), and the few calls that set up the data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Child, freePort, startChild } from './children';

export interface Folio extends Child {
  token: string;
  /** A JSON call as the admin; throws on any non-2xx, since set-up must not fail quietly. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string; contentType: string }>;
}

/** `readyWithinMs`: how long /health may take to answer 200 (projections catching up on a seeded log). */
export async function startFolio(dataDir: string, readyWithinMs?: number): Promise<Folio> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Request logging would cost the API time the bare server does not spend; warnings still show on failure.
    LOG_LEVEL: 'warn',
  };
  // Whatever the caller's shell says, the bench measures embedded mode.
  delete env.EVENTSTORE_URL;
  delete env.MONGODB_URL;

  const child = await startChild('folio api', join(__dirname, '../apps/api/src/main.js'), port, env, '/health', readyWithinMs);
  // Written by the bootstrap during app.init(), so it exists once /health answers.
  const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();

  const call: Folio['call'] = async (method, path, body) => {
    const response = await fetch(child.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? 'application/json' };
  };

  return { ...child, token, call };
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
