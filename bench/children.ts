// The servers under test run as child processes, so the load generator (autocannon, in this process)
// does not share an event loop with them. Every child is tracked here so that any exit path of the
// bench, including a crash or Ctrl-C, kills what it started.
import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
  /** SIGTERM, then wait for exit (SIGKILL after `graceMs`). Resolves to the exit code and how long it took. */
  stop(graceMs?: number): Promise<{ code: number | null; ms: number }>;
}

const running = new Set<ChildProcess>();

/** Last resort, synchronous (usable from process.on('exit')): kill whatever is still alive. */
export function killAll(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node script` with `env`, and resolves once GET `readyPath` answers 200. The child's stderr is
 * kept (the tail only) and shown if it fails to start or dies, since its logs are otherwise silenced.
 */
export async function startChild(
  name: string,
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath = '/health',
  readyWithinMs = 30_000,
): Promise<Child> {
  const proc = spawn(process.execPath, [script], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(proc);
  let stderrTail = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => {
    running.delete(proc);
    resolve(code);
  }));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode} before it was ready:\n${stderrTail}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`${name} not ready after 30 s:\n${stderrTail}`);
    }
    const ok = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  // A child that dies mid-run would otherwise show up only as connection errors.
  let stopping = false;
  proc.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`${name} died (code ${code}, signal ${signal}):\n${stderrTail}\n`);
  });

  return {
    name,
    url,
    process: proc,
    stop: async (graceMs = 10_000) => {
      stopping = true;
      const started = Date.now();
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return { code, ms: Date.now() - started };
    },
  };
}
