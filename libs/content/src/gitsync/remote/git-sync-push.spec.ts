import { QueryBus } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { systemCaller } from '@folio/platform/auth/caller';
import { SystemClock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { Sealed } from '@folio/platform/domain/sealed';
import { SqliteEventStore } from '@folio/platform/event-store/sqlite/sqlite-event-store';
import { commitOf, MemoryBranch, oidOf } from '@folio/platform/testing/memory-branch';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ReadStore } from '@folio/platform/read-store/read-store.port';
import { ChangeRequestReads } from '@folio/content/change-requests/change-request.reads';
import { RevisionDoc } from '@folio/content/revisions/revision.projection';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { FolderExport } from '../folder-export';
import { FolderSink } from '../folder.port';
import { gitSyncDecider } from './git-sync.decider';
import { gitSyncStream } from './git-sync.events';
import { revisionTrailer } from './commit-trailers';
import { GitSyncCommits } from './git-sync-commits';
import { BRANCH_MOVED, GitSyncPush } from './git-sync-push';

const caller = systemCaller('c1');
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;
const stream = gitSyncStream('sp1');
const sealed: Sealed = { alg: 'A256GCM', iv: 'iv', tag: 'tag', data: 'data' };
const oid = oidOf;

const revision = (id: string, fields: Partial<RevisionRecord> = {}): RevisionRecord => ({ id, type: 'merge', parents: ['r1', `${id}-head`], tree: 't', createdBy: 'u2', createdAt: '2026-01-01T00:00:00Z', ...fields });
const change = (id: string, fields: Partial<RevisionRecord> = {}) => ({ spaceId: 'sp1', organizationId: 'o1', revision: revision(id, fields), changeRequest: { id: `cr-${id}`, number: 7 }, changedAt: '2026-01-01T00:00:00Z' });

describe('Git Sync pushes (Folio → Git)', () => {
  let dir: string;
  let events: SqliteEventStore;
  let aggregates: Aggregates;
  let remote: MemoryBranch;
  let pushes: GitSyncPush;
  /** The revisions read model: the first sync's revision at position 5, change requests' heads. */
  let revisions: Map<string, Partial<RevisionDoc>>;

  const connect = async (succeed = true) => {
    await aggregates.handle(stream, gitSyncDecider, {
      type: 'Connect', spaceId: 'sp1', organizationId: 'o1', installationId: 'i1',
      connection: { url: 'https://git.example.com/docs.git', ref: 'refs/heads/main', provider: 'gitlab', priority: 'gitbook', commitMessageTemplate: '{subject} (#{number}) by {author}' },
      credentials: sealed, webhookSecret: sealed, operationId: 'op1', actor: 'u1',
    }, caller);
    if (!succeed) return;
    await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: 'op1' }, caller);
    await aggregates.handle(stream, gitSyncDecider, { type: 'SucceedOperation', operationId: 'op1', commit: { oid: oid('a'), message: 'Sync from Folio', ref: 'refs/heads/main' }, revision: 'r1' }, caller);
  };
  const recorded = async () => (await events.readStream(stream)).map((event) => event.type).filter((type) => type.startsWith('GitSyncRevision'));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-git-pushes-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    aggregates = new Aggregates(events, caughtUp, new SystemClock(), { aggregateCacheSize: 100 });
    remote = new MemoryBranch();
    revisions = new Map([['r1', { id: 'r1', seq: '00000000000000000005' }]]);
    const exporter = {
      run: async (_caller: unknown, _spaceId: string, sink: FolderSink) => {
        await sink.write('README.md', Buffer.from('# Hello\n'));
        return { revision: 'r2', pages: 1, files: 0, reusableContents: 0, keptVerbatim: 0 };
      },
    } as unknown as FolderExport;
    const cipher = { open: async () => ({ username: 'ann', password: 'pa55' }) } as unknown as SubjectCipher;
    const queries = { execute: async () => [{ object: 'user', id: 'u2', displayName: 'Ed', email: 'ed@acme.io', urls: { location: '' } }] } as unknown as QueryBus;
    const changeRequests = { get: async () => ({ changeRequest: { subject: 'Fix the guide' } }) } as unknown as ChangeRequestReads;
    const reads = { get: async (_collection: string, id: string) => revisions.get(id) ?? null } as unknown as ReadStore;
    pushes = new GitSyncPush(aggregates, new GitSyncCommits(remote, cipher, exporter, queries, { tempDir: dir } as FolioConfig), changeRequests, reads);
  });
  afterEach(() => {
    events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pushes a new main revision once onto the last synced commit, authored by its maker, with the template and trailer', async () => {
    await connect();
    await pushes.push(change('r2'), '10', 'c1');
    await pushes.push(change('r2'), '10', 'c1');
    expect(remote.pushes).toHaveLength(1);
    expect(remote.pushes[0]).toMatchObject({ parent: oid('a'), author: { name: 'Ed', email: 'ed@acme.io' }, message: `Fix the guide (#7) by Ed\n\n${revisionTrailer('r2')}\n` });
    expect(await recorded()).toEqual(['GitSyncRevisionPushed']);
    await pushes.push(change('r3'), '12', 'c1');
    expect(remote.pushes[1]).toMatchObject({ parent: oid('1') });
  });

  it('records, without pushing again, a push made before a crash (the head carries the revision trailer)', async () => {
    await connect();
    remote.push(commitOf(oid('f'), `Fix the guide (#7) by Ed\n\n${revisionTrailer('r2')}\n`, [oid('a')]));
    await pushes.push(change('r2'), '10', 'c1');
    expect(remote.pushes).toEqual([]);
    const pushed = (await events.readStream(stream)).at(-1)!;
    expect(pushed).toMatchObject({ type: 'GitSyncRevisionPushed', data: { revision: 'r2', commit: { oid: oid('f') } } });
  });

  it('records a branch that moved as the failure, never forcing it', async () => {
    await connect();
    remote.push(commitOf(oid('e'), 'Made in Git', [oid('a')]));
    await pushes.push(change('r2'), '10', 'c1');
    expect(remote.pushes).toEqual([]);
    const [failed, pull] = (await events.readStream(stream)).slice(-2);
    expect(failed).toMatchObject({ type: 'GitSyncRevisionPushFailed', data: { revision: 'r2', error: BRANCH_MOVED } });
    // The branch's new commit is brought in by a pull the failure asks for.
    expect(pull).toMatchObject({ type: 'GitSyncPullRequested', data: { head: oid('e'), trigger: 'push' } });
    expect(remote.tip?.oid).toBe(oid('e'));
  });

  it('leaves alone revisions from Git, revisions the first sync included, and spaces not connected', async () => {
    await pushes.push(change('r2'), '10', 'c1');
    await connect();
    revisions.set('r2-head', { id: 'r2-head', git: { oid: oid('9'), message: 'From Git', createdByGitBook: false } });
    await pushes.push(change('r2'), '10', 'c1');
    await pushes.push(change('r3', { type: 'edits', parents: ['r1'], git: { oid: oid('8'), message: 'x', createdByGitBook: false } }), '11', 'c1');
    await pushes.push(change('r0'), '4', 'c1');
    await pushes.push(change('r1'), '5', 'c1');
    expect(remote.pushes).toEqual([]);
    expect(await recorded()).toEqual([]);
  });

  it('waits for the first sync (the runner retries), and pushes nothing when it failed', async () => {
    await connect(false);
    await expect(pushes.push(change('r2'), '10', 'c1')).rejects.toThrow('has not ended yet');
    await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: 'op1' }, caller);
    await aggregates.handle(stream, gitSyncDecider, { type: 'FailOperation', operationId: 'op1', error: 'unreachable', timedOut: false }, caller);
    await pushes.push(change('r2'), '10', 'c1');
    expect(remote.pushes).toEqual([]);
  });
  describe('while a pulled commit conflicts', () => {
    const c2 = oid('c');
    const block = async () => {
      await connect();
      remote.push(commitOf(c2, 'Edit in Git', [oid('a')]));
      await aggregates.handle(stream, gitSyncDecider, { type: 'RequestPull', operationId: 'p1', head: c2, trigger: 'webhook' }, caller);
      await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: 'p1' }, caller);
      await aggregates.handle(stream, gitSyncDecider, { type: 'PrepareCommit', operationId: 'p1', oid: c2, changeRequestId: 'cr-git', base: { oid: oid('a'), revision: 'r1' } }, caller);
      await aggregates.handle(stream, gitSyncDecider, { type: 'ConflictCommit', operationId: 'p1', oid: c2, changeRequestId: 'cr-git', number: 4, head: 'h-git' }, caller);
    };
    const last = async () => (await events.readStream(stream)).at(-1)!;

    it('pushes nothing else, recording why', async () => {
      await block();
      await pushes.push(change('r2'), '10', 'c1');
      expect(remote.pushes).toEqual([]);
      expect(await last()).toMatchObject({ type: 'GitSyncRevisionPushFailed', data: { revision: 'r2', error: 'waiting for change request #4, whose import of cccccccccccc conflicts with main' } });
    });

    it("pushes the request's merge as a merge commit of the pulled commit and Folio's side, once", async () => {
      await block();
      const merge = { ...change('m3', { parents: ['r2', 'h-git'] }), changeRequest: { id: 'cr-git', number: 4 } };
      await pushes.push(merge, '20', 'c1');
      await pushes.push(merge, '20', 'c1');
      expect(remote.pushes).toHaveLength(1);
      expect(remote.pushes[0]).toMatchObject({ parent: c2, side: { parent: oid('a') }, message: `Fix the guide (#4) by Ed\n\n${revisionTrailer('m3')}\n` });
      expect(remote.tip?.parents).toEqual([c2, expect.stringMatching(/^b+1$/)]);
      expect(await last()).toMatchObject({ type: 'GitSyncConflictResolved', data: { changeRequestId: 'cr-git', revision: 'm3', synced: { oid: remote.tip?.oid, revision: 'm3' } } });
    });

    it('a merge the branch moved past is in step at the pulled commit, and asks for a pull', async () => {
      await block();
      remote.push(commitOf(oid('d'), 'Another edit in Git', [c2]));
      await pushes.push({ ...change('m3', { parents: ['r2', 'h-git'] }), changeRequest: { id: 'cr-git', number: 4 } }, '20', 'c1');
      expect(remote.pushes).toEqual([]);
      const [resolved, pull] = (await events.readStream(stream)).slice(-2);
      expect(resolved).toMatchObject({ type: 'GitSyncConflictResolved', data: { synced: { oid: c2, revision: 'h-git' }, error: BRANCH_MOVED } });
      expect(pull).toMatchObject({ type: 'GitSyncPullRequested', data: { head: oid('d'), trigger: 'push' } });
    });
  });
});
