import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** The built CLI, as `npm run --silent cli -- …` runs it. */
export function cli(dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps/cli/src/main.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const started = new Set<ChildProcess>();

/** Kills every API process a test started and left running (a failed test must not leak one). */
export function killStartedProcesses() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/** The built API, as `npm start` runs it; resolves once it listens. */
export async function startApiProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'dist/apps/api/src/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.add(child);
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Folio API listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`API exited with ${code}:\n${log}`)));
  });
  return child;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}
