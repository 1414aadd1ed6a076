// The replay as an operator runs it: the whole `npm run cli -- projections rebuild` process (the built CLI, so
// without npm's and the build check's start-up), from spawn to exit, on the bench's data directory once the API
// has stopped. Its time covers Node's start, the CLI's module graph, opening the stores, the replay and the swap.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** A rebuild of ~100k events takes seconds; a hung one must not keep the bench alive. */
const REBUILD_MS = 300_000;

export interface CliRebuildFigures {
  /** Events the CLI reports having replayed. */
  events: number;
  /** Spawn to exit. */
  seconds: number;
  eventsPerSec: number;
  /** The replay alone, as the CLI times it (inside the process). */
  replaySeconds: number;
}

export async function measureCliRebuild(dataDir: string): Promise<CliRebuildFigures> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  // Embedded mode, whatever the caller's shell says: the log is the bench's SQLite file.
  delete env.EVENTSTORE_URL;
  delete env.MONGODB_URL;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [join(__dirname, '../apps/cli/src/main.js'), 'projections', 'rebuild'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), REBUILD_MS);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`projections rebuild exited with ${code}:\n${stderr}`);
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { events: number; seconds: number };
  return { events: result.events, seconds, eventsPerSec: result.events / seconds, replaySeconds: result.seconds };
}
