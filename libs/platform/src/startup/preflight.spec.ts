import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDataDirWritable, checkPortFree } from './preflight';
import { StartupError } from './startup-error';

describe('preflight', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'folio-preflight-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it('passes on a free port and leaves it free', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    await checkPortFree('127.0.0.1', port);
    await checkPortFree('127.0.0.1', port); // the probe closed it again
  });

  it('refuses a port in use with a StartupError naming it', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const error = await checkPortFree('127.0.0.1', port).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toBe(`Port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('creates a missing DATA_DIR and leaves no probe file in it', () => {
    const dataDir = join(scratch, 'a', 'b');
    checkDataDirWritable(dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("passes while a replica sharing DATA_DIR, with the same pid in its own container, is probing it", () => {
    writeFileSync(join(scratch, `.write-probe-${process.pid}`), '');
    expect(() => checkDataDirWritable(scratch)).not.toThrow();
  });

  it('refuses a DATA_DIR under a file, saying it is not a directory', () => {
    writeFileSync(join(scratch, 'file'), '');
    for (const dataDir of [join(scratch, 'file'), join(scratch, 'file', 'data')]) {
      expect(() => checkDataDirWritable(dataDir)).toThrow(new StartupError(`DATA_DIR ${dataDir} is not a directory (it, or a folder above it, is a file): set DATA_DIR`));
    }
    expect(existsSync(join(scratch, 'file', 'data'))).toBe(false);
  });
});
