import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FolderExport } from '@folio/content/gitsync/folder-export';
import { rawZip } from '@folio/content/gitsync/zip/hostile-zips';
import { ZipFolderSink } from '@folio/content/gitsync/zip/zip-folder-sink';
import { ZipFolderSource } from '@folio/content/gitsync/zip/zip-folder-source';
import { CHUNK_BYTES } from '@folio/content/files/file-bytes';
import { MAX_CONTENT_OBJECT_BYTES } from '@folio/platform/object-store/content-object-store.port';
import { expectMatchesSpec } from '../support/openapi';
import { organizationWithRoles, RoleCast } from '../support/roles';
import { startServer, TestServer } from '../support/server';

const MiB = 1024 * 1024;
/** The server's IMPORT_MAX_MB: small enough to pass in a test, large enough for a file over a content object. */
const IMPORT_MAX_MB = 16;
// Zips of tens of megabytes go through the server and back: bounded generously for a loaded 2-core machine.
jest.setTimeout(60_000);

/** A zip of `files`, written by the sink the export uses. */
async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const sink = new ZipFolderSink();
  const parts: Buffer[] = [];
  const collected = (async () => {
    for await (const part of sink.output) parts.push(part as Buffer);
  })();
  for (const [path, content] of Object.entries(files)) await sink.write(path, Buffer.from(content));
  sink.end();
  await collected;
  return Buffer.concat(parts);
}

/** Until `condition` holds, at most 15 s (a loaded machine removes a file late, never not at all). */
async function eventually(condition: () => boolean, what: string) {
  for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > 15_000) throw new Error(`still not ${what} after 15 s`);
  }
}

describe('a space in and out as a zipped Git Sync folder (Folio routes, not in the client spec)', () => {
  let server: TestServer;
  let cast: RoleCast;
  let spaceId: string;
  let uploads: string;
  const video = randomBytes(MAX_CONTENT_OBJECT_BYTES + 2 * MiB);
  const folder = {
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
    'README.md': '# Welcome\n\nThe guide is [there](guide.md).\n',
    'guide.md': '# Guide\n\nWatch the video.\n',
    '.gitbook/assets/video.mp4': video,
  };

  beforeAll(async () => {
    uploads = mkdtempSync(join(tmpdir(), 'folio-uploads-'));
    server = await startServer({ env: { IMPORT_MAX_MB: String(IMPORT_MAX_MB), TMPDIR: uploads } });
    cast = await organizationWithRoles(server);
    spaceId = (await server.as(cast.ann.token).orgs.createSpace(cast.orgId, { title: 'Handbook' })).data.id;
  });
  afterAll(async () => {
    await server.stop();
    rmSync(uploads, { recursive: true, force: true });
  });
  afterEach(() => expect(readdirSync(uploads)).toEqual([]));

  const upload = (token: string, body: Buffer | string, query = '', contentType = 'application/zip') =>
    server.fetch(`/v1/spaces/${spaceId}/import${query}`, { method: 'POST', token, headers: { 'content-type': contentType }, body });
  const download = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  /** Sends the body in pieces with no declared length; resolves with the answer (or how the connection ended). */
  function streamUpload(token: string, pieces: number, piece: Buffer, abortAfter?: number): Promise<{ status?: number; body?: string; error?: string }> {
    return new Promise((resolve) => {
      const { port } = new URL(server.url);
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `/v1/spaces/${spaceId}/import`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip', 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (text: string) => (body += text)).on('end', () => resolve({ status: res.statusCode, body }));
      });
      // The server may answer and close before every piece is sent: what matters is the answer.
      req.on('error', (error) => resolve({ error: error.message }));
      void (async () => {
        for (let i = 0; i < pieces; i++) {
          if (i === abortAfter) {
            await eventually(() => readdirSync(uploads).length > 0, 'receiving the upload');
            req.destroy();
            return resolve({ error: 'aborted' });
          }
          if (!req.write(piece)) await new Promise((drained) => req.once('drain', drained));
          if (req.destroyed) return;
        }
        req.end();
      })();
    });
  }

  it('imports a zip into a change request, a file larger than a content object streamed in and served back byte for byte', async () => {
    const before = await server.head();
    const response = await upload(cast.ed.token, await zipOf(folder));
    expect(response.status).toBe(201);
    const summary = response.body as { pages: number; files: number; changeRequest: { id: string; number: number; url: string } };
    expect(summary).toMatchObject({ pages: 2, files: 1, keptVerbatim: 0, changeRequest: { number: expect.any(Number) } });
    expect(response.headers.get('location')).toBe(summary.changeRequest.url);
    expect(await server.head()).not.toBe(before);

    const api = server.as(cast.ed.token);
    const changeRequest = await api.spaces.getChangeRequestById(spaceId, summary.changeRequest.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}', 200, changeRequest.data);
    const pages = await api.spaces.listPagesInChangeRequest(spaceId, summary.changeRequest.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', 200, pages.data);
    expect(pages.data.pages.map((page) => page.title)).toEqual(['Welcome', 'Guide']);
    // No commit named: the revision the import appended names none.
    expect((await api.spaces.getRevisionById(spaceId, changeRequest.data.revision)).data).not.toHaveProperty('git');
    const files = await api.spaces.listFilesInChangeRequestById(spaceId, summary.changeRequest.id);
    expectMatchesSpec('GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', 200, files.data);
    expect(files.data.items).toMatchObject([{ name: 'video.mp4', contentType: 'video/mp4', size: video.length }]);

    const { downloadURL } = files.data.items[0];
    const whole = await download(downloadURL);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(video)).toBe(true);
    const part = await download(downloadURL, { range: `bytes=${CHUNK_BYTES - 5}-${CHUNK_BYTES + 4}` });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(video.subarray(CHUNK_BYTES - 5, CHUNK_BYTES + 5))).toBe(true);
  });

  it('merges with ?merge=true, and exports main back as a zip holding the same files', async () => {
    const response = await upload(cast.ed.token, await zipOf(folder), '?merge=true');
    expect(response.status).toBe(201);
    const { merged } = response.body as { merged: { revision: string } };
    const space = await server.as(cast.ed.token).spaces.getSpaceById(spaceId);
    expect(space.data.revision).toBe(merged.revision);
    // A copy of the space shares the stored chunks: its file downloads whole.
    const copy = (await server.as(cast.ann.token).spaces.duplicateSpace(spaceId)).data;
    const [copied] = (await server.as(cast.ann.token).spaces.listFiles(copy.id)).data.items;
    expect((await download(copied.downloadURL)).bytes.equals(video)).toBe(true);

    const exported = await fetch(`${server.url}/v1/spaces/${spaceId}/export`, { headers: { authorization: `Bearer ${cast.rita.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="space-${spaceId}.zip"`);
    const path = join(mkdtempSync(join(tmpdir(), 'folio-export-')), 'space.zip');
    writeFileSync(path, Buffer.from(await exported.arrayBuffer()));
    const source = await ZipFolderSource.open(path, { maxEntries: 100, maxFileBytes: 64 * MiB, maxTotalBytes: 64 * MiB, maxRatio: 200, ratioFloorBytes: MiB });
    try {
      const entries = new Map((await source.list()).map((entry) => [entry.path, entry]));
      expect([...entries.keys()]).toEqual(expect.arrayContaining(['SUMMARY.md', 'README.md', 'guide.md', '.gitbook/assets/video.mp4']));
      const parts: Buffer[] = [];
      for await (const part of (await entries.get('.gitbook/assets/video.mp4')!.open()) as Readable) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(video)).toBe(true);
    } finally {
      source.close();
      rmSync(path, { force: true });
    }
  });

  it('names the commit the query gives (gitOid, gitMessage, gitRef) on the revision the import appends', async () => {
    const oid = randomBytes(20).toString('hex');
    const query = `?gitOid=${oid}&gitMessage=${encodeURIComponent('Guide: a video\n\nFrom the docs repo.')}&gitRef=refs/heads/main`;
    const response = await upload(cast.ed.token, await zipOf({ ...folder, 'guide.md': '# Guide\n\nWatch the video twice.\n' }), query);
    expect(response.status).toBe(201);
    const { changeRequest } = response.body as { changeRequest: { id: string } };
    const api = server.as(cast.ed.token);
    const { revision } = (await api.spaces.getChangeRequestById(spaceId, changeRequest.id)).data;
    const { data } = await api.spaces.getRevisionById(spaceId, revision);
    expectMatchesSpec('GET', '/spaces/{spaceId}/revisions/{revisionId}', 200, data);
    expect(data.git).toEqual({ oid, message: 'Guide: a video\n\nFrom the docs repo.', ref: 'refs/heads/main', createdByGitBook: false });
  });

  it.each([
    ['an oid that is not hex', `?gitOid=${'g'.repeat(40)}`, /gitOid/],
    ['an oid of 39 digits', `?gitOid=${'a'.repeat(39)}`, /gitOid/],
    ['an uppercase oid', `?gitOid=${'A'.repeat(40)}`, /gitOid/],
    ['a message without the oid', '?gitMessage=hello', /gitOid/],
    ['a ref with a space', `?gitOid=${'a'.repeat(64)}&gitRef=refs/heads/a%20b`, /gitRef/],
    ['a message past 4,096 characters', `?gitOid=${'a'.repeat(40)}&gitMessage=${'m'.repeat(4097)}`, /gitMessage/],
  ])('refuses a commit query with %s: 400 with the error body, nothing written', async (_what, query, message) => {
    const before = await server.head();
    const response = await upload(cast.ed.token, await zipOf(folder), query);
    expect(response).toMatchObject({ status: 400, body: { error: { code: 400, message: expect.stringMatching(message) } } });
    expect(await server.head()).toBe(before);
  });

  it('exports a revision with ?revision=, and answers 404 with the error body for one the space does not have', async () => {
    const { data: revisions } = await server.as(cast.ann.token).spaces.getSpaceById(spaceId);
    const at = await fetch(`${server.url}/v1/spaces/${spaceId}/export?revision=${revisions.revision}`, { headers: { authorization: `Bearer ${cast.ann.token}` } });
    expect(at.status).toBe(200);
    expect(Buffer.from(await at.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    const missing = await server.fetch(`/v1/spaces/${spaceId}/export?revision=noSuchRevision000000`, { token: cast.ann.token });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 404, message: expect.any(String) } } });
  });

  describe('refuses what is not a safe folder, writing nothing', () => {
    const zeros = Buffer.alloc(8 * MiB);
    it.each([
      ['a body that is not a zip', 400, () => Buffer.from('# just markdown'), /not a zip file/],
      ['a name climbing out of the folder (zip-slip)', 400, () => rawZip([{ name: '../../etc/cron.d/job', data: Buffer.from('x') }]), /climbs out of the folder/],
      ['an absolute name', 400, () => rawZip([{ name: '/etc/passwd', data: Buffer.from('x') }]), /is an absolute path/],
      ['a symbolic link', 400, () => rawZip([{ name: 'README.md', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]), /is a symbolic link/],
      ['a bomb packed tighter than real files', 413, () => rawZip([{ name: 'zeros.md', data: zeros }]), /more than 200 times its packed size/],
      ['a bomb of records sharing their bytes', 413, () => rawZip([{ name: 'a.md', data: randomBytes(100) }, { name: 'b.md', data: randomBytes(100), sharesWith: 0 }]), /share their packed bytes/],
      ['a file unpacking past its header', 413, () => rawZip([{ name: 'README.md', data: randomBytes(100_000), claimedSize: 10 }]), /unpacks to more than the 10 bytes its header says/],
    ])('%s: %d', async (_what, status, body, message) => {
      const before = await server.head();
      const response = await upload(cast.ed.token, body());
      expect(response).toMatchObject({ status, body: { error: { code: status, message: expect.stringMatching(message) } } });
      expect(response.headers.get('connection')).toBe('close');
      expect(await server.head()).toBe(before);
    });

    it('a JSON body (400) and one of another type (415)', async () => {
      const before = await server.head();
      expect(await upload(cast.ed.token, '{}', '', 'application/json')).toMatchObject({ status: 400, body: { error: { message: 'The body must be a zip file, sent as application/zip or application/octet-stream' } } });
      expect(await upload(cast.ed.token, 'PK', '', 'text/plain')).toMatchObject({ status: 415 });
      expect(await server.head()).toBe(before);
    });

    it(`an upload over IMPORT_MAX_MB (${IMPORT_MAX_MB}): on its declared length, and while streaming one without`, async () => {
      const before = await server.head();
      const declared = await upload(cast.ed.token, Buffer.alloc((IMPORT_MAX_MB + 1) * MiB));
      expect(declared).toMatchObject({ status: 413, body: { error: { code: 413, message: `The upload is more than the ${IMPORT_MAX_MB} MiB IMPORT_MAX_MB allows` } } });
      const streamed = await streamUpload(cast.ed.token, IMPORT_MAX_MB + 1, Buffer.alloc(MiB));
      expect(streamed.status ?? streamed.error).toBe(413);
      expect(JSON.parse(streamed.body!)).toEqual({ error: { code: 413, message: `The upload is more than the ${IMPORT_MAX_MB} MiB IMPORT_MAX_MB allows` } });
      expect(await server.head()).toBe(before);
    });
  });

  it('stops an export whose client goes away, instead of waiting on a zip nobody reads', async () => {
    // An export that only ends when its sink refuses a write: the client's leaving must make it refuse.
    let ended: Promise<unknown> = Promise.resolve();
    const endless = jest.spyOn(FolderExport.prototype, 'run').mockImplementation((_caller, _spaceId, sink) => {
      ended = (async () => {
        for (let i = 0; ; i++) await sink.write(`part-${i}.bin`, randomBytes(MiB));
      })();
      return ended as Promise<never>;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const { port } = new URL(server.url);
        const req = httpRequest({ host: '127.0.0.1', port, path: `/v1/spaces/${spaceId}/export`, headers: { authorization: `Bearer ${cast.ed.token}` } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', reject).end();
      });
      await expect(ended).rejects.toThrow('the client went away');
    } finally {
      endless.mockRestore();
    }
  });

  it('removes the upload of a client that goes away mid-upload', async () => {
    const before = await server.head();
    expect(await streamUpload(cast.ed.token, 8, Buffer.alloc(MiB), 4)).toEqual({ error: 'aborted' });
    await eventually(() => readdirSync(uploads).length === 0, 'removed');
    expect(await server.head()).toBe(before);
  });

  it('answers callers as the content routes do: a stranger 404, a reader 403 on import (its body left unread), nothing written', async () => {
    const before = await server.head();
    const zip = await zipOf(folder);
    expect(await upload(cast.cat.token, zip)).toMatchObject({ status: 404, body: { error: { code: 404 } } });
    expect(await upload(cast.rita.token, zip)).toMatchObject({ status: 403, body: { error: { code: 403, message: expect.stringMatching(/import content into this space/) } } });
    expect(await server.fetch(`/v1/spaces/${spaceId}/export`, { token: cast.cat.token })).toMatchObject({ status: 404, body: { error: { code: 404 } } });
    expect(await server.fetch(`/v1/spaces/${spaceId}/import`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: zip })).toMatchObject({ status: 401 });
    expect(await server.head()).toBe(before);
  });
});
