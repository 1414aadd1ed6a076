import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { GitServer, GitServerRequest, startGitServer } from '../../../../test/support/git-server';
import { describeWithGit } from '../../../../test/support/with-git';

/** A protocol v2 `ls-refs` request in pkt-lines: the command, the delimiter, the flush. */
const LS_REFS = Buffer.from('0014command=ls-refs\n00010000');

function post(url: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), headers: response.headers }));
    });
    sent.once('error', reject);
    sent.end(body);
  });
}

describeWithGit('the test Git server', () => {
  let server: GitServer;
  const auth = `Basic ${Buffer.from('folio:pw').toString('base64')}`;
  const headers = { authorization: auth, 'content-type': 'application/x-git-upload-pack-request', 'git-protocol': 'version=2' };

  beforeAll(async () => {
    server = await startGitServer({ username: 'folio', password: 'pw' });
  });
  afterAll(() => server.stop());

  it('asks for basic authentication, and logs the request', async () => {
    const answer = await post(`${server.url('none')}/git-upload-pack`, LS_REFS, { ...headers, authorization: 'Basic d3Jvbmc6d3Jvbmc=' });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Basic realm="folio-test"');
    expect(server.requests.at(-1)).toEqual({ method: 'POST', url: '/none.git/git-upload-pack', authorized: false, status: 401 });
  }, 30_000);

  it('runs git http-backend with the body as sent, gzipped or not', async () => {
    const { head } = await server.createRepository('refs', { files: { 'a.md': 'a\n' } });
    const plain = await post(`${server.url('refs')}/git-upload-pack`, LS_REFS, headers);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('application/x-git-upload-pack-result');
    expect(plain.body).toContain(`${head} refs/heads/main`);
    const gzipped = await post(`${server.url('refs')}/git-upload-pack`, gzipSync(LS_REFS), { ...headers, 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.body).toContain(`${head} refs/heads/main`);
  }, 30_000);

  it("notes a POST's protocol v2 command, gzipped or not", async () => {
    await server.createRepository('commands', { files: { 'a.md': 'a\n' } });
    await post(`${server.url('commands')}/git-upload-pack`, LS_REFS, headers);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', status: 200, command: 'ls-refs' });
    await post(`${server.url('commands')}/git-upload-pack`, gzipSync(Buffer.from('0011command=fetch0000')), { ...headers, 'content-encoding': 'gzip' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', command: 'fetch' });
  }, 30_000);
});

describeWithGit('the test Git server holding its answers (beforeAnswer)', () => {
  let server: GitServer;
  const headers = { authorization: `Basic ${Buffer.from('folio:pw').toString('base64')}`, 'content-type': 'application/x-git-upload-pack-request', 'git-protocol': 'version=2' };
  /** The request held, and how to let its answer go. */
  let held: { request: GitServerRequest; release: () => void } | undefined;

  beforeAll(async () => {
    server = await startGitServer({ username: 'folio', password: 'pw' }, { beforeAnswer: (request) => new Promise<void>((release) => (held = { request, release })) });
  });
  afterAll(() => server.stop());

  it('calls it for each request once the backend is done with it, and the answer waits for it', async () => {
    const { head } = await server.createRepository('held', { files: { 'a.md': 'a\n' } });
    let answered = false;
    const answer = post(`${server.url('held')}/git-upload-pack`, LS_REFS, headers).then((result) => ((answered = true), result));
    const deadline = Date.now() + 15_000;
    while (!held && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held?.request).toMatchObject({ method: 'POST', url: '/held.git/git-upload-pack', command: 'ls-refs', status: 0 });
    expect(answered).toBe(false);
    held!.release();
    const result = await answer;
    expect(result.status).toBe(200);
    expect(result.body).toContain(`${head} refs/heads/main`);
    expect(server.requests.at(-1)).toMatchObject({ status: 200 });
  }, 30_000);
});
