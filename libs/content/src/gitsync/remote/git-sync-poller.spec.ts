import { Logger } from '@nestjs/common';
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
import { GitRemote, GitTarget, GitUnavailable } from '@folio/platform/git/git-remote';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { SqliteReadStore } from '@folio/platform/read-store/sqlite/sqlite-read-store';
import { FolderExport } from '../folder-export';
import { GitSyncCommits } from './git-sync-commits';
import { gitSyncDecider } from './git-sync.decider';
import { gitSyncStream } from './git-sync.events';
import { gitSyncProjection } from './git-sync.projection';
import { GitSyncPoller, POLL_PAGE } from './git-sync-poller';

jest.setTimeout(30_000);

const caller = systemCaller('c1');
/** The test projects itself (catchUp): the write side waits for nothing. */
const caughtUp = { waitFor: async () => true } as unknown as ProjectionProgress;
const sealed: Sealed = { alg: 'A256GCM', iv: 'iv', tag: 'tag', data: 'data' };
const PASSWORD = 'pa55-of-the-branch';
const oid = (c: string) => c.repeat(40);
const urlOf = (spaceId: string) => `https://git.example.com/${spaceId}.git`;

/** Branch heads by repository URL; `head` may be held at a gate (to show passes do not overlap) or fail for one URL. */
class RemoteDouble extends GitRemote {
  heads = new Map<string, string | null>();
  asked: GitTarget[] = [];
  failing = new Set<string>();
  gate: Promise<void> | null = null;
  async head(target: GitTarget) {
    this.asked.push(target);
    await this.gate;
    if (this.failing.has(target.url)) throw new GitUnavailable(`could not reach ${target.url} as folio:${PASSWORD}`, 'unreachable');
    return this.heads.get(target.url) ?? null;
  }
  checkout(): never {
    throw new Error('not used');
  }
  history(): never {
    throw new Error('not used');
  }
  commitAndPush(): never {
    throw new Error('not used');
  }
}

describe('Git Sync poller (GIT_SYNC_INTERVAL_S): a pull for each connected space whose branch moved', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let runner: ProjectionRunner;
  let aggregates: Aggregates;
  let remote: RemoteDouble;
  let poller: GitSyncPoller;
  let warnings: jest.SpyInstance;

  /** Connects `spaceId` (its first sync ended at commit `a` unless `synced` is false) and projects it. */
  const connect = async (spaceId: string, synced = true) => {
    const stream = gitSyncStream(spaceId);
    await aggregates.handle(stream, gitSyncDecider, {
      type: 'Connect', spaceId, organizationId: 'o1', installationId: `i-${spaceId}`,
      connection: { url: urlOf(spaceId), ref: 'refs/heads/main', provider: 'github', priority: 'gitbook' },
      credentials: sealed, webhookSecret: sealed, operationId: `first-${spaceId}`, actor: 'u1',
    }, caller);
    remote.heads.set(urlOf(spaceId), oid('a'));
    if (synced) {
      await aggregates.handle(stream, gitSyncDecider, { type: 'StartOperation', operationId: `first-${spaceId}` }, caller);
      await aggregates.handle(stream, gitSyncDecider, { type: 'SucceedOperation', operationId: `first-${spaceId}`, commit: { oid: oid('a'), message: 'Sync from Folio', ref: 'refs/heads/main' }, revision: 'r1' }, caller);
    }
    await runner.catchUp();
  };
  const pulls = async (spaceId: string) => (await events.readStream(gitSyncStream(spaceId))).filter((event) => event.type === 'GitSyncPullRequested').map((event) => event.data);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'folio-git-poller-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
    reads = new SqliteReadStore(join(dir, 'read.db'));
    runner = new ProjectionRunner(events, reads, [gitSyncProjection]);
    aggregates = new Aggregates(events, caughtUp, new SystemClock(), { aggregateCacheSize: 100 });
    remote = new RemoteDouble();
    const cipher = { open: async () => ({ username: 'folio', password: PASSWORD }) } as unknown as SubjectCipher;
    // The poller only opens the connection's credentials and reads the head: no export, no author.
    const commits = new GitSyncCommits(remote, cipher, {} as FolderExport, {} as QueryBus, {} as FolioConfig);
    poller = new GitSyncPoller(aggregates, commits, reads, { gitSyncIntervalSeconds: 60 } as FolioConfig, runner);
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    warnings.mockRestore();
    await reads.close();
    events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('requests a pull, with the branch head and trigger poll, only where the head moved; once while it waits', async () => {
    await connect('sp1');
    await connect('sp2');
    remote.heads.set(urlOf('sp1'), oid('b'));
    expect(await poller.poll()).toEqual(['sp1']);
    expect(await pulls('sp1')).toEqual([expect.objectContaining({ spaceId: 'sp1', head: oid('b'), trigger: 'poll' })]);
    expect(await pulls('sp2')).toEqual([]);
    // The branch is read with the space's URL, ref and credentials.
    expect(remote.asked).toContainEqual({ url: urlOf('sp1'), ref: 'refs/heads/main', credentials: { username: 'folio', password: PASSWORD } });
    // The pull is still waiting: the next pass asks for none.
    expect(await poller.poll()).toEqual([]);
    expect(await pulls('sp1')).toHaveLength(1);
  });

  it('leaves alone spaces not connected, disconnected, or whose first sync has not succeeded, and deleted branches', async () => {
    await connect('pending', false);
    await connect('gone');
    await aggregates.handle(gitSyncStream('gone'), gitSyncDecider, { type: 'Disconnect', actor: 'u1' }, caller);
    // A one-off import only: installed, never connected.
    await aggregates.handle(gitSyncStream('oneoff'), gitSyncDecider, {
      type: 'RequestOperation', spaceId: 'oneoff', organizationId: 'o1', installationId: 'i-oneoff', operationId: 'op1',
      request: { direction: 'import', url: urlOf('oneoff'), ref: 'refs/heads/main', force: false, standalone: false }, credentials: null, actor: 'u1',
    }, caller);
    await connect('deleted');
    await runner.catchUp();
    for (const spaceId of ['pending', 'gone', 'oneoff']) remote.heads.set(urlOf(spaceId), oid('c'));
    remote.heads.set(urlOf('deleted'), null);
    expect(await poller.poll()).toEqual([]);
    for (const spaceId of ['pending', 'gone', 'oneoff', 'deleted']) expect(await pulls(spaceId)).toEqual([]);
    // Only the synced, connected space's branch was read.
    expect(remote.asked.map((target) => target.url)).toEqual([urlOf('deleted')]);
  });

  it('goes on past a space whose server fails, logging it without the password', async () => {
    for (const spaceId of ['sp0', 'sp1', 'sp2']) await connect(spaceId);
    for (const spaceId of ['sp0', 'sp1', 'sp2']) remote.heads.set(urlOf(spaceId), oid('d'));
    remote.failing.add(urlOf('sp1'));
    expect(await poller.poll()).toEqual(['sp0', 'sp2']);
    expect(await pulls('sp1')).toEqual([]);
    expect(warnings).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warnings.mock.calls[0]);
    expect(logged).toContain('sp1');
    expect(logged).toContain('could not reach');
    expect(logged).not.toContain(PASSWORD);
  });

  it('never runs two passes at once: a poll while one runs joins it', async () => {
    await connect('sp1');
    remote.heads.set(urlOf('sp1'), oid('e'));
    let open!: () => void;
    remote.gate = new Promise((resolve) => (open = resolve));
    const first = poller.poll();
    const second = poller.poll();
    await new Promise((resolve) => setImmediate(resolve));
    open();
    expect(await Promise.all([first, second])).toEqual([['sp1'], ['sp1']]);
    expect(remote.asked).toHaveLength(1);
    expect(await pulls('sp1')).toHaveLength(1);
  });

  it(`pages through connected spaces (${POLL_PAGE} a page)`, async () => {
    const ids = Array.from({ length: POLL_PAGE + 2 }, (_, i) => `space${String(i).padStart(3, '0')}`);
    for (const spaceId of ids) await connect(spaceId);
    for (const spaceId of ids) remote.heads.set(urlOf(spaceId), oid('f'));
    expect(await poller.poll()).toEqual(ids);
  });
});
