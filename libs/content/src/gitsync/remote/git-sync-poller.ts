import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller, systemCaller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { GitCredentials } from '@folio/platform/git/git-remote';
import { newEventId, newId } from '@folio/platform/ids';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { ProjectionRunner } from '@folio/platform/projections/projection-runner';
import { CursorKey, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { GitSyncCommits } from './git-sync-commits';
import { withoutSecret } from './git-sync-operations';
import { gitSyncDecider } from './git-sync.decider';
import { gitSyncStream } from './git-sync.events';
import { GIT_SYNC_STATES, GitSyncStateDoc } from './git-sync.projection';

/** Connected spaces read per page of a pass: bounds what a pass holds, not how many spaces it checks. */
export const POLL_PAGE = 100;

/**
 * Git → Folio's clock: every GIT_SYNC_INTERVAL_S seconds (0: never), each connected space's branch head is
 * read (`git ls-remote`, with the space's credentials) and, where it is not the commit the sync left the
 * space at, a pull is requested (RequestPull, trigger `poll`; the decider writes nothing when a pull is
 * waiting already, the space is blocked by a conflict, or the head is a force-push reported before). It is
 * what brings pushes in when no webhook is configured, or a delivery was lost.
 *
 * Runs where projections are applied (the embedded API; see SpacePurgeScheduler), so one process polls. A
 * pass checks one space at a time, connected spaces read a page at a time; passes never overlap (a tick that
 * finds one running is skipped). A space that fails (its server down, refused, credentials erased) is logged
 * without secrets and the pass goes on; the next pass tries it again.
 */
@Injectable()
export class GitSyncPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('git-sync-poller');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;
  private stopping = false;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly commits: GitSyncCommits,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
    private readonly progress: ProjectionProgress,
  ) {}

  onApplicationBootstrap() {
    if (!(this.progress instanceof ProjectionRunner) || this.config.gitSyncIntervalSeconds === 0) return;
    this.timer = setInterval(() => void this.poll(), this.config.gitSyncIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the connected spaces (or the pass under way, if there is one): the spaces a pull was requested for. */
  poll(): Promise<string[]> {
    this.running ??= this.pass()
      .catch((err: unknown) => {
        this.logger.error({ err }, 'Git Sync poll failed');
        return [];
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<string[]> {
    const caller = systemCaller(`git-sync-poll-${newEventId()}`);
    const requested: string[] = [];
    let after: CursorKey | undefined;
    do {
      const page = await this.reads.find<GitSyncStateDoc>(GIT_SYNC_STATES, { filter: { installationStatus: 'active' }, limit: POLL_PAGE, ...(after ? { after } : {}) });
      for (const { id } of page.items) {
        if (this.stopping) return requested;
        if (await this.pollSpace(id, caller)) requested.push(id);
      }
      after = page.next;
    } while (after);
    return requested;
  }

  /** Whether a pull was requested for the space; a failure is logged, not thrown (it must not stop the pass). */
  private async pollSpace(spaceId: string, caller: Caller): Promise<boolean> {
    const stream = gitSyncStream(spaceId);
    let credentials: GitCredentials | null = null;
    try {
      const { state } = await this.aggregates.load(stream, gitSyncDecider);
      // Disconnected since the read model said so, or no commit synced yet (the first sync pending or failed): nothing to compare.
      const connection = state.status === 'installed' ? state.connection : undefined;
      if (state.status !== 'installed' || !connection?.synced) return false;
      const opened = await this.commits.target(state.installationId, connection);
      credentials = opened.credentials;
      const head = await this.commits.git.head(opened.target);
      // A branch deleted, or where the sync left it: nothing to pull.
      if (head === null || head === connection.synced.oid) return false;
      const { events } = await this.aggregates.handle(stream, gitSyncDecider, { type: 'RequestPull', operationId: newId(), head, trigger: 'poll' }, caller);
      return events.length > 0;
    } catch (error) {
      if (error instanceof NotFound) return false;
      this.logger.warn({ spaceId, error: withoutSecret(error instanceof Error ? error.message : String(error), credentials) }, 'Git Sync poll of a space failed');
      return false;
    }
  }
}
