import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { StartupError } from './startup-error';

/**
 * Checks, before anything is opened or written, that HOST:PORT can be listened on. The probe closes
 * again at once; a process that takes the port in between still fails at listen, only less clearly.
 */
export async function checkPortFree(host: string, port: number, variable = 'PORT'): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new StartupError(portMessage(error, host, port, variable))));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** `variable`: the setting that chose the port (PORT, METRICS_PORT), which the message tells to change. */
function portMessage(error: NodeJS.ErrnoException, host: string, port: number, variable: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop what listens there, or set ${variable} to another port`;
    case 'EACCES':
      return `Not allowed to listen on ${host}:${port} (permission denied): ports below 1024 need privileges, set ${variable} to another port`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${host} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0)`;
    default:
      return `Cannot listen on ${host}:${port}: ${error.code ?? error.message}`;
  }
}

/**
 * Checks that DATA_DIR exists or can be created, and that files can be written in it, by writing and
 * removing a probe file: the SQLite stores, the secret and the admin token all go there.
 */
export function checkDataDirWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    // A random name: API replicas in containers share DATA_DIR and all run as pid 1.
    const probe = join(dataDir, `.write-probe-${randomBytes(8).toString('hex')}`);
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe);
  } catch (error) {
    throw new StartupError(dataDirMessage(error as NodeJS.ErrnoException, dataDir));
  }
}

function dataDirMessage(error: NodeJS.ErrnoException, dataDir: string): string {
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return `DATA_DIR ${dataDir} is not writable (permission denied): give this user write access or set DATA_DIR`;
    case 'EROFS':
      return `DATA_DIR ${dataDir} is not writable (read-only file system): set DATA_DIR to a writable directory`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR ${dataDir} is not a directory (it, or a folder above it, is a file): set DATA_DIR`;
    default:
      return `DATA_DIR ${dataDir} is not usable: ${error.code ?? error.message}`;
  }
}
