import { Invalid } from '@folio/platform/domain/errors';
import { LocalHttpServer, startLocalHttpServer } from '@folio/platform/testing/local-http-server';
import { anyAddress, publicAddressesOnly } from '@folio/platform/fetch/address-policy';
import { checkFileInput, FileFetchOptions, FileInput, MAX_FILE_BYTES, readFileInput } from './file-input';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const local: FileFetchOptions = { allowAddress: anyAddress, timeoutMs: 30_000 };

describe('readFileInput', () => {
  it('decodes base64 with its media type, and reads an image\'s dimensions', async () => {
    const file = await readFileInput({ name: 'logo.png', contentType: 'Image/PNG', base64: PNG_BASE64 }, local);
    expect(file).toEqual({ name: 'logo.png', contentType: 'image/png', bytes: Buffer.from(PNG_BASE64, 'base64'), dimensions: { width: 1, height: 1 } });
  });

  it('gives no dimensions to a file that is not an image', async () => {
    const file = await readFileInput({ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('hi').toString('base64') }, local);
    expect(file).toEqual({ name: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('hi') });
  });

  it('takes exactly 1 MiB and refuses one byte more, naming the file', async () => {
    const full = Buffer.alloc(MAX_FILE_BYTES).toString('base64');
    expect((await readFileInput({ name: 'a.bin', contentType: 'application/octet-stream', base64: full }, local)).bytes).toHaveLength(MAX_FILE_BYTES);
    const over = Buffer.alloc(MAX_FILE_BYTES + 1).toString('base64');
    await expect(readFileInput({ name: 'big.bin', contentType: 'application/octet-stream', base64: over }, local)).rejects.toThrow(
      new Invalid('file "big.bin": base64 holds 1048577 bytes, over the limit of 1048576 bytes'),
    );
  });

  it.each<[string, FileInput, string]>([
    ['no source', { name: 'a.png' }, 'file "a.png": needs a url or base64 bytes'],
    ['both sources', { name: 'a.png', contentType: 'image/png', base64: 'QQ==', url: 'https://example.com/a.png' }, 'file "a.png": give either url or base64, not both'],
    ['base64 without a media type', { name: 'a.png', base64: 'QQ==' }, 'file "a.png": base64 bytes need a contentType'],
    ['a media type that is none', { name: 'a.png', contentType: 'png', base64: 'QQ==' }, 'file "a.png": contentType "png" is not a media type (type/subtype)'],
    ['base64 that is not a string', { name: 'a.png', contentType: 'image/png', base64: 12 as unknown as string }, 'file "a.png": base64 must be a string'],
    ['an empty name', { name: '', contentType: 'image/png', base64: 'QQ==' }, "a file's name must be 1 to 256 characters"],
    ['a name over 256 characters', { name: 'a'.repeat(257), contentType: 'image/png', base64: 'QQ==' }, "a file's name must be 1 to 256 characters"],
    ['a name with a line break', { name: 'a\nb.png', contentType: 'image/png', base64: 'QQ==' }, 'file "a\\nb.png": its name has a control character or a lone surrogate'],
    ['a name with a lone surrogate', { name: 'a\ud800.png', contentType: 'image/png', base64: 'QQ==' }, 'file "a\\ud800.png": its name has a control character or a lone surrogate'],
    ['a URL over 2048 characters', { name: 'a.png', url: `https://example.com/${'a'.repeat(2030)}` }, 'file "a.png": url must be a string of at most 2048 characters'],
    ['a URL that is not http', { name: 'a.png', url: 'file:///etc/passwd' }, 'file "a.png": file URLs cannot be fetched, only http and https'],
  ])('refuses %s before fetching anything', async (_what, input, message) => {
    expect(() => checkFileInput(input)).toThrow(new Invalid(message));
    await expect(readFileInput(input, local)).rejects.toThrow(new Invalid(message));
  });

  it('refuses mangled base64 rather than store other bytes than were sent', async () => {
    await expect(readFileInput({ name: 'a.png', contentType: 'image/png', base64: 'iVBO Rw0K' }, local)).rejects.toThrow(
      /^file "a.png": base64 has " " at character 4/,
    );
  });

  it('keeps a name of 256 characters however they are written', async () => {
    const name = '😀'.repeat(256);
    expect((await readFileInput({ name, contentType: 'text/plain', base64: '' }, local)).name).toBe(name);
  });

  describe('by URL', () => {
    let server: LocalHttpServer;
    beforeAll(async () => {
      server = await startLocalHttpServer((request, response) => {
        if (request.url === '/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_BASE64, 'base64'));
        else if (request.url === '/untyped') response.writeHead(200, { 'content-type': 'nonsense' }).end('bytes');
        else response.writeHead(404).end();
      });
    });
    afterAll(() => server.close());

    it('takes the media type from the response, and reads the dimensions', async () => {
      const file = await readFileInput({ name: 'logo.png', url: `${server.url}/logo.png` }, local);
      expect(file).toMatchObject({ name: 'logo.png', contentType: 'image/png', dimensions: { width: 1, height: 1 } });
    });

    it('lets the input override the response\'s media type', async () => {
      expect((await readFileInput({ name: 'x', url: `${server.url}/logo.png`, contentType: 'application/octet-stream' }, local)).contentType).toBe('application/octet-stream');
    });

    it('stores bytes whose media type nobody gave as application/octet-stream', async () => {
      expect((await readFileInput({ name: 'x', url: `${server.url}/untyped` }, local)).contentType).toBe('application/octet-stream');
    });

    it('names the file when the fetch is refused', async () => {
      await expect(readFileInput({ name: 'logo.png', url: `${server.url}/gone` }, local)).rejects.toThrow(
        new Invalid(`file "logo.png": ${server.url}/gone answered 404 Not Found`),
      );
      await expect(readFileInput({ name: 'logo.png', url: `${server.url}/logo.png` }, { ...local, allowAddress: publicAddressesOnly })).rejects.toThrow(
        new Invalid('file "logo.png": 127.0.0.1, a loopback address, which Folio does not fetch from'),
      );
    });
  });
});
