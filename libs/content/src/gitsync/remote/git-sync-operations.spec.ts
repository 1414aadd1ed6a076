import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Sealed } from '@folio/platform/domain/sealed';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { GitCheckout, GitCommit, GitCommitInput, GitRemote, GitTarget, GitUnavailable } from '@folio/platform/git/git-remote';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { FolderExport } from '../folder-export';
import { FolderImport } from '../folder-import';
import { FolderSink } from '../folder.port';
import { gitSyncDecider } from './git-sync.decider';
import { GitOperationRequest, gitSyncStream } from './git-sync.events';
import { operationTrailer } from './commit-trailers';
import { GitSyncOperations } from './git-sync-operations';

const caller = systemCaller('c1');
// The reactions are called directly: nothing waits for projections here.
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;
const stream = gitSyncStream('sp1');
const SECRET = 'pa55-word';
const sealed: Sealed = { alg: 'A256GCM', iv: 'iv', tag: 'tag', data: 'data' };
const oid = (c: string) => c.repeat(40);
const commitOf = (id: string, message: string, parents: string[] = []): GitCommit => ({ oid: id, message, parents, author: { name: 'x', email: 'x@x', date: '2026-01-01T00:00:00Z' } });

/** A GitRemote double: a branch of commits in memory; counts pushes, can fail on demand. */
class RemoteDouble extends GitRemote {
  branch: GitCommit | null = null;
  pushes: GitCommitInput[] = [];
  targets: GitTarget[] = [];
  failure: Error | null = null;
  async head(target: GitTarget) {
    this.targets.push(target);
    return this.branch?.oid ?? null;
  }
  async checkout(target: GitTarget): Promise<GitCheckout> {
    this.targets.push(target);
    if (this.failure) throw this.failure;
    return { commit: this.branch, dir: tmpdir(), dispose: async () => undefined };
  }
  async history(_target: GitTarget, since: string) {
    // One-commit branches here: nothing after the head, and anything else is not in its history.
    return { head: this.branch?.oid ?? null, commits: since === this.branch?.oid ? [] : null };
  }
  async commitAndPush(target: GitTarget, input: GitCommitInput) {
    this.targets.push(target);
    this.pushes.push(input);
    this.branch = commitOf(oid(String(this.pushes.length)), input.message, input.parent ? [input.parent] : []);
    return this.branch;
  }
}

describe('Git Sync operations process', () => {
  let dir: string;
  let events: SqliteEventStore;
  let aggregates: Aggregates;
  let remote: RemoteDouble;
  let exported: string[];
  let operations: GitSyncOperations;
  /** The import's collaborators: change requests by id, the commands run, the imports made. */
  let requests: Map<string, { id: string; number: number; status: string; revision: string; revisionMerged?: string }>;
  let commands: unknown[];
  let imports: unknown[];
  /** The base each change request was created at (undefined: main's latest). */
  let bases: unknown[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-git-ops-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    aggregates = new Aggregates(events, caughtUp, new SystemClock(), { aggregateCacheSize: 100 });
    remote = new RemoteDouble();
    exported = [];
    const exporter = {
      run: async (_caller: unknown, _spaceId: string, sink: FolderSink) => {
        await sink.write('README.md', Buffer.from('# Hello\n'));
        exported.push('README.md');
        return { revision: 'r-main', pages: 1, files: 0, reusableContents: 0, keptVerbatim: 0 };
      },
    } as unknown as FolderExport;
    const cipher = { open: async () => ({ username: 'ann', password: SECRET }) } as unknown as SubjectCipher;
    const queries = { execute: async () => [{ object: 'user', id: 'u1', displayName: 'Ann', email: 'ann@acme.io', urls: { location: '' } }] } as unknown as QueryBus;
    requests = new Map();
    commands = [];
    imports = [];
    bases = [];
    const importer = {
      run: async (_caller: unknown, _spaceId: string, _source: unknown, opts: { changeRequestId: string; commit: unknown }) => {
        imports.push(opts);
        requests.get(opts.changeRequestId)!.revision = 'r-import';
        return { changeRequest: { id: opts.changeRequestId, number: 1, url: '' } };
      },
    } as unknown as FolderImport;
    const reads = { get: async (_spaceId: string, id: string) => ({ changeRequest: requests.get(id) }) } as unknown as ChangeRequestReads;
    const bus = {
      execute: async (command: { constructor: { name: string }; changes?: { status: string }; changeRequestId?: string }) => {
        commands.push(command.constructor.name);
        switch (command.constructor.name) {
          case 'CreateChangeRequest':
            bases.push((command as unknown as { base?: unknown }).base);
            requests.set('cr1', { id: 'cr1', number: 1, status: 'open', revision: 'r-base' });
            return { id: 'cr1' };
          case 'UpdateChangeRequest':
            requests.get(command.changeRequestId!)!.status = command.changes!.status;
            return {};
          case 'MergeChangeRequest':
            Object.assign(requests.get(command.changeRequestId!)!, { status: 'merged', revisionMerged: 'r-merged' });
            return { result: 'merge', revision: 'r-merged' };
        }
      },
    } as unknown as CommandBus;
    operations = new GitSyncOperations(
      aggregates,
      cipher,
      remote,
      importer,
      exporter,
      reads,
      bus,
      queries,
      { tempDir: dir } as FolioConfig,
      { get: async (_collection: string, id: string) => (id === 'r-merged' ? { id, spaceId: 'sp1', onMain: true, tree: 't-merged' } : null) } as unknown as ReadStore,
      caughtUp,
      {} as ProcessHost,
    );
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const exporting: GitOperationRequest = { direction: 'export', url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', force: false, standalone: false, commitMessage: 'Publish' };
  const request = async (operationId: string, fields: Partial<GitOperationRequest> = {}) => {
    await aggregates.handle(
      stream,
      gitSyncDecider,
      { type: 'RequestOperation', spaceId: 'sp1', organizationId: 'o1', installationId: 'i1', operationId, request: { ...exporting, ...fields }, credentials: sealed, actor: 'u1' },
      caller,
    );
    const event = (await events.readStream(stream)).filter((e) => e.type === 'GitSyncOperationRequested').at(-1)!;
    return () => operations.run(event.data as never, 'c1');
  };
  const recorded = async () => (await events.readStream(stream)).map((e) => e.type).slice(2);
  const last = async () => (await events.readStream(stream)).at(-1)!.data;

  it('exports main as one commit on the branch, by the requesting user, with the operation trailer, credentials opened for the remote', async () => {
    remote.branch = commitOf(oid('a'), 'Earlier');
    const run = await request('op1', { repoProjectDirectory: 'docs' });
    await run();
    expect(await recorded()).toEqual(['GitSyncOperationStarted', 'GitSyncOperationSucceeded']);
    expect(remote.pushes).toHaveLength(1);
    expect(remote.pushes[0]).toMatchObject({ parent: oid('a'), projectDirectory: 'docs', author: { name: 'Ann', email: 'ann@acme.io' } });
    expect(remote.pushes[0].message).toBe(`Publish\n\n${operationTrailer('op1')}\n`);
    expect(remote.targets.every((target) => target.credentials?.password === SECRET && !target.url.includes(SECRET))).toBe(true);
    expect(await last()).toMatchObject({ commit: { oid: oid('1'), ref: 'refs/heads/main' }, revision: 'r-main' });
    expect(exported).toEqual(['README.md']);
  });

  it('runs an operation once: a second run pushes nothing and records nothing', async () => {
    const run = await request('op1');
    await run();
    await run();
    expect(remote.pushes).toHaveLength(1);
    expect(await recorded()).toEqual(['GitSyncOperationStarted', 'GitSyncOperationSucceeded']);
  });

  it('records the commit a crash left unrecorded instead of pushing another (its trailer at the head)', async () => {
    const run = await request('op1');
    // Pushed, then killed before the result: the log has the start only.
    await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: 'op1' }, caller);
    remote.branch = commitOf(oid('f'), `Publish\n\n${operationTrailer('op1')}\n`);
    await run();
    expect(remote.pushes).toHaveLength(0);
    expect(await recorded()).toEqual(['GitSyncOperationStarted', 'GitSyncOperationSucceeded']);
    expect(await last()).toMatchObject({ commit: { oid: oid('f') } });
  });

  it("pushes again when the head is another operation's commit", async () => {
    remote.branch = commitOf(oid('e'), `Publish\n\n${operationTrailer('op0')}\n`);
    await (await request('op1'))();
    expect(remote.pushes).toHaveLength(1);
  });

  it("records a refusal as the operation's failure, secret masked, and a timeout as such", async () => {
    remote.failure = new GitUnavailable(`could not reach https://ann:${SECRET}@git.example.com/docs.git`, 'unreachable');
    await (await request('op1'))();
    expect(await last()).toMatchObject({ error: 'could not reach https://ann:***@git.example.com/docs.git', timedOut: false });
    remote.failure = new GitUnavailable('no answer in 30 s', 'timeout');
    await (await request('op2'))();
    expect(await last()).toMatchObject({ error: 'no answer in 30 s', timedOut: true });
    expect(JSON.stringify((await events.readStream(stream)).map((e) => e.data))).not.toContain(SECRET);
  });

  it('lets an unexpected error throw (the runner retries), with the operation left running', async () => {
    remote.failure = new Error('disk full');
    const run = await request('op1');
    await expect(run()).rejects.toThrow('disk full');
    expect(await recorded()).toEqual(['GitSyncOperationStarted']);
    remote.failure = null;
    await run();
    expect(await recorded()).toEqual(['GitSyncOperationStarted', 'GitSyncOperationSucceeded']);
  });

  it('skips an operation older than the last applied one without reaching the remote', async () => {
    await (await request('op1', { timestamp: '2026-02-02T00:00:00Z' }))();
    const calls = remote.targets.length;
    await (await request('op2', { timestamp: '2026-02-01T00:00:00Z' }))();
    expect(remote.targets.length).toBe(calls);
    expect(await last()).toMatchObject({ operationId: 'op2', skipped: true });
  });

  it('writes the exported folder in a temporary directory removed afterwards', async () => {
    await writeFile(join(dir, 'keep'), '');
    await (await request('op1'))();
    expect(readdirSync(dir).filter((name) => name.startsWith('folio-git-export-'))).toEqual([]);
  });

  describe('imports', () => {
    const importing = { direction: 'import' as const, commitMessage: undefined };
    beforeEach(() => {
      remote.branch = commitOf(oid('c'), 'Docs from Git');
    });

    it('imports the commit into a change request it records, then merges it into main', async () => {
      await (await request('op1', importing))();
      expect(await recorded()).toEqual(['GitSyncOperationStarted', 'GitSyncImportPrepared', 'GitSyncOperationSucceeded']);
      expect(imports).toEqual([{ changeRequestId: 'cr1', commit: { oid: oid('c'), message: 'Docs from Git', ref: 'refs/heads/main' } }]);
      expect(commands).toEqual(['CreateChangeRequest', 'MergeChangeRequest']);
      expect(await last()).toMatchObject({ commit: { oid: oid('c') }, revision: 'r-merged' });
    });

    it("makes a standalone import its change request's head, archived, main not merged into", async () => {
      await (await request('op1', { ...importing, standalone: true }))();
      expect(commands).toEqual(['CreateChangeRequest', 'UpdateChangeRequest']);
      expect(requests.get('cr1')!.status).toBe('archived');
      expect(await last()).toMatchObject({ revision: 'r-import' });
    });

    it('records the merge a crash left unrecorded instead of importing again', async () => {
      const run = await request('op1', importing);
      await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: 'op1' }, caller);
      await aggregates.handle(stream, gitSyncDecider, { type: 'PrepareImport', operationId: 'op1', changeRequestId: 'cr1' }, caller);
      requests.set('cr1', { id: 'cr1', number: 1, status: 'merged', revision: 'r-import', revisionMerged: 'r-merged' });
      await run();
      expect(imports).toEqual([]);
      expect(commands).toEqual([]);
      expect(await last()).toMatchObject({ revision: 'r-merged', commit: { oid: oid('c') } });
    });

    it("starts the next import's change request at main's revision the last import made, unless forced", async () => {
      await (await request('op1', importing))();
      await (await request('op2', importing))();
      await (await request('op3', { ...importing, force: true }))();
      expect(bases).toEqual([undefined, { revision: 'r-merged', tree: 't-merged' }, undefined]);
    });

    it('fails an import of a branch without a commit', async () => {
      remote.branch = null;
      await (await request('op1', importing))();
      expect(await last()).toMatchObject({ error: 'refs/heads/main has no commit to import', timedOut: false });
      expect(commands).toEqual([]);
    });
  });
});
