import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { constants, gunzipSync } from 'node:zlib';
import { parseCgiHead } from '@folio/platform/testing/cgi-response';

const run = promisify(execFile);

/** One request the server received, as it arrived (to assert that none came, or that no URL held a secret). */
export interface GitServerRequest {
  method: string;
  /** The request's target as sent (path and query). */
  url: string;
  /** The Authorization header was present and right. */
  authorized: boolean;
  status: number;
  /** Protocol v2's command for a POST (`ls-refs` lists the refs, `fetch` fetches), once its body has come. */
  command?: string;
}

export interface GitServerRepository {
  /** The branch's commit after preparation (null when the repository was created empty). */
  head: string | null;
  /** The bare repository's directory, to inspect with `git --git-dir`. */
  gitDir: string;
}

export interface GitServer {
  /** `http://127.0.0.1:<port>/<name>.git` */
  url(name: string): string;
  /** A bare repository `name`.git; with `files`, one commit holding them on `branch` (default `main`). */
  createRepository(name: string, options?: { files?: Record<string, string | Buffer>; branch?: string; message?: string; objectFormat?: 'sha1' | 'sha256' }): Promise<GitServerRepository>;
  /**
   * A commit on `branch` (default `main`) made the way a user's clone would: `files` written (a null content
   * removes the file), committed as `author` (default the test server's identity), pushed. Answers its id.
   */
  commit(name: string, change: { files: Record<string, string | Buffer | null>; message?: string; branch?: string; author?: { name: string; email: string } }): Promise<string>;
  /** Every request so far, in order. */
  readonly requests: readonly GitServerRequest[];
  /** `git --git-dir=<repo> <args>` on the server's copy (to check what a push left). */
  git(name: string, args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** A git call of the test server's own (preparing repositories), with no user or system configuration. */
export async function gitCommand(args: string[], cwd?: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd,
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: tmpdir(),
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'Test Server',
      GIT_AUTHOR_EMAIL: 'server@example.test',
      GIT_COMMITTER_NAME: 'Test Server',
      GIT_COMMITTER_EMAIL: 'server@example.test',
      ...env,
    },
  });
  return stdout;
}

export interface GitServerOptions {
  /** The server ignores clients' requests for protocol v2. */
  protocolV0?: boolean;
  /**
   * Called for each authorized request once `git http-backend` has done with it (a push's ref is updated, a
   * fetch's pack made), before any of its answer is sent: the answer waits for it. A test acts there at a
   * precise moment (kills the client between the server's work and its answer), never by racing a clock.
   */
  beforeAnswer?: (request: GitServerRequest) => Promise<void> | void;
}

/**
 * A real smart-HTTP Git server for tests: `git http-backend` (CGI) behind a Node HTTP server on a free
 * loopback port, which asks for HTTP basic authentication (401 with `WWW-Authenticate` otherwise) and
 * accepts pushes. Repositories are bare, under a temporary root removed by `stop()`.
 */
export async function startGitServer(auth: { username: string; password: string }, options: GitServerOptions = {}): Promise<GitServer> {
  const root = await mkdtemp(join(tmpdir(), 'folio-git-server-'));
  const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  const requests: GitServerRequest[] = [];

  const server = createServer((request, response) => {
    const entry: GitServerRequest = { method: request.method ?? '', url: request.url ?? '', authorized: request.headers.authorization === expected, status: 0 };
    requests.push(entry);
    response.once('finish', () => (entry.status = response.statusCode));
    if (!entry.authorized) {
      request.resume();
      response.writeHead(401, { 'www-authenticate': 'Basic realm="folio-test"', 'content-type': 'text/plain' }).end('authentication required\n');
      return;
    }
    if (request.method === 'POST') noteCommand(request, entry);
    const { beforeAnswer } = options;
    httpBackend(root, auth.username, request, response, options.protocolV0 ?? false, beforeAnswer && (() => beforeAnswer(entry)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const gitDir = (name: string) => join(root, `${name}.git`);

  return {
    url: (name) => `http://127.0.0.1:${port}/${name}.git`,
    requests,
    git: (name, args) => gitCommand(['--git-dir', gitDir(name), ...args]),
    async createRepository(name, options = {}) {
      const dir = gitDir(name);
      const branch = options.branch ?? 'main';
      const objectFormat = `--object-format=${options.objectFormat ?? 'sha1'}`;
      await gitCommand(['init', '--quiet', '--bare', objectFormat, `--initial-branch=${branch}`, dir]);
      await gitCommand(['--git-dir', dir, 'config', 'http.receivepack', 'true']);
      if (!options.files) return { head: null, gitDir: dir };
      return { head: await commitTo(dir, branch, options.files, options.message ?? 'Initial content', undefined, objectFormat), gitDir: dir };
    },
    commit: (name, change) => commitTo(gitDir(name), change.branch ?? 'main', change.files, change.message ?? 'Edit', change.author),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** What of a request's body is kept to read its command: the command is its first packet line. */
const COMMAND_BYTES = 64 * 1024;

/** Notes the protocol v2 command (`command=fetch`) a request's body starts with, beside the backend reading it. */
function noteCommand(request: IncomingMessage, entry: GitServerRequest): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  request.on('data', (chunk: Buffer) => {
    if (kept >= COMMAND_BYTES) return;
    chunks.push(chunk);
    kept += chunk.length;
  });
  request.once('end', () => {
    let body = Buffer.concat(chunks);
    try {
      // git gzips large request bodies; a sync flush inflates the start of one cut short.
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body, { finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      // Not gzip after all: the backend answers it; no command noted.
      return;
    }
    // A packet line: its length (4 hex digits, themselves included), then the line, its newline optional.
    const line = body.subarray(4, parseInt(body.subarray(0, 4).toString('latin1'), 16) || 0).toString('latin1');
    const command = /^command=([a-z-]+)\n?$/.exec(line);
    if (command) entry.command = command[1];
  });
}

/** Prepared in a work tree apart (a clone of the branch when it exists), then pushed to the bare repository. */
async function commitTo(gitDir: string, branch: string, files: Record<string, string | Buffer | null>, message: string, author?: { name: string; email: string }, objectFormat = '--object-format=sha1'): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'folio-git-work-'));
  try {
    const exists = (await gitCommand(['--git-dir', gitDir, 'branch', '--list', branch])).trim() !== '';
    if (exists) await gitCommand(['clone', '--quiet', '--branch', branch, gitDir, work]);
    else await gitCommand(['init', '--quiet', objectFormat, `--initial-branch=${branch}`, work]);
    for (const [path, content] of Object.entries(files)) {
      if (content === null) {
        await rm(join(work, path), { force: true });
        continue;
      }
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), content);
    }
    await gitCommand(['add', '--all'], work);
    const identity: Record<string, string> = author ? { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email } : {};
    await gitCommand(['commit', '--quiet', '--allow-empty', '-m', message], work, identity);
    await gitCommand(['push', '--quiet', gitDir, `HEAD:refs/heads/${branch}`], work);
    return (await gitCommand(['rev-parse', 'HEAD'], work)).trim();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Runs `git http-backend` for one request, per the CGI conventions it reads (RFC 3875 and git's docs). Its
 * answer is streamed as it comes, or, with `beforeAnswer`, held whole until the backend has exited and that
 * has resolved.
 */
function httpBackend(root: string, user: string, request: IncomingMessage, response: ServerResponse, protocolV0: boolean, beforeAnswer?: () => Promise<void> | void): void {
  const target = new URL(request.url ?? '/', 'http://server');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    SERVER_PROTOCOL: `HTTP/${request.httpVersion}`,
    REQUEST_METHOD: request.method ?? 'GET',
    PATH_INFO: decodeURIComponent(target.pathname),
    QUERY_STRING: target.search.slice(1),
    REMOTE_USER: user,
    REMOTE_ADDR: request.socket.remoteAddress ?? '127.0.0.1',
    AUTH_TYPE: 'Basic',
  };
  if (request.headers['content-type']) env.CONTENT_TYPE = request.headers['content-type'];
  if (request.headers['content-length']) env.CONTENT_LENGTH = request.headers['content-length'];
  // http-backend inflates a gzip body itself when told so (git sends large fetch negotiations gzipped).
  if (request.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = request.headers['content-encoding'];
  // Protocol v2 is asked for in this header; http-backend reads it from the environment. Dropped, the server
  // speaks v0 (as servers before git 2.18 do), which gives only the commits refs point to.
  if (request.headers['git-protocol'] && !protocolV0) env.GIT_PROTOCOL = String(request.headers['git-protocol']);

  const backend = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  request.pipe(backend.stdin);
  backend.stdin.on('error', () => undefined);
  let stderr = '';
  backend.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let head: Buffer = Buffer.alloc(0);
  let started = false;
  const forward = (chunk: Buffer) => {
    if (started) {
      response.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const parsed = parseCgiHead(head);
    if (!parsed) return;
    started = true;
    response.writeHead(parsed.status, parsed.headers.flat());
    response.write(head.subarray(parsed.bodyStart));
  };
  const end = (code: number | null) => {
    if (!started) response.writeHead(500, { 'content-type': 'text/plain' }).end(`git http-backend exited with ${code}: ${stderr}`);
    else response.end();
  };
  const held: Buffer[] = [];
  backend.stdout.on('data', (chunk: Buffer) => (beforeAnswer ? held.push(chunk) : forward(chunk)));
  backend.once('close', (code) => {
    if (!beforeAnswer) return end(code);
    void (async () => await beforeAnswer())().then(
      () => {
        forward(Buffer.concat(held));
        end(code);
      },
      (error: Error) => response.destroy(error),
    );
  });
  backend.once('error', (error) => {
    if (!response.headersSent) response.writeHead(500).end(error.message);
  });
}
