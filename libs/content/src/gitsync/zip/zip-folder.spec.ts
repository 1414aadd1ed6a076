import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Invalid, TooLarge } from '@folio/platform/domain/errors';
import { FolderSource } from '../folder.port';
import { rawZip, RawEntry } from './hostile-zips';
import { ZipFolderSink } from './zip-folder-sink';
import { ZipFolderSource } from './zip-folder-source';
import { ZipLimits } from './zip-limits';

const MiB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 100, maxFileBytes: 16 * MiB, maxTotalBytes: 24 * MiB, maxRatio: 200, ratioFloorBytes: MiB };

let dir = '';
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-zip-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The files written through a sink, as a zip file on disk. */
async function exported(files: [string, Buffer | (() => Readable)][]): Promise<string> {
  const sink = new ZipFolderSink();
  const path = join(dir, `export-${Math.random()}.zip`);
  const written = pipeline(sink.output, createWriteStream(path));
  for (const [name, content] of files) await sink.write(name, typeof content === 'function' ? content() : content);
  sink.end();
  await written;
  return path;
}

function zipFile(entries: RawEntry[]): string {
  const path = join(dir, `raw-${Math.random()}.zip`);
  writeFileSync(path, rawZip(entries));
  return path;
}

async function contents(source: FolderSource): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await source.list()) {
    const parts: Buffer[] = [];
    for await (const part of (await entry.open()) as Readable) parts.push(part as Buffer);
    files.set(entry.path, Buffer.concat(parts));
  }
  return files;
}

async function refusal(path: string, limits = LIMITS): Promise<Error> {
  const opened = await ZipFolderSource.open(path, limits).catch((error: Error) => error);
  if (opened instanceof Error) return opened;
  try {
    return await opened.verify().then(() => new Error('accepted'), (error: Error) => error);
  } finally {
    opened.close();
  }
}

describe('a Git Sync folder in a zip', () => {
  it('reads back what the sink wrote, buffers and streams, a file larger than a content object included', async () => {
    const big = randomBytes(9 * MiB);
    const path = await exported([
      ['SUMMARY.md', Buffer.from('# Summary\n\n* [Intro](README.md)\n')],
      ['README.md', Buffer.from('# Intro\n')],
      ['.gitbook/assets/movie.mp4', () => Readable.from([big.subarray(0, 5 * MiB), big.subarray(5 * MiB)])],
    ]);
    const source = await ZipFolderSource.open(path, LIMITS);
    try {
      expect((await source.list()).map(({ path, size }) => ({ path, size }))).toEqual([
        { path: 'SUMMARY.md', size: 32 },
        { path: 'README.md', size: 8 },
        { path: '.gitbook/assets/movie.mp4', size: big.length },
      ]);
      await source.verify();
      const files = await contents(source);
      expect(files.get('README.md')!.toString()).toBe('# Intro\n');
      expect(files.get('.gitbook/assets/movie.mp4')!.equals(big)).toBe(true);
    } finally {
      source.close();
    }
  });

  it('writes the same zip for the same folder, byte for byte', async () => {
    const files: [string, Buffer][] = [['README.md', Buffer.from('# Same\n')], ['.gitbook/assets/a.png', randomBytes(1000)]];
    expect((await readFile(await exported(files))).equals(await readFile(await exported(files)))).toBe(true);
  });

  it('normalizes names it can read safely: ./ and empty segments, a root folder record', async () => {
    const source = await ZipFolderSource.open(zipFile([{ name: './' }, { name: './guides//README.md', data: Buffer.from('x') }]), LIMITS);
    expect((await source.list()).map((entry) => entry.path)).toEqual(['guides/README.md']);
    source.close();
  });

  describe('refuses what is not a safe folder (400), before reading any file', () => {
    it.each([
      ['a body that is not a zip', () => { const path = join(dir, 'not.zip'); writeFileSync(path, 'PK but not really a zip'); return path; }, /^The body is not a zip file/],
      ['a name climbing out (zip-slip)', () => zipFile([{ name: 'guides/../../etc/passwd', data: Buffer.from('x') }]), /climbs out of the folder/],
      ['an absolute name', () => zipFile([{ name: '/etc/passwd', data: Buffer.from('x') }]), /is an absolute path/],
      ['a drive letter', () => zipFile([{ name: 'C:/boot.ini', data: Buffer.from('x') }]), /is an absolute path/],
      ['a backslash', () => zipFile([{ name: '..\\evil.md', data: Buffer.from('x') }]), /has a backslash/],
      ['a symbolic link', () => zipFile([{ name: 'link.md', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]), /is a symbolic link/],
      ['one path twice', () => zipFile([{ name: 'a.md', data: Buffer.from('1') }, { name: './a.md', data: Buffer.from('2') }]), /a.md is in the zip twice/],
      ['a checksum that does not match', () => zipFile([{ name: 'a.md', data: Buffer.from('hello'), claimedCrc: 1 }]), /a.md is damaged: its checksum does not match/],
      ['fewer bytes than claimed', () => zipFile([{ name: 'a.md', data: Buffer.from('hello'), claimedSize: 9 }]), /a.md is damaged: it unpacks to 5 bytes, not the 9/],
    ])('%s', async (_what, make, message) => {
      const error = await refusal(make());
      expect(error).toBeInstanceOf(Invalid);
      expect(error.message).toMatch(message);
    });
  });

  describe('refuses a zip bomb (413)', () => {
    const zeros = (bytes: number) => Buffer.alloc(bytes);

    it('more entries than a folder may have, judged on the count before reading a record', async () => {
      const error = await refusal(zipFile(Array.from({ length: 101 }, (_, i) => ({ name: `p${i}.md` }))));
      expect(error).toEqual(new TooLarge('The zip lists 101 entries, more than the 100 a folder may have'));
    });

    it('a file larger than a file may be, on its record', async () => {
      const error = await refusal(zipFile([{ name: 'huge.bin', data: Buffer.from('x'), claimedSize: 17 * MiB }]));
      expect(error).toEqual(new TooLarge('The file huge.bin is 17 MiB, more than the 16 MiB a file may be'));
    });

    it('files adding up to more than a folder may unpack to', async () => {
      const error = await refusal(zipFile([1, 2].map((i) => ({ name: `f${i}.bin`, method: 0 as const, data: randomBytes(13 * MiB) }))));
      expect(error).toEqual(new TooLarge('The zip unpacks to more than the 24 MiB a folder may be'));
    });

    it('a file packed far tighter than real files pack', async () => {
      const error = await refusal(zipFile([{ name: 'zeros.bin', data: zeros(8 * MiB) }]));
      expect(error).toEqual(new TooLarge('The zip entry zeros.bin unpacks to more than 200 times its packed size'));
    });

    it('records sharing one run of packed bytes', async () => {
      const error = await refusal(zipFile([{ name: 'a.md', data: randomBytes(1000) }, { name: 'b.md', data: randomBytes(1000), sharesWith: 0 }]));
      expect(error).toEqual(new TooLarge('The zip has entries that share their packed bytes, as zip bombs do'));
    });

    it('a file unpacking past what its header claimed, stopped while streaming', async () => {
      const error = await refusal(zipFile([{ name: 'liar.bin', data: randomBytes(200_000), claimedSize: 1000 }]));
      expect(error).toEqual(new TooLarge('The zip entry liar.bin unpacks to more than the 1000 bytes its header says'));
    });
  });

  describe('the sink', () => {
    it('refuses a path that is not normalized, or written twice', async () => {
      const sink = new ZipFolderSink();
      await expect(sink.write('../x.md', Buffer.from('x'))).rejects.toThrow(/climbs out/);
      await expect(sink.write('./x.md', Buffer.from('x'))).rejects.toThrow(new Invalid('"./x.md" is not a normalized folder path'));
      sink.output.resume();
      await sink.write('x.md', Buffer.from('x'));
      await expect(sink.write('x.md', Buffer.from('x'))).rejects.toThrow(new Invalid('x.md is written twice'));
    });

    it('refuses the write waiting on a reader that went away, and every later one', async () => {
      const sink = new ZipFolderSink();
      // Nobody reads the output: a large entry cannot be taken in whole, so its write waits.
      const waiting = sink.write('big.bin', Readable.from([randomBytes(4 * MiB), randomBytes(4 * MiB)]));
      await sink.started;
      const gone = new Error('the client went away');
      sink.abort(gone);
      await expect(waiting).rejects.toBe(gone);
      await expect(sink.write('later.md', Buffer.from('x'))).rejects.toBe(gone);
    });
  });
});
