import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { TooLarge } from '../domain/errors';
import { withBodyInTempFile } from './body-in-temp-file';


describe('withBodyInTempFile', () => {
  let LIMIT = { dir: '', maxBytes: 1024 * 1024, setting: 'IMPORT_MAX_MB' };
  beforeEach(() => (LIMIT = { ...LIMIT, dir: mkdtempSync(join(tmpdir(), 'folio-body-spec-')) }));
  afterEach(() => rmSync(LIMIT.dir, { recursive: true, force: true }));
  const left = () => readdirSync(LIMIT.dir);

  it('gives the body as a file to the work, and removes it once the work is done', async () => {
    let seen = '';
    const answer = await withBodyInTempFile(Readable.from([Buffer.from('PK'), Buffer.from('...')]), '5', LIMIT, async (path) => {
      seen = path;
      expect(left()).toHaveLength(1);
      return (await readFile(path)).toString();
    });
    expect(answer).toBe('PK...');
    expect(existsSync(seen)).toBe(false);
    expect(left()).toEqual([]);
  });

  it('removes the file when the work fails', async () => {
    await expect(withBodyInTempFile(Readable.from([Buffer.from('x')]), undefined, LIMIT, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(left()).toEqual([]);
  });

  it('refuses a declared length over the limit before reading a byte', async () => {
    const body = new PassThrough();
    await expect(withBodyInTempFile(body, String(LIMIT.maxBytes + 1), LIMIT, async () => 'used')).rejects.toThrow(
      new TooLarge('The upload is more than the 1 MiB IMPORT_MAX_MB allows'),
    );
    expect(body.readableFlowing).toBeNull();
    expect(left()).toEqual([]);
  });

  it('stops a body that passes the limit while streaming, whatever its declared length, and leaves the request open for the answer', async () => {
    const body = Readable.from((function* () { for (;;) yield Buffer.alloc(64 * 1024); })());
    await expect(withBodyInTempFile(body, '10', LIMIT, async () => 'used')).rejects.toThrow(TooLarge);
    expect(body.destroyed).toBe(false);
    body.destroy();
    expect(left()).toEqual([]);
  });

  it('removes what arrived of a body whose client went away mid-upload', async () => {
    const body = new PassThrough();
    const upload = withBodyInTempFile(body, undefined, LIMIT, async () => 'used');
    body.write(Buffer.alloc(1000));
    await new Promise((resolve) => setImmediate(resolve));
    body.destroy();
    await expect(upload).rejects.toThrow(/premature close/i);
    expect(left()).toEqual([]);
  });
});
